// The registration batches of apps/addDevice (server/src/repositories/devices/register-batch.ts):
// registrations arriving together are one upsert, a device sent several times in one batch is
// stored once with the values of the last registration and every caller gets its id, a failing
// registration fails alone, the dashboard counters stay equal to the rows after a concurrent burst,
// and (PostgreSQL) concurrent batches from two servers crossing versions on the same devices never
// deadlock.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { openDatabase } from '../../../server/src/db/client';
import { appVersions, devices } from '../../../server/src/db/schema';
import { mergeByDevice, registerRow, registrationBatcher, type RegisterRow } from '../../../server/src/repositories/devices/register-batch';
import { createTestApp, isPostgresMode, type TestApp } from '../helpers/test-app';
import { seedApp, type SeededApp } from '../helpers/seed';

let t: TestApp;
let owner: number;
let app: SeededApp;
let other: SeededApp;

beforeAll(async () => {
  t = await createTestApp();
  owner = (await t.createUser({ role_id: 2 })).id;
  app = await seedApp(t, owner);
  other = await seedApp(t, owner);
});
afterAll(() => t?.close());

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** A batcher over the test database whose fallback (one registration alone) is counted. */
function counted(maxInFlight = 1, db = t.db, maxBatch?: number) {
  const singles: RegisterRow[] = [];
  const batcher = registrationBatcher(db, {
    maxInFlight,
    maxBatch,
    single: (row) => {
      singles.push(row);
      return t.repos.devices
        .registerByApiKey(row.apiKey, { ...row, appVersionCode: row.version === null ? null : Number(row.version) })
        .then((r) => (typeof r === 'object' ? r.id : undefined));
    },
  });
  return { batcher, singles };
}

async function stored(appId: number, ids: string[]) {
  const rows = await t.db
    .select()
    .from(devices)
    .where(and(eq(devices.appId, appId), inArray(devices.uniqueDeviceId, ids)));
  return new Map(rows.map((r) => [r.uniqueDeviceId, r]));
}

/** Counter sums per (app, version) and (app, hour) next to the rows' own counts; equal when exact. */
async function counterMismatches(appIds: number[]) {
  const list = sql.raw(appIds.join(','));
  const versions = rowsOf<object>(
    await t.db.execute(sql`
      SELECT coalesce(d.app_id, c.app_id) AS app_id, coalesce(d.v, c.app_version) AS v, d.n::int AS rows, c.n::int AS counted
      FROM (SELECT app_id, coalesce(app_version_code, '') AS v, count(*) AS n FROM devices WHERE app_id IN (${list}) GROUP BY 1, 2) d
      FULL JOIN (SELECT app_id, app_version, sum(n) AS n FROM device_version_counts WHERE app_id IN (${list}) GROUP BY 1, 2 HAVING sum(n) <> 0) c
        ON c.app_id = d.app_id AND c.app_version = d.v
      WHERE d.n IS DISTINCT FROM c.n`),
  );
  const hours = rowsOf<object>(
    await t.db.execute(sql`
      SELECT coalesce(d.app_id, c.app_id) AS app_id, d.n::int AS rows, c.n::int AS counted
      FROM (SELECT app_id, device_stats_hour(created_at) AS h, count(*) AS n FROM devices WHERE app_id IN (${list}) GROUP BY 1, 2) d
      FULL JOIN (SELECT app_id, hour, sum(n) AS n FROM device_hour_counts WHERE app_id IN (${list}) GROUP BY 1, 2 HAVING sum(n) <> 0) c
        ON c.app_id = d.app_id AND c.hour = d.h
      WHERE d.n IS DISTINCT FROM c.n`),
  );
  return [...versions, ...hours];
}

describe('registration batches', () => {
  it('merges a device sent several times into one row with the last values, answering every caller with its id', () => {
    const k = 'key';
    const rows = [
      registerRow(k, { uniqueDeviceId: 'b', fcmToken: 't1', model: 'M1', appVersionCode: 1 }),
      registerRow(k, { uniqueDeviceId: 'a', fcmToken: 'x', model: null }),
      registerRow(k, { uniqueDeviceId: 'b', fcmToken: 't2', model: null, appVersionCode: 2 }),
      registerRow('key2', { uniqueDeviceId: 'b', fcmToken: 'other app' }),
      registerRow(k, { uniqueDeviceId: 'b', fcmToken: 't3', model: 'M3' }),
    ];
    expect(mergeByDevice(rows)).toEqual([
      { apiKey: k, uniqueDeviceId: 'b', fcmToken: 't3', model: 'M3', version: '2' },
      { apiKey: k, uniqueDeviceId: 'a', fcmToken: 'x', model: null, version: null },
      { apiKey: 'key2', uniqueDeviceId: 'b', fcmToken: 'other app', model: null, version: null },
    ]);
  });

  it('writes registrations arriving together as one batch: each device once, with the last values, every caller answered with its id', async () => {
    const { batcher, singles } = counted();
    // Device 'stored-0' exists with a model and version that later registrations without them keep.
    const [before] = await t.db
      .insert(devices)
      .values({ appId: app.id, uniqueDeviceId: 'merge-0', fcmToken: 'old', model: 'Old', appVersionCode: '1' })
      .returning();
    const sent = Array.from({ length: 60 }, (_, i) => ({
      apiKey: i % 7 === 6 ? other.apiKey : app.apiKey,
      uniqueDeviceId: `merge-${i % 20}`,
      fcmToken: `fcm-${i}`,
      // The third registration of each device sends no model, the second no version.
      model: i >= 40 ? null : `Model ${i}`,
      version: i >= 20 && i < 40 ? null : String(2 + (i % 3)),
    }));
    const answers = await Promise.all(sent.map((r) => batcher.register(r)));
    expect(singles).toEqual([]);

    for (const a of [app, other]) {
      const mine = sent.map((r, i) => ({ r, i, id: answers[i] })).filter((x) => x.r.apiKey === a.apiKey);
      const rows = await stored(a.id, [...new Set(mine.map((x) => x.r.uniqueDeviceId))]);
      expect(rows.size).toBe(new Set(mine.map((x) => x.r.uniqueDeviceId)).size);
      for (const [deviceId, row] of rows) {
        const regs = mine.filter((x) => x.r.uniqueDeviceId === deviceId);
        for (const x of regs) expect(x.id).toBe(Number(row.id));
        const last = <K extends 'model' | 'version'>(key: K) =>
          regs
            .map((x) => x.r[key])
            .filter((v) => v !== null)
            .at(-1);
        expect(row.fcmToken).toBe(regs.at(-1)!.r.fcmToken);
        const kept = a === app && deviceId === 'merge-0';
        expect(row.model).toBe(last('model') ?? (kept ? 'Old' : null));
        expect(row.appVersionCode).toBe(last('version') ?? (kept ? '1' : null));
      }
    }
    expect(answers[0]).toBe(before.id);
    // Every version sent is recorded for its app, as if each registration had been written alone.
    const versions = await t.db.select({ v: appVersions.appVersion }).from(appVersions).where(eq(appVersions.appId, app.id));
    expect(versions.map((v) => v.v).sort()).toEqual(['2', '3', '4']);
    expect(await counterMismatches([app.id, other.id])).toEqual([]);
    // A registration alone is written by the single statement.
    const lone = { apiKey: app.apiKey, uniqueDeviceId: 'merge-0', fcmToken: 'alone', model: null, version: null };
    expect(await batcher.register(lone)).toBe(before.id);
    expect(singles).toEqual([lone]);
  });

  it('answers no id for a key of no active app, and fails only the registration that fails, after writing the others one by one', async () => {
    const inactive = await seedApp(t, owner, { active: false });
    const { batcher, singles } = counted();
    const row = (i: number, patch: Partial<RegisterRow> = {}): RegisterRow => ({
      apiKey: app.apiKey,
      uniqueDeviceId: `bad-${i}`,
      fcmToken: `f${i}`,
      model: null,
      version: null,
      ...patch,
    });
    const sent = [
      row(0),
      row(1, { fcmToken: 'nul \u0000 byte' }),
      row(2),
      row(0, { fcmToken: 'f0 again' }),
      row(3, { apiKey: inactive.apiKey }),
      row(4, { apiKey: 'no such key' }),
    ];
    const outcomes = await Promise.allSettled(sent.map((r) => batcher.register(r)));
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'fulfilled', 'fulfilled']);
    // The batch failed as a whole, so each registration was written alone, in arrival order.
    expect(singles).toEqual(sent);
    const rows = await stored(app.id, ['bad-0', 'bad-1', 'bad-2']);
    expect([...rows.keys()].sort()).toEqual(['bad-0', 'bad-2']);
    const value = (i: number) => (outcomes[i] as PromiseFulfilledResult<number | undefined>).value;
    expect(value(0)).toBe(Number(rows.get('bad-0')!.id));
    expect(value(3)).toBe(value(0));
    expect(rows.get('bad-0')!.fcmToken).toBe('f0 again');
    expect(value(2)).toBe(Number(rows.get('bad-2')!.id));
    expect([value(4), value(5)]).toEqual([undefined, undefined]);
    expect((await stored(inactive.id, ['bad-3'])).size).toBe(0);
  });

  it('keeps the dashboard counters equal to the rows after a concurrent burst of addDevice with version changes', async () => {
    const burst = await seedApp(t, owner);
    const register = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/apps/addDevice',
        headers: { appapikey: i % 5 === 0 ? other.apiKey : burst.apiKey },
        payload: { uniqueDeviceId: `burst-${i % 40}`, fcmToken: `f${i}`, model: `M${i % 4}`, ...(i % 3 ? { appVersionCode: 1 + (i % 4) } : {}) },
      });
    for (let round = 0; round < 3; round++) {
      const res = await Promise.all(Array.from({ length: 120 }, (_, i) => register(i + round * 7)));
      expect(res.map((r) => r.statusCode)).toEqual(Array(120).fill(200));
    }
    const [{ n }] = rowsOf<{ n: number }>(
      await t.db.execute(sql`SELECT count(*)::int AS n FROM devices WHERE app_id IN (${burst.id}, ${other.id}) AND unique_device_id LIKE 'burst-%'`),
    );
    const sent = new Set(Array.from({ length: 3 * 120 }, (_, j) => (j % 120) + Math.floor(j / 120) * 7).map((i) => `${i % 5 === 0}-${i % 40}`));
    expect(n).toBe(sent.size);
    expect(await counterMismatches([burst.id, other.id])).toEqual([]);
  });
});

(isPostgresMode() ? describe : describe.skip)('registration batches on PostgreSQL', () => {
  it('two servers writing concurrent batches that cross versions on the same devices never deadlock, and the counters stay exact', async () => {
    const crossing = await seedApp(t, owner);
    const second = await openDatabase(t.config.database);
    try {
      const servers = [counted(4, t.db, 24), counted(4, second.db, 24)];
      // Each batch its own 24 devices; every round moves each device to the next version (of 5),
      // in batches of odd number going up the versions device by device, the others going down:
      // their counter rows are taken in crossing orders, by up to 8 sessions sharing 8 slots.
      const device = (s: number, b: number, d: number) => `cross-${s}-${b}-${String(d).padStart(2, '0')}`;
      for (let round = 0; round < 20; round++) {
        const pending = servers.flatMap(({ batcher }, s) =>
          Array.from({ length: 4 }, (_, b) =>
            Array.from({ length: 24 }, (_, d) =>
              batcher.register({
                apiKey: crossing.apiKey,
                uniqueDeviceId: device(s, b, d),
                fcmToken: `r${round}`,
                model: null,
                version: String(1 + ((d * (b % 2 ? 1 : 4) + 2 * b + s + round) % 5)),
              }),
            ),
          ).flat(),
        );
        const ids = await Promise.all(pending);
        expect(ids.every((id) => typeof id === 'number')).toBe(true);
      }
      // A deadlock would have failed a batch, which would then have been written one by one.
      expect(servers.map((s) => s.singles.length)).toEqual([0, 0]);
      const [{ n }] = rowsOf<{ n: number }>(await t.db.execute(sql`SELECT count(*)::int AS n FROM devices WHERE app_id = ${crossing.id}`));
      expect(n).toBe(2 * 4 * 24);
      expect(await counterMismatches([crossing.id])).toEqual([]);
    } finally {
      await second.close();
    }
  });
});
