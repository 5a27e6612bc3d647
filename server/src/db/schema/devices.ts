// Devices registered by the mobile apps (SPEC §3 Device). The table is built to be sharded by app
// on Citus (ARCHITECTURE §1): app_id leads the primary key and the unique key, because a
// distributed table's unique constraints must include its distribution column.
import { sql } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, primaryKey, text, unique } from 'drizzle-orm/pg-core';
import { apps } from './apps';
import { timestamps } from './columns';

export const devices = pgTable(
  'devices',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    appId: integer('app_id').notNull().references(() => apps.id, { onDelete: 'cascade' }),
    uniqueDeviceId: text('unique_device_id').notNull(),
    model: text('model'),
    fcmToken: text('fcm_token'),
    appVersionCode: text('app_version_code'),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.appId, t.id] }),
    // addDevice upserts on this key, which makes re-registration safe under concurrency.
    unique('devices_app_device_uq').on(t.appId, t.uniqueDeviceId),
    // Edit and delete address a device by id alone; the list pages by id, newest first.
    index('devices_id_idx').on(t.id),
    // The device list's text filter is an ILIKE '%…%' over these three columns (ARCHITECTURE §8).
    index('devices_unique_device_id_trgm').using('gin', sql`${t.uniqueDeviceId} gin_trgm_ops`),
    index('devices_model_trgm').using('gin', sql`${t.model} gin_trgm_ops`),
    index('devices_fcm_token_trgm').using('gin', sql`${t.fcmToken} gin_trgm_ops`),
  ],
);
