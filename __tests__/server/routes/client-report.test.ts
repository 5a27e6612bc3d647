// POST apps/client/report and what it feeds, on both engines: the key and body rules, which reports
// are accepted, one vote per device and hour, the minimum of devices, the app's thresholds, a
// down-weighted device, steering (a failing profile leaves its operator's config, comes back after
// probation, an operator keeps its best few, each change bumps the version and is audited as the
// system's), the rate limits, and who may read the health.
import { and, eq } from 'drizzle-orm';
import { appSettings, auditLog, devices, fieldHealthDevices, fieldHealthHours } from '../../../server/src/db/schema';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { api, callers, seedApp, seedServer, type Callers, type SeededApp } from '../helpers/seed';

const UUID = '3f1c9a6e-2b4d-4c8e-9f7a-1d2e3f4a5b6c';
const link = (n: string) => `vless://${UUID}@h${n}.example.com:443?encryption=none&security=tls&sni=h${n}.example.com&type=tcp#${n}`;
const HOUR = 3600_000;

let t: TestApp;
let c: Callers;
let app: SeededApp;
let stranger: SeededApp;
let serverId: number;
let p: Record<'mciA' | 'mciB' | 'mciC' | 'irc', number>;
let strangerProfile: number;

async function ok(res: { statusCode: number; body: string }) {
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  return JSON.parse(res.body);
}
const asTop = (method: 'GET' | 'POST', path: string, payload?: object) =>
  t.app.inject({ method, url: api(path), headers: c.top.headers, ...(payload && { payload }) });
const addProfile = async (name: string, operator: string, server: number) =>
  (await ok(await asTop('POST', 'apps/addProfile', { name, address: link(name), operator, protocol: 'vless', type: 'normal', serverId: server }))).data
    .id as number;

let deviceSeq = 0;
async function newDevices(n: number, appId = app.id): Promise<string[]> {
  const ids = Array.from({ length: n }, () => `dev-${++deviceSeq}-${Date.now()}`);
  await t.db.insert(devices).values(ids.map((uid) => ({ appId, uniqueDeviceId: uid, fcmToken: 'tok' })));
  return ids;
}

type Report = { profileId: number; ok: boolean; latencyMs?: number; error?: string; at?: string };
let address = 1;
const report = (deviceId: string, operator: string, reports: Report[], key = app.apiKey, remoteAddress = `10.0.${address}.1`) =>
  t.app.inject({
    method: 'POST',
    url: api('apps/client/report'),
    headers: { appapikey: key },
    remoteAddress,
    payload: { deviceId, versionCode: 10, operator, reports: reports.map((r) => ({ at: new Date().toISOString(), ...r })) },
  });
/** Every device reports the same on one profile, `at` given. */
async function vote(ids: string[], operator: string, profileId: number, outcome: (i: number) => boolean, at: Date) {
  for (const [i, d] of ids.entries()) await ok(await report(d, operator, [{ profileId, ok: outcome(i), latencyMs: 300, at: at.toISOString() }]));
}
const setHealth = (values: Partial<typeof appSettings.$inferInsert>) => t.db.update(appSettings).set(values).where(eq(appSettings.appId, app.id));
const verdictsOf = async (operator: string) => {
  const { data } = await ok(await asTop('GET', `apps/profileHealth/${serverId}`));
  return Object.fromEntries(
    (data.verdicts as { profileId: number; operator: string; verdict: string; hidden: boolean }[])
      .filter((v) => v.operator === operator)
      .map((v) => [v.profileId, { verdict: v.verdict, hidden: v.hidden }]),
  );
};
const configIds = async (operator: string) => {
  const res = await t.app.inject({ method: 'GET', url: api(`apps/client/config?versionCode=10&operator=${operator}`), headers: { appapikey: app.apiKey } });
  const data = (await ok(res)).data as { servers: { profiles: { id: number }[] }[] };
  return { ids: data.servers.flatMap((s) => s.profiles.map((x) => x.id)).sort((a, b) => a - b), etag: res.headers.etag };
};

beforeAll(async () => {
  // Verdicts are judged only when a test says so, at the time it names (no timer judges at the real time).
  t = await createTestApp({
    configure: (config) => (config.clientReport = { deviceMax: 30, addressMax: 40, windowMs: 60_000, judgeDelayMs: 1e9, sweepMs: 0 }),
  });
  c = await callers(t);
  app = await seedApp(t, c.owner.id, { keys: true });
  stranger = await seedApp(t, c.other.id, { keys: true });
  serverId = await seedServer(t, [app.id]);
  p = {
    mciA: await addProfile('mciA', 'mci', serverId),
    mciB: await addProfile('mciB', 'mci', serverId),
    mciC: await addProfile('mciC', 'mci', serverId),
    irc: await addProfile('irc', 'irancell', serverId),
  };
  strangerProfile = await addProfile('other', 'mci', await seedServer(t, [stranger.id]));
});

afterAll(async () => {
  await t.close();
});

beforeEach(() => {
  address++;
});

describe('the call', () => {
  it('401 without a valid key; 400 on a malformed body; never more than 50 reports', async () => {
    const [d] = await newDevices(1);
    expect((await report(d, 'mci', [{ profileId: p.mciA, ok: true }], 'f'.repeat(64))).statusCode).toBe(401);
    const bad: Report[][] = [
      [],
      Array.from({ length: 51 }, () => ({ profileId: p.mciA, ok: true })),
      [{ profileId: p.mciA, ok: false, error: 'dns' }],
      [{ profileId: p.mciA, ok: true, at: 'yesterday' }],
    ];
    for (const reports of bad) expect((await report(d, 'mci', reports)).statusCode).toBe(400);
    expect((await report(d, 'mtn', [{ profileId: p.mciA, ok: true }])).statusCode).toBe(400);
  });

  it('accepts reports about its own profiles from its own devices within the last day, counts the rest as rejected', async () => {
    const [d] = await newDevices(1);
    const [foreign] = await newDevices(1, stranger.id);
    const now = Date.now();
    const res = await ok(
      await report(d, 'irancell', [
        { profileId: p.irc, ok: true, latencyMs: 250 },
        { profileId: p.irc, ok: false, error: 'timeout', at: new Date(now + 2 * 60_000).toISOString() },
        { profileId: strangerProfile, ok: true },
        { profileId: 99_999_999, ok: true },
        { profileId: p.irc, ok: true, at: new Date(now - 25 * HOUR).toISOString() },
        { profileId: p.irc, ok: true, at: new Date(now + 10 * 60_000).toISOString() },
      ]),
    );
    expect(res.data).toEqual({ accepted: 2, rejected: 4 });
    expect((await ok(await report('never-registered', 'mci', [{ profileId: p.mciA, ok: true }]))).data).toEqual({ accepted: 0, rejected: 1 });
    expect((await ok(await report(foreign, 'mci', [{ profileId: p.mciA, ok: true }]))).data).toEqual({ accepted: 0, rejected: 1 });
  });

  it('counts a device once per profile, operator and hour, whatever it sends; attempts count every report', async () => {
    const profileId = await addProfile('dedup', 'wifi', serverId);
    const [d] = await newDevices(1);
    const at = new Date(Date.now() - 2 * HOUR).toISOString();
    await ok(
      await report(d, 'wifi', [
        { profileId, ok: true, latencyMs: 90, at },
        { profileId, ok: false, at },
      ]),
    );
    await ok(await report(d, 'wifi', [{ profileId, ok: false, at }]));
    const [row] = await t.db.select().from(fieldHealthHours).where(eq(fieldHealthHours.profileId, profileId));
    expect(row).toMatchObject({ attempts: 3, successes: 1, devices: 1, votes: 1, okVotes: 1, operator: 'wifi' });
    expect(row.latency[0]).toBe(1);
  });

  it('limits calls per device and per source address (429)', async () => {
    const [d] = await newDevices(1);
    const one = () => report(d, 'mci', [{ profileId: p.irc, ok: true }], app.apiKey, '10.200.0.1');
    for (let i = 0; i < 30; i++) expect((await one()).statusCode).toBe(200);
    expect((await one()).statusCode).toBe(429);
    const others = await newDevices(1);
    for (let i = 0; i < 9; i++)
      expect((await report(`${others[0]}-${i}`, 'mci', [{ profileId: p.irc, ok: true }], app.apiKey, '10.200.0.1')).statusCode).toBe(200);
    const last = await report(others[0], 'mci', [{ profileId: p.irc, ok: true }], app.apiKey, '10.200.0.1');
    expect(last.statusCode).toBe(429);
    expect(last.json().code).toBe('RATE_LIMITED');
  });
});

describe('verdicts', () => {
  it('needs the minimum of distinct devices, then follows the thresholds the app sets', async () => {
    const at = new Date(Date.now() - 30 * 60_000);
    const profileId = await addProfile('counted', 'irancell', serverId);
    const ids = await newDevices(5);
    await vote(ids.slice(0, 4), 'irancell', profileId, (i) => i < 2, at);
    await t.app.fieldHealth.settle();
    expect((await verdictsOf('irancell'))[profileId].verdict).toBe('unknown');
    await vote(ids.slice(4), 'irancell', profileId, () => true, at);
    await t.app.fieldHealth.settle();
    // 3 of 5 devices: 60 %, between the default thresholds (20 %, 80 %).
    expect((await verdictsOf('irancell'))[profileId].verdict).toBe('degraded');
    await setHealth({ healthWorkingPercent: 60 });
    await t.app.fieldHealth.sweep();
    expect((await verdictsOf('irancell'))[profileId].verdict).toBe('working');
    await setHealth({ healthWorkingPercent: 90, healthFailingPercent: 60 });
    await t.app.fieldHealth.sweep();
    expect((await verdictsOf('irancell'))[profileId].verdict).toBe('failing');
    await setHealth({ healthMinDevices: 6 });
    await t.app.fieldHealth.sweep();
    expect((await verdictsOf('irancell'))[profileId].verdict).toBe('unknown');
    await setHealth({ healthMinDevices: 5, healthWorkingPercent: 80, healthFailingPercent: 20 });
  });

  it('down-weights a device that mostly disagreed with settled verdicts', async () => {
    const profileId = await addProfile('weighted', 'others', serverId);
    const [liar, honest] = await newDevices(2);
    const [liarRow] = await t.db.select({ id: devices.id }).from(devices).where(eq(devices.uniqueDeviceId, liar));
    await t.db.insert(fieldHealthDevices).values({ deviceId: liarRow.id, agree: 2, disagree: 18 });
    await ok(await report(liar, 'others', [{ profileId, ok: false }]));
    await ok(await report(honest, 'others', [{ profileId, ok: true }]));
    const [row] = await t.db.select().from(fieldHealthHours).where(eq(fieldHealthHours.profileId, profileId));
    expect(row.devices).toBe(2);
    expect(row.votes).toBeCloseTo(1.2, 5);
    expect(row.okVotes).toBeCloseTo(1, 5);
  });
});

describe('steering the config', () => {
  it('hides a failing profile from its operator only, brings it back after probation, keeps the best few, bumps the version and audits as the system', async () => {
    await setHealth({ hideFailing: true });
    const t0 = new Date(Date.now() - 8 * HOUR);
    const failers = await newDevices(5);
    await vote(failers, 'mci', p.mciA, () => false, t0);
    const v0 = await configIds('mci');
    const irc0 = await configIds('irancell');
    const hid = await t.app.fieldHealth.settle(new Date(t0.getTime() + 10 * 60_000));
    expect(hid.hiddenChanges).toEqual([{ appId: app.id, profileId: p.mciA, operator: 'mci', hidden: true }]);
    const v1 = await configIds('mci');
    expect(v1.ids).toEqual([p.mciB, p.mciC]);
    expect(v1.etag).not.toBe(v0.etag);
    expect((await configIds('irancell')).ids).toEqual(irc0.ids);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'profile.healthHide'), eq(auditLog.targetId, String(p.mciA))));
    expect(audit).toMatchObject({ actorId: null, actorName: 'system', targetType: 'profile' });

    // Working again four hours later: still hidden during probation, back after it.
    const t1 = new Date(Date.now() - 4 * HOUR);
    await vote(await newDevices(5), 'mci', p.mciA, () => true, t1);
    await t.app.fieldHealth.settle(new Date(t1.getTime() + 10 * 60_000));
    expect((await verdictsOf('mci'))[p.mciA]).toEqual({ verdict: 'working', hidden: true });
    expect((await configIds('mci')).ids).toEqual([p.mciB, p.mciC]);
    const back = await t.app.fieldHealth.sweep(new Date(t1.getTime() + 45 * 60_000));
    expect(back.hiddenChanges).toEqual([{ appId: app.id, profileId: p.mciA, operator: 'mci', hidden: false }]);
    expect((await configIds('mci')).ids).toEqual([p.mciA, p.mciB, p.mciC]);

    // Everything failing later: the two best stay.
    const t2 = new Date(Date.now() - 0.5 * HOUR);
    const all = await newDevices(10);
    await vote(all, 'mci', p.mciA, () => false, t2);
    await vote(all, 'mci', p.mciB, (i) => i === 0, t2);
    await vote(all, 'mci', p.mciC, (i) => i < 2, t2);
    await t.app.fieldHealth.settle(new Date(t2.getTime() + 10 * 60_000));
    expect(await verdictsOf('mci')).toMatchObject({ [p.mciA]: { verdict: 'failing' }, [p.mciB]: { verdict: 'failing' }, [p.mciC]: { verdict: 'failing' } });
    expect((await configIds('mci')).ids).toEqual([p.mciB, p.mciC]);

    // Staff put it back by hand: another app's admin cannot; the owner can, and a judge with no new verdict leaves it.
    const show = (who: Callers['owner']) =>
      t.app.inject({
        method: 'POST',
        url: api('apps/profileHealth/show'),
        headers: who.headers,
        payload: { appId: app.id, profileId: p.mciA, operator: 'mci' },
      });
    expect((await show(c.other)).statusCode).toBe(404);
    expect((await ok(await show(c.owner))).data).toEqual({ shown: true });
    expect((await configIds('mci')).ids).toEqual([p.mciA, p.mciB, p.mciC]);
    expect((await t.app.fieldHealth.sweep(new Date(t2.getTime() + 12 * 60_000))).hiddenChanges).toEqual([]);
    expect((await configIds('mci')).ids).toEqual([p.mciA, p.mciB, p.mciC]);

    // hideFailing off: everything comes back.
    await setHealth({ hideFailing: false });
    await t.app.fieldHealth.sweep(new Date(t2.getTime() + 15 * 60_000));
    expect((await configIds('mci')).ids).toEqual([p.mciA, p.mciB, p.mciC]);
  });
});

describe('who may read the health', () => {
  it('the matrix puts failing first; another app admin sees nothing of this app', async () => {
    const mine = await ok(await t.app.inject({ method: 'GET', url: api(`apps/health?appId=${app.id}`), headers: c.owner.headers }));
    expect(mine.data.length).toBeGreaterThan(0);
    expect(mine.data[0]).toMatchObject({ appId: app.id, serverId, operator: 'mci', verdict: 'failing' });
    // the failing profiles by id, one per failing count (so a dashboard counts a shared server's profile once)
    const verdicts = (await ok(await t.app.inject({ method: 'GET', url: api(`apps/profileHealth/${serverId}`), headers: c.owner.headers }))).data.verdicts as {
      appId: number;
      profileId: number;
      operator: string;
      verdict: string;
    }[];
    const failingIds = verdicts.filter((v) => v.appId === app.id && v.operator === 'mci' && v.verdict === 'failing').map((v) => v.profileId);
    expect(failingIds.length).toBeGreaterThan(0);
    expect([...mine.data[0].failingProfiles].sort()).toEqual(failingIds.sort());
    expect(mine.data[0].failingProfiles).toHaveLength(mine.data[0].counts.failing);
    const severities = mine.data.map((cell: { verdict: string }) => ['failing', 'degraded', 'working', 'unknown'].indexOf(cell.verdict));
    expect(severities).toEqual([...severities].sort((a, b) => a - b));
    const onlyIrc = await ok(await t.app.inject({ method: 'GET', url: api(`apps/health?operator=irancell`), headers: c.owner.headers }));
    expect(onlyIrc.data.every((cell: { operator: string }) => cell.operator === 'irancell')).toBe(true);

    expect((await t.app.inject({ method: 'GET', url: api(`apps/health?appId=${app.id}`), headers: c.other.headers })).statusCode).toBe(404);
    const theirs = await ok(await t.app.inject({ method: 'GET', url: api('apps/health'), headers: c.other.headers }));
    expect(theirs.data.some((cell: { appId: number }) => cell.appId === app.id)).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: api(`apps/profileHealth/${serverId}`), headers: c.other.headers })).statusCode).toBe(404);
  });
});
