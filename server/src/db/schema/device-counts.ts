// Exact device counters for the dashboard (docs/product.md §7 "Dashboard", docs/architecture.md §8): the
// stats read these instead of counting up to a million device rows per load. Database triggers on
// devices (migration 0006) keep them in the same transaction as every insert, delete, app move and
// version change, whichever code path makes it. Each counter is split into SLOTS rows chosen by the
// writing connection (pg_backend_pid() % 8), so concurrent registrations of one app do not queue
// on one row lock; readers add the slots up. A slot may go negative (a delete counted in another
// slot than its insert); only the sum means anything.
import { bigint, boolean, index, integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { apps } from './apps';

/**
 * Registrations per app and hour (device created_at), the hour in the dashboard's time zone
 * (Asia/Tehran, see device_stats_hour in the migration). Only the last 31 days are kept: the
 * trigger removes older hours of an app when it opens a new one.
 */
export const deviceHourCounts = pgTable(
  'device_hour_counts',
  {
    appId: integer('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    hour: timestamp('hour', { mode: 'string' }).notNull(),
    slot: smallint('slot').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.hour, t.slot] }), index('device_hour_counts_hour_idx').on(t.hour)],
);

/** Devices per app and app version ('' for none); their sum per app is the app's device total. */
export const deviceVersionCounts = pgTable(
  'device_version_counts',
  {
    appId: integer('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    appVersion: text('app_version').notNull(),
    slot: smallint('slot').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.appVersion, t.slot] })],
);

/**
 * Every model a device has been stored with (docs/architecture.md §8): the device list's model
 * filter looks its matches up here, then reads each matching model's run of an index. Kept by
 * triggers on devices (migration 0011) in the same transaction as the insert or model change, so a
 * stored device's model is always listed; a model no device has any more may stay (a page reads
 * its empty run, which costs one index probe).
 */
export const deviceModels = pgTable('device_models', {
  model: text('model').primaryKey(),
});

/**
 * Devices per app, app version ('' for none) and id bucket (id >> DEVICE_ID_BUCKET_BITS), kept by
 * the same triggers (migration 0013). Within one (app, version) the list's id and version orders
 * are id orders, so these place a deep page (repositories/device-buckets.ts): the bucket where it
 * starts is found by adding small counters, and the index is walked from the bucket's edge, past
 * at most one bucket's rows, instead of past every row before the page.
 */
export const deviceIdBuckets = pgTable(
  'device_id_buckets',
  {
    appId: integer('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    appVersion: text('app_version').notNull(),
    bucket: bigint('bucket', { mode: 'number' }).notNull(),
    slot: smallint('slot').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.appVersion, t.bucket, t.slot] })],
);

/**
 * Devices per app, model and id bucket (id >> DEVICE_ID_BUCKET_BITS), kept by the same triggers
 * (migration 0014). Within one (app, model) the list's model order is an id order, so these place
 * a deep page sorted by model (repositories/devices/positions.ts, modelStart) as the id buckets
 * place one sorted by version. `noModel` marks the devices without one (model '' then): first in
 * the key, so that (noModel, model) ascending is the list's order, a missing model last.
 */
export const deviceModelBuckets = pgTable(
  'device_model_buckets',
  {
    appId: integer('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    noModel: boolean('no_model').notNull(),
    model: text('model').notNull(),
    bucket: bigint('bucket', { mode: 'number' }).notNull(),
    slot: smallint('slot').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.noModel, t.model, t.bucket, t.slot] })],
);

/** A bucket holds the ids [bucket << 12, (bucket + 1) << 12): at most 4,096 devices. */
export const DEVICE_ID_BUCKET_BITS = 12;

/**
 * Marks along the device id (unique_device_id) order: a device belongs to the greatest mark not
 * above its id (every id is ≥ the mark ''). The marks cut the order into stretches of about
 * DEVICE_MARK_ROWS devices; a stretch that grew past twice that is cut again
 * (repositories/devices/marks.ts).
 */
export const deviceIdMarks = pgTable('device_id_marks', {
  mark: text('mark').primaryKey(),
});

/** Devices per app and mark (deviceIdMarks), kept by the same triggers (migration 0013). */
export const deviceMarkCounts = pgTable(
  'device_mark_counts',
  {
    appId: integer('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    mark: text('mark').notNull(),
    slot: smallint('slot').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.mark, t.slot] })],
);

/** The devices a stretch between two marks holds when cut (DEVICE_MARK_ROWS × 2 when cut again). */
export const DEVICE_MARK_ROWS = 1024;
