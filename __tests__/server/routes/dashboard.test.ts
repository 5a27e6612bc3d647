// GET dashboard/stats (docs/product.md §7 "Dashboard"): after a mix of registrations (API key and staff,
// concurrent, re-registrations that change the version), inserts with older dates, edits that move
// devices between apps, deletes and an app deleted with its devices, every device figure equals a
// count over the device rows, for each caller's scope. The expected figures are computed here from
// the rows themselves (Iran's clock, Asia/Tehran), never from the counters the server reads.
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { apps, countries, devices, profiles, serverApps, servers } from '../../../server/src/db/schema';
import type { DashboardStats } from '../../../src/contract';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { api, callers, makeApp, type Caller, type Callers } from '../helpers/seed';

let t: TestApp;
let c: Callers;
let appA: { id: number; apiKey: string };
let appA2: { id: number; apiKey: string };
let appB: { id: number; apiKey: string };
let appGone: { id: number; apiKey: string };

const stats = async (who: Caller): Promise<DashboardStats> => {
  const res = await t.app.inject({ method: 'GET', url: api('dashboard/stats'), headers: who.headers });
  expect(res.statusCode).toBe(200);
  return res.json().data;
};

const register = (apiKey: string, uniqueDeviceId: string, appVersionCode: number | null = null) =>
  t.app.inject({
    method: 'POST',
    url: api('apps/addDevice'),
    headers: { appapikey: apiKey },
    payload: { uniqueDeviceId, fcmToken: `fcm-${uniqueDeviceId}`, appVersionCode },
  });

const rows = async <T>(q: ReturnType<typeof sql>) => (await t.db.execute(q)) as unknown as { rows: T[] };

/** The figures of docs/product.md §7 counted over the device rows of `appIds` (all apps when undefined). */
async function countedOverRows(appIds?: number[]) {
  const scope = appIds ? sql`AND app_id = ANY(${sql.param(appIds)}::int[])` : sql``;
  const local = sql`(created_at AT TIME ZONE 'Asia/Tehran')`;
  const nowLocal = sql`(now() AT TIME ZONE 'Asia/Tehran')`;
  const {
    rows: [f],
  } = await rows<Record<string, string | number>>(sql`
    SELECT count(*)::int AS total,
           count(*) FILTER (WHERE date_trunc('hour', ${local}) >= date_trunc('hour', ${nowLocal}) - interval '23 hours')::int AS last24h,
           count(*) FILTER (WHERE ${local}::date >= ${nowLocal}::date - 6)::int AS last7d,
           count(*) FILTER (WHERE ${local}::date >= ${nowLocal}::date - 29)::int AS last30d
    FROM devices WHERE true ${scope}`);
  const { rows: days } = await rows<{ day: string; n: number }>(sql`
    SELECT to_char(${local}::date, 'YYYY-MM-DD') AS day, count(*)::int AS n FROM devices
    WHERE ${local}::date >= ${nowLocal}::date - 29 ${scope} GROUP BY 1`);
  const { rows: versions } = await rows<{ app_id: number; v: string | null; n: number }>(sql`
    SELECT app_id, app_version_code AS v, count(*)::int AS n FROM devices WHERE true ${scope} GROUP BY 1, 2`);
  return {
    total: Number(f.total),
    last24h: Number(f.last24h),
    last7d: Number(f.last7d),
    last30d: Number(f.last30d),
    perDay: Object.fromEntries(days.map((d) => [d.day, Number(d.n)])),
    byVersion: Object.fromEntries(versions.map((v) => [`${v.app_id}:${v.v === null ? 'none' : Number(v.v)}`, Number(v.n)])),
  };
}

/** The server's device figures in the shape of countedOverRows (zero days and versions left out). */
function served(s: DashboardStats) {
  const { total, last24h, last7d, last30d } = s.devices;
  return {
    total,
    last24h,
    last7d,
    last30d,
    perDay: Object.fromEntries(s.devices.perDay.filter((d) => d.count !== 0).map((d) => [d.day, d.count])),
    byVersion: Object.fromEntries(
      s.devices.byVersion.flatMap((a) => a.versions.filter((v) => v.devices !== 0).map((v) => [`${a.appId}:${v.appVersion ?? 'none'}`, v.devices])),
    ),
  };
}

async function expectExact() {
  expect(served(await stats(c.top))).toEqual(await countedOverRows());
  expect(served(await stats(c.owner))).toEqual(await countedOverRows([appA.id, appA2.id]));
  expect(served(await stats(c.other))).toEqual(await countedOverRows([appB.id, appGone.id]));
}

/** Inserts devices created `hoursAgo` hours ago, straight into the table (a bulk insert: one statement). */
async function insertAged(appId: number, count: number, hoursAgo: number, version: string | null) {
  const createdAt = new Date(Date.now() - hoursAgo * 3_600_000);
  await t.db.insert(devices).values(
    Array.from({ length: count }, () => ({
      appId,
      uniqueDeviceId: `aged-${randomBytes(6).toString('hex')}`,
      fcmToken: 'fcm',
      appVersionCode: version,
      createdAt,
    })),
  );
}

beforeAll(async () => {
  t = await createTestApp();
  c = await callers(t);
  appA = await makeApp(t, c, c.owner);
  appA2 = await makeApp(t, c, c.owner);
  appB = await makeApp(t, c, c.other);
  appGone = await makeApp(t, c, c.other);
});

afterAll(() => t.close());

test('an app admin with nothing yet sees zeros, 30 empty days and no user figures', async () => {
  const s = await stats(c.restricted);
  expect(s.apps).toEqual({ active: 0, inactive: 0 });
  expect(s.devices).toMatchObject({ total: 0, last24h: 0, last7d: 0, last30d: 0, byVersion: [] });
  expect(s.devices.perDay).toHaveLength(30);
  expect(s.devices.perDay.every((d) => d.count === 0)).toBe(true);
  expect(s.users).toBeNull();
});

test('device figures equal a count over the rows after registrations, moves, deletes and an app deletion', async () => {
  // Registrations by API key: 40 at once (several connections on PostgreSQL), some without a version.
  const regs = await Promise.all(
    Array.from({ length: 40 }, (_, i) => register(i % 2 ? appA.apiKey : appB.apiKey, `r-${i}`, i % 5 === 0 ? null : 1 + (i % 3) / 10)),
  );
  expect(regs.every((r) => r.statusCode === 200)).toBe(true);
  // Re-registrations: same version (no change), a new version, and none (keeps the stored one).
  expect((await register(appA.apiKey, 'r-1', 1.1)).statusCode).toBe(200);
  expect((await register(appA.apiKey, 'r-3', 2.5)).statusCode).toBe(200);
  expect((await register(appB.apiKey, 'r-2', null)).statusCode).toBe(200);
  expect((await register(appB.apiKey, 'r-0', 3)).statusCode).toBe(200);
  // Older devices: 20 hours, 3 days, 10 days, 29 days and 45 days ago (the last beyond the 30 days).
  await insertAged(appA.id, 5, 20, '1.1');
  await insertAged(appA2.id, 7, 72, '2');
  await insertAged(appB.id, 4, 240, null);
  await insertAged(appA.id, 3, 29 * 24 - 5, '1');
  await insertAged(appB.id, 6, 45 * 24, '1.2');
  await insertAged(appGone.id, 9, 1, '1');
  await expectExact();

  const some = async (appId: number, n: number) =>
    (
      await t.db.select({ id: devices.id, uniqueDeviceId: devices.uniqueDeviceId }).from(devices).where(eq(devices.appId, appId)).orderBy(devices.id).limit(n)
    ).map((r) => ({ ...r, id: Number(r.id) }));
  // Moves between apps (a delete and an insert keeping created_at), with and without a version change.
  for (const [i, d] of (await some(appB.id, 3)).entries()) {
    const res = await t.app.inject({
      method: 'PUT',
      url: api(`apps/updateDevice/${d.id}`),
      headers: c.top.headers,
      payload: { appId: appA2.id, uniqueDeviceId: d.uniqueDeviceId, fcmToken: 'moved', appVersionCode: i === 0 ? 4 : i === 1 ? null : 1.2 },
    });
    expect(res.statusCode).toBe(200);
  }
  // An edit in place that changes the version only.
  const [inPlace] = await some(appA.id, 1);
  expect(
    (
      await t.app.inject({
        method: 'PUT',
        url: api(`apps/updateDevice/${inPlace.id}`),
        headers: c.owner.headers,
        payload: { appId: appA.id, uniqueDeviceId: inPlace.uniqueDeviceId, fcmToken: 'x', appVersionCode: 9.99 },
      })
    ).statusCode,
  ).toBe(200);
  // Deletes through the API, a direct bulk delete, and an app deleted with its devices.
  for (const d of await some(appA.id, 2)) {
    expect((await t.app.inject({ method: 'DELETE', url: api(`apps/destroyDevice/${d.id}`), headers: c.owner.headers })).statusCode).toBe(200);
  }
  await t.db.delete(devices).where(sql`${devices.appId} = ${appA2.id} AND ${devices.appVersionCode} = '2' AND ${devices.id} % 2 = 0`);
  await t.db.delete(apps).where(eq(apps.id, appGone.id));
  // A date corrected by hand moves the device to another day.
  await t.db.execute(sql`UPDATE devices SET created_at = created_at - interval '2 days' WHERE id = (SELECT min(id) FROM devices WHERE app_id = ${appB.id})`);
  await expectExact();

  const top = await stats(c.top);
  expect(top.devices.total).toBeGreaterThan(50);
  expect(top.devices.perDay).toHaveLength(30);
  expect(top.devices.byVersion.map((a) => a.appId)).not.toContain(appGone.id);
});

test('a blocked version is flagged, and shown even when no device reports it', async () => {
  for (const appVersion of [1.1, 7.5]) {
    expect(
      (await t.app.inject({ method: 'POST', url: api('apps/versionBlock'), headers: c.owner.headers, payload: { appId: appA.id, appVersion } })).statusCode,
    ).toBe(200);
  }
  const a = (await stats(c.owner)).devices.byVersion.find((x) => x.appId === appA.id)!;
  expect(a.versions.find((v) => v.appVersion === 1.1)).toMatchObject({ blocked: true });
  expect(a.versions.find((v) => v.appVersion === 1.1)!.devices).toBeGreaterThan(0);
  expect(a.versions.find((v) => v.appVersion === 7.5)).toEqual({ appVersion: 7.5, devices: 0, blocked: true });
  expect(a.versions.find((v) => v.appVersion === 1)).toMatchObject({ blocked: false });
  // Highest version first, devices without a version last.
  const order = a.versions.map((v) => v.appVersion ?? -1);
  expect(order).toEqual([...order].sort((x, y) => y - x));
});

test('apps, servers, profiles and users are scoped to the caller', async () => {
  await t.db.update(apps).set({ active: false }).where(eq(apps.id, appA2.id));
  const [ir] = await t.db.select().from(countries).where(eq(countries.code, 'IR'));
  const [de] = await t.db.select().from(countries).where(eq(countries.code, 'DE'));
  const [s1] = await t.db.insert(servers).values({ ip: '10.0.0.1', countryId: ir.id }).returning();
  const [s2] = await t.db.insert(servers).values({ ip: '10.0.0.2', countryId: de.id }).returning();
  const [s3] = await t.db.insert(servers).values({ ip: '10.0.0.3', countryId: de.id }).returning();
  await t.db.insert(serverApps).values([
    { serverId: s1.id, appId: appA.id },
    { serverId: s1.id, appId: appA2.id },
    { serverId: s2.id, appId: appB.id },
  ]);
  const profile = (serverId: number, operator: 'irancell' | 'mci' | 'wifi', protocol: 'vmess' | 'vless') => ({
    serverId,
    name: 'p',
    addressEnc: randomBytes(8).toString('hex'),
    operator,
    protocol,
  });
  await t.db
    .insert(profiles)
    .values([
      profile(s1.id, 'irancell', 'vless'),
      profile(s1.id, 'irancell', 'vmess'),
      profile(s1.id, 'mci', 'vless'),
      profile(s2.id, 'wifi', 'vless'),
      profile(s3.id, 'mci', 'vmess'),
    ]);

  const owner = await stats(c.owner);
  expect(owner.apps).toEqual({ active: 1, inactive: 1 });
  expect(owner.servers).toEqual({ total: 1, byCountry: [{ code: 'IR', name: ir.name, count: 1 }] });
  expect(owner.profiles.total).toBe(3);
  expect(owner.profiles.byOperator).toEqual([
    { key: 'irancell', count: 2 },
    { key: 'mci', count: 1 },
    { key: 'wifi', count: 0 },
    { key: 'others', count: 0 },
  ]);
  expect(owner.profiles.byProtocol).toEqual([
    { key: 'vmess', count: 1 },
    { key: 'vless', count: 2 },
  ]);
  expect(owner.users).toBeNull();

  const other = await stats(c.other);
  expect(other.apps).toEqual({ active: 1, inactive: 0 });
  expect(other.servers.byCountry).toEqual([{ code: 'DE', name: de.name, count: 1 }]);
  expect(other.profiles.byOperator.find((o) => o.key === 'wifi')!.count).toBe(1);
  expect(other.devices.byVersion.map((a) => a.appId)).toEqual([appB.id]);

  await t.createUser({ role_id: 2, active: false });
  const top = await stats(c.top);
  const [counted] = (
    await rows<{ apps: number; servers: number; profiles: number; active: number; inactive: number }>(sql`
    SELECT (SELECT count(*) FROM apps)::int AS apps, (SELECT count(*) FROM servers)::int AS servers, (SELECT count(*) FROM profiles)::int AS profiles,
           (SELECT count(*) FROM users WHERE active)::int AS active, (SELECT count(*) FROM users WHERE NOT active)::int AS inactive`)
  ).rows;
  expect(top.apps.active + top.apps.inactive).toBe(counted.apps);
  expect(top.servers.total).toBe(counted.servers);
  expect(top.servers.byCountry.find((x) => x.code === 'DE')!.count).toBe(2);
  expect(top.profiles.total).toBe(counted.profiles);
  expect(top.users).toEqual({ active: counted.active, inactive: counted.inactive });
  expect(top.users).toEqual({ active: 4, inactive: 1 });
});

test('signed out is refused', async () => {
  expect((await t.app.inject({ method: 'GET', url: api('dashboard/stats') })).statusCode).toBe(401);
});
