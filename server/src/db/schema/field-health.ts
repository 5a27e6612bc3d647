// Field health: what the phones report about their profiles (POST apps/client/report), folded into
// counters (docs/architecture.md "Field health"). No row per report is kept: a report adds to its
// (profile, operator, hour) counters, and a device's first report of that hour is its one vote.
import { bigint, boolean, index, integer, pgTable, primaryKey, real, text, timestamp } from 'drizzle-orm/pg-core';
import { apps } from './apps';
import { operatorEnum } from './enums';
import { profiles } from './servers';

/**
 * Per (profile, operator, hour): every accepted report (attempts, successes), the devices that
 * voted that hour, their weighted votes (a down-weighted device counts less than 1), and the
 * latency of successful reports as a fixed histogram (domain/field-health.ts LATENCY_BOUNDS_MS).
 */
export const fieldHealthHours = pgTable(
  'field_health_hours',
  {
    profileId: bigint('profile_id', { mode: 'number' })
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    operator: operatorEnum('operator').notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull(),
    successes: integer('successes').notNull(),
    devices: integer('devices').notNull(),
    votes: real('votes').notNull(),
    okVotes: real('ok_votes').notNull(),
    latency: integer('latency').array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.profileId, t.operator, t.hour] }), index('field_health_hours_hour_idx').on(t.hour)],
);

/**
 * One row per device, profile, operator and hour it voted in: what makes a device count once per
 * hour whatever it sends, and the distinct devices of a window. Pruned after a day.
 */
export const fieldHealthVotes = pgTable(
  'field_health_votes',
  {
    profileId: bigint('profile_id', { mode: 'number' }).notNull(),
    operator: operatorEnum('operator').notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    deviceId: bigint('device_id', { mode: 'number' }).notNull(),
    ok: boolean('ok').notNull(),
  },
  (t) => [primaryKey({ columns: [t.profileId, t.operator, t.hour, t.deviceId] }), index('field_health_votes_hour_idx').on(t.hour)],
);

/**
 * How often a device's votes agreed with the settled verdict (working or failing) of what it
 * voted on: a device that mostly disagrees is down-weighted (domain/field-health.ts deviceWeight).
 */
export const fieldHealthDevices = pgTable('field_health_devices', {
  deviceId: bigint('device_id', { mode: 'number' }).primaryKey(),
  agree: integer('agree').notNull().default(0),
  disagree: integer('disagree').notNull().default(0),
});

/**
 * The current verdict per app, profile and operator (the app's thresholds over the profile's
 * counters), the time it last changed, and whether the profile is hidden from that operator's
 * config answer. A change of `hidden` bumps the app's config version (trigger, migration 0023).
 */
export const fieldHealthVerdicts = pgTable(
  'field_health_verdicts',
  {
    appId: integer('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    profileId: bigint('profile_id', { mode: 'number' })
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    operator: operatorEnum('operator').notNull(),
    verdict: text('verdict').notNull(),
    rate: real('rate'),
    devices: integer('devices').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    hidden: boolean('hidden').notNull().default(false),
    /** When staff put the profile back by hand: it stays until its verdict changes again. */
    keptAt: timestamp('kept_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.appId, t.profileId, t.operator] }), index('field_health_verdicts_profile_idx').on(t.profileId, t.operator)],
);
