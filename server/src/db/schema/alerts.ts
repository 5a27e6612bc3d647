// Field-health alerts: a verdict that turned to or from `failing` (damped to one per app, profile and
// operator per health window), each user's read mark of them, and the app webhook's deliveries.
import { bigint, bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './access';
import { apps } from './apps';
import { operatorEnum } from './enums';
import { profiles, servers } from './servers';

export const fieldAlerts = pgTable(
  'field_alerts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    appId: integer('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    profileId: bigint('profile_id', { mode: 'number' })
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    serverId: integer('server_id')
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    operator: operatorEnum('operator').notNull(),
    fromVerdict: text('from_verdict'),
    toVerdict: text('to_verdict').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('field_alerts_pair_idx').on(t.appId, t.profileId, t.operator, t.at), index('field_alerts_server_idx').on(t.serverId, t.id)],
);

/** Per user: the alerts up to this id are read. */
export const notificationReads = pgTable('notification_reads', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  readUpTo: bigint('read_up_to', { mode: 'number' }).notNull().default(0),
});

/** One webhook POST per alert and app: the exact body signed, and how its delivery went. */
export const alertDeliveries = pgTable(
  'alert_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    alertId: bigint('alert_id', { mode: 'number' })
      .notNull()
      .references(() => fieldAlerts.id, { onDelete: 'cascade' }),
    appId: integer('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    body: text('body').notNull(),
    /** pending, delivered or failed (after the last try). */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    responseStatus: integer('response_status'),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('alert_deliveries_app_idx').on(t.appId, t.id), index('alert_deliveries_due_idx').on(t.status, t.nextAttemptAt)],
);

export const alertDeliveryLease = pgTable('alert_delivery_lease', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
