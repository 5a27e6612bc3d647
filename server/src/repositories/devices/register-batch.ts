// Group commit for the mobile apps' registration (POST apps/addDevice by API key). Each
// registration alone was one statement and one transaction, so one WAL flush and the statement's
// fixed costs (parse, plan, triggers, round trip) per device. Here the registrations that arrive
// while the database is busy with a batch are written as the next batch: one multi-row upsert, one
// transaction, one flush. When nothing is in flight a registration goes at once (after the current
// turn of the event loop, which gathers those that arrived together): no timer adds latency.
//
// A batch holds each device once: ON CONFLICT DO UPDATE may not touch a row twice in one
// statement, so the registrations of one device are merged as if applied in arrival order (the
// last token; the last model and version sent, else the stored ones) and all of them are answered
// with the resulting row's id. Its rows are written in key order (app, device id), so concurrent
// batches lock devices in one order. Every version any registration sent is recorded, as if each
// had been written alone. Callers are answered only after the batch has committed; if the batch
// fails, its registrations are written again one by one in arrival order, so a bad one fails alone.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pgTextArray } from '../../db/helpers';
import type { DeviceFields } from './rows';
import { versionKey } from '../versions';

/** At most this many registrations per batch (a bigger batch holds its row locks longer). */
export const REGISTER_BATCH_MAX = 256;

/** One registration as the statement takes it: the app's key and the device's values. */
export interface RegisterRow {
  apiKey: string;
  uniqueDeviceId: string;
  model: string | null;
  fcmToken: string;
  version: string | null;
}

/** A registration's fields as stored (versionKey applied); throws for a version that is not one. */
export function registerRow(apiKey: string, f: DeviceFields): RegisterRow {
  return {
    apiKey,
    uniqueDeviceId: f.uniqueDeviceId,
    model: f.model ?? null,
    fcmToken: f.fcmToken,
    version: f.appVersionCode == null ? null : versionKey(f.appVersionCode),
  };
}

interface Pending {
  row: RegisterRow;
  resolve: (id: number | undefined) => void;
  reject: (err: unknown) => void;
}

export interface BatcherOptions {
  /** Writes one registration alone (a batch of one, and the fallback after a failed batch); the device id, or undefined when no app took it. */
  single: (row: RegisterRow) => Promise<number | undefined>;
  maxBatch?: number;
  /** Batches in flight at once (each on its own connection). */
  maxInFlight?: number;
}

/**
 * A registration queue over `db` (the server's database, never a transaction's). `register`
 * answers the device id once it is stored, or undefined when the key names no active app.
 */
export function registrationBatcher(db: Db, options: BatcherOptions) {
  const maxBatch = options.maxBatch ?? REGISTER_BATCH_MAX;
  const maxInFlight = options.maxInFlight ?? 1;
  const queue: Pending[] = [];
  let inFlight = 0;
  let scheduled = false;
  const statement = batchStatement(db);

  const pump = () => {
    scheduled = false;
    while (inFlight < maxInFlight && queue.length) {
      inFlight++;
      void write(queue.splice(0, maxBatch)).finally(() => {
        inFlight--;
        pump();
      });
    }
  };

  async function write(batch: Pending[]) {
    let ids: Map<string, number>;
    // A registration alone takes the single statement, prepared once per connection: the batch's
    // statement is planned at each call, which costs more than one row saves.
    if (batch.length === 1) return options.single(batch[0].row).then(batch[0].resolve, batch[0].reject);
    try {
      ids = await statement(
        mergeByDevice(batch.map((p) => p.row)),
        batch.map((p) => p.row),
      );
    } catch {
      for (const p of batch) await options.single(p.row).then(p.resolve, p.reject);
      return;
    }
    for (const p of batch) p.resolve(ids.get(deviceKey(p.row)));
  }

  return {
    register(row: RegisterRow): Promise<number | undefined> {
      return new Promise((resolve, reject) => {
        queue.push({ row, resolve, reject });
        if (!scheduled && inFlight < maxInFlight) {
          scheduled = true;
          setImmediate(pump);
        }
      });
    },
  };
}

const deviceKey = (r: { apiKey: string; uniqueDeviceId: string }) => `${r.uniqueDeviceId}\u0000${r.apiKey}`;

/** One row per device (key and device id), its registrations applied in order; sorted by key. */
export function mergeByDevice(rows: RegisterRow[]): RegisterRow[] {
  const byDevice = new Map<string, RegisterRow>();
  for (const r of rows) {
    const key = deviceKey(r);
    const before = byDevice.get(key);
    byDevice.set(key, before ? { ...r, model: r.model ?? before.model, version: r.version ?? before.version } : r);
  }
  return [...byDevice.values()];
}

/**
 * The batch as one statement: the rows joined to their active apps by key, upserted in (app,
 * device id) order, and the versions sent recorded (in key order too, for the same reason). It
 * answers the id of each device written, by key and device id; a row whose key names no active
 * app is not written and not answered.
 */
function batchStatement(db: Db) {
  const text = (values: (string | null)[]) => sql`${pgTextArray(values)}::text[]`;
  return async (rows: RegisterRow[], all: RegisterRow[]): Promise<Map<string, number>> => {
    const sent = all.filter((r) => r.version !== null);
    const result = await db.execute(sql`
      WITH r AS (
        SELECT a.id AS app_id, a.api_key, r.unique_device_id, r.model, r.fcm_token, r.version
        FROM unnest(${text(rows.map((r) => r.apiKey))}, ${text(rows.map((r) => r.uniqueDeviceId))}, ${text(rows.map((r) => r.model))},
                    ${text(rows.map((r) => r.fcmToken))}, ${text(rows.map((r) => r.version))}) AS r(api_key, unique_device_id, model, fcm_token, version)
        JOIN apps a ON a.api_key = r.api_key AND a.active
      ), d AS (
        INSERT INTO devices (app_id, unique_device_id, model, fcm_token, app_version_code)
        SELECT app_id, unique_device_id, model, fcm_token, version FROM r ORDER BY app_id, unique_device_id
        ON CONFLICT (app_id, unique_device_id) DO UPDATE SET
          fcm_token = excluded.fcm_token,
          model = coalesce(excluded.model, devices.model),
          app_version_code = coalesce(excluded.app_version_code, devices.app_version_code),
          updated_at = now()
        RETURNING id, app_id, unique_device_id
      ), v AS (
        INSERT INTO app_versions (app_id, app_version)
        SELECT DISTINCT a.id, s.version
        FROM unnest(${text(sent.map((r) => r.apiKey))}, ${text(sent.map((r) => r.version))}) AS s(api_key, version)
        JOIN apps a ON a.api_key = s.api_key
        WHERE a.id IN (SELECT app_id FROM d)
        ORDER BY 1, 2
        ON CONFLICT (app_id, app_version) DO NOTHING
      )
      SELECT d.id, r.api_key, d.unique_device_id FROM d JOIN r USING (app_id, unique_device_id)`);
    const ids = new Map<string, number>();
    for (const row of (result as unknown as { rows: { id: number | string; api_key: string; unique_device_id: string }[] }).rows) {
      ids.set(deviceKey({ apiKey: row.api_key, uniqueDeviceId: row.unique_device_id }), Number(row.id));
    }
    return ids;
  };
}
