// Devices registered by the mobile apps (docs/product.md §3 Device). The table is built to be sharded by app
// on Citus (docs/architecture.md §1): app_id leads the primary key and the unique key, because a
// distributed table's unique constraints must include its distribution column.
import { sql } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { apps } from './apps';
import { timestamps } from './columns';

/**
 * The most, in kB, each trigram index's GIN pending list holds before the session adding to it
 * merges it into the index (the indexes' own storage parameter, migration 0015, so every writer
 * keeps to it, whatever its session settings). A registration's entries go into that list, and
 * every text-filter search reads the whole list: at PostgreSQL's default 4 MB a burst of
 * registrations left 250-415 pending pages per index and one selective filter's statement took
 * 127 ms, 20 ms once merged. Merged at 256 kB, the bench's selective filters after a
 * burst stay at their seeded-table times, and addDevice's database CPU per registration is
 * unchanged (125 against 123 µs).
 */
export const GIN_PENDING_LIST_KB = 256;

export const devices = pgTable(
  'devices',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    appId: integer('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    uniqueDeviceId: text('unique_device_id').notNull(),
    model: text('model'),
    fcmToken: text('fcm_token'),
    appVersionCode: text('app_version_code'),
    /** Last GET apps/client/config carrying this device's id; written in batches (routes/client-config.ts). */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.appId, t.id] }),
    // addDevice upserts on this key, which makes re-registration safe under concurrency.
    unique('devices_app_device_uq').on(t.appId, t.uniqueDeviceId),
    // Edit and delete address a device by id alone; the list pages by id, newest first.
    index('devices_id_idx').on(t.id),
    // The list's other orders (DEVICE_SORT_KEYS), each ending in id so that the order is total. A
    // page is then an index-ordered walk in either direction (docs/architecture.md §8): the first index of
    // each pair orders all devices (role_id 1 without an app filter), the second one app's devices
    // (the app filter, and an app admin's apps, merged per app). The unique key does not replace
    // (app_id, unique_device_id, id): it lacks id, so every row it gives must be read from the table.
    index('devices_model_idx').on(t.model, t.id),
    index('devices_app_model_idx').on(t.appId, t.model, t.id),
    index('devices_unique_device_id_idx').on(t.uniqueDeviceId, t.id),
    index('devices_app_unique_device_id_idx').on(t.appId, t.uniqueDeviceId, t.id),
    // Versions are text with one spelling per number (versionKey), ordered as numbers. The column
    // itself closes the key only so that the planner can answer from the index alone: it does not
    // count an expression's column as available, and would read every row walked from the table.
    index('devices_version_idx').on(sql`(${t.appVersionCode}::numeric)`, t.id, t.appVersionCode),
    index('devices_app_version_idx').on(t.appId, sql`(${t.appVersionCode}::numeric)`, t.id, t.appVersionCode),
    // A model filter sorted by version (repositories/devices/planner.ts, modelRunsPage): each matching
    // model's devices in version order, merged. The app closes the key so that an app filter is
    // checked in the index alone.
    index('devices_model_version_idx').on(t.model, sql`(${t.appVersionCode}::numeric)`, t.id, t.appVersionCode, t.appId),
    // The device list's text filter is an ILIKE '%…%' over the device id, the model and the FCM
    // token's first 32 characters (FCM_FILTER_CHARS, repositories/devices/planner.ts; docs/product.md §7 "Devices"). A trigram
    // index over whole tokens (~160 characters, ~150 trigrams a row) cost more than half of each
    // registration's database time and was larger than the table, for searches nobody types.
    index('devices_unique_device_id_trgm')
      .using('gin', sql`${t.uniqueDeviceId} gin_trgm_ops`)
      .with({ gin_pending_list_limit: GIN_PENDING_LIST_KB }),
    index('devices_model_trgm')
      .using('gin', sql`${t.model} gin_trgm_ops`)
      .with({ gin_pending_list_limit: GIN_PENDING_LIST_KB }),
    index('devices_fcm_token_start_trgm')
      .using('gin', sql`left(${t.fcmToken}, 32) gin_trgm_ops`)
      .with({ gin_pending_list_limit: GIN_PENDING_LIST_KB }),
  ],
);
