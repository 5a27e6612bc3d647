// Subscriptions (docs/product.md §7 "Profiles"): revocable links a standard client (v2rayN, v2rayNG,
// Hiddify, Xray) imports and refreshes without a staff token, GET /api/v1/sub/{token}. Each covers one
// server's profiles or one app's (every server linked to it), optionally one operator's only. The
// token (256 random bits) is shown once when made; only its SHA-256 is kept, so a leaked database
// does not hand out working links. Revoking deletes the row: the link then answers 404.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './access';
import { apps } from './apps';
import { operatorEnum } from './enums';
import { servers } from './servers';

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    label: text('label').notNull(),
    serverId: integer('server_id').references(() => servers.id, { onDelete: 'cascade' }),
    appId: integer('app_id').references(() => apps.id, { onDelete: 'cascade' }),
    /** Only this operator's profiles; every profile when null. */
    operator: operatorEnum('operator'),
    /** links, base64 or xray; null: chosen per fetch by `?format` or the client's User-Agent. */
    format: text('format'),
    /** SHA-256 of the token, hex. */
    tokenHash: text('token_hash').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastFetchedAt: timestamp('last_fetched_at', { withTimezone: true }),
    fetchCount: integer('fetch_count').notNull().default(0),
  },
  (t) => [
    uniqueIndex('subscriptions_token_hash_uq').on(t.tokenHash),
    index('subscriptions_server_idx').on(t.serverId),
    index('subscriptions_app_idx').on(t.appId),
    check('subscriptions_one_scope', sql`(${t.serverId} IS NULL) <> (${t.appId} IS NULL)`),
  ],
);
