// Field-health alerts on both engines: a verdict turning to or from failing records one alert, damped
// to one per app, profile and operator per health window; the bell lists each caller's alerts only
// (their apps' servers) with a per-user read mark; and the app's webhook gets the alert as a signed
// JSON POST on a real loopback server, tried again after a 500, with the outcome in the delivery log.
import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { alertDeliveries, appSettings, devices, fieldAlerts } from '../../../server/src/db/schema';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { api, callers, seedApp, seedServer, type Caller, type Callers, type SeededApp } from '../helpers/seed';

const UUID = '3f1c9a6e-2b4d-4c8e-9f7a-1d2e3f4a5b6c';
const link = (n: string) => `vless://${UUID}@h${n}.example.com:443?encryption=none&security=tls&sni=h${n}.example.com&type=tcp#${n}`;
const HOUR = 3600_000;
const MIN = 60_000;

let t: TestApp;
let c: Callers;
let mine: SeededApp;
let theirs: SeededApp;
let myServer: number;
let theirServer: number;

async function ok(res: { statusCode: number; body: string }) {
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  return JSON.parse(res.body);
}
const as = (who: Caller, method: 'GET' | 'POST', path: string, payload?: object) =>
  t.app.inject({ method, url: api(path), headers: who.headers, ...(payload && { payload }) });
const addProfile = async (name: string, server: number) =>
  (await ok(await as(c.top, 'POST', 'apps/addProfile', { name, address: link(name), operator: 'mci', protocol: 'vless', type: 'normal', serverId: server })))
    .data.id as number;

let seq = 0;
/** `n` fresh devices of `app` report `outcome` on `profileId` for mci at `at`. */
async function vote(app: SeededApp, n: number, profileId: number, outcome: boolean, at: Date) {
  for (let i = 0; i < n; i++) {
    const uid = `alert-dev-${++seq}`;
    await t.db.insert(devices).values({ appId: app.id, uniqueDeviceId: uid, fcmToken: 'tok' });
    await ok(
      await t.app.inject({
        method: 'POST',
        url: api('apps/client/report'),
        headers: { appapikey: app.apiKey },
        remoteAddress: `10.9.${seq % 250}.1`,
        payload: { deviceId: uid, versionCode: 10, operator: 'mci', reports: [{ profileId, ok: outcome, latencyMs: 200, at: at.toISOString() }] },
      }),
    );
  }
}
const judgeAt = (at: Date) => t.app.fieldHealth.settle(at);
const cheapHealth = (appId: number) => t.db.update(appSettings).set({ healthMinDevices: 1, healthWindowMinutes: 60 }).where(eq(appSettings.appId, appId));

beforeAll(async () => {
  t = await createTestApp({
    configure: (config) => (config.clientReport = { deviceMax: 30, addressMax: 40, windowMs: 60_000, judgeDelayMs: 1e9, sweepMs: 0 }),
  });
  c = await callers(t);
  mine = await seedApp(t, c.owner.id, { keys: true });
  theirs = await seedApp(t, c.other.id, { keys: true });
  myServer = await seedServer(t, [mine.id]);
  theirServer = await seedServer(t, [theirs.id]);
  await cheapHealth(mine.id);
  await cheapHealth(theirs.id);
});
afterAll(() => t?.close());

describe('alerts', () => {
  it('records one alert when a verdict turns failing, none for a flap back within the window, and one again after it', async () => {
    const profile = await addProfile('flappy', myServer);
    const t0 = new Date(Date.now() - 8 * HOUR);
    await vote(mine, 1, profile, false, t0);
    const first = await judgeAt(new Date(t0.getTime() + 10 * MIN));
    expect(first.alerts).toEqual([
      expect.objectContaining({ appId: mine.id, profileId: profile, operator: 'mci', from: null, to: 'failing', delivery: false }),
    ]);

    // Working again twenty minutes later: the verdict changes, the alert is damped.
    await vote(mine, 4, profile, true, new Date(t0.getTime() + 20 * MIN));
    const flap = await judgeAt(new Date(t0.getTime() + 25 * MIN));
    expect(flap.verdictChanges).toEqual([expect.objectContaining({ profileId: profile, from: 'failing', to: 'working' })]);
    expect(flap.alerts).toEqual([]);

    // Once the window has passed, the damped change is told: no longer failing.
    const caught = await t.app.fieldHealth.sweep(new Date(t0.getTime() + 75 * MIN));
    expect(caught.alerts).toEqual([expect.objectContaining({ profileId: profile, from: 'failing', to: expect.stringMatching(/^(working|unknown)$/) })]);
    expect((await t.app.fieldHealth.sweep(new Date(t0.getTime() + 80 * MIN))).alerts).toEqual([]);

    // Failing again three hours on, past the window: another alert.
    const t2 = new Date(t0.getTime() + 3 * HOUR);
    await vote(mine, 1, profile, false, t2);
    const again = await judgeAt(new Date(t2.getTime() + 10 * MIN));
    expect(again.alerts).toEqual([expect.objectContaining({ profileId: profile, to: 'failing' })]);
    const stored = await t.db.select().from(fieldAlerts).where(eq(fieldAlerts.profileId, profile));
    expect(stored.map((a) => [a.toVerdict === 'failing', a.serverId])).toEqual([
      [true, myServer],
      [false, myServer],
      [true, myServer],
    ]);
  });

  it('lists each caller the alerts of their own servers only, newest first, and marks them read per user', async () => {
    const theirProfile = await addProfile('theirs', theirServer);
    const t0 = new Date(Date.now() - 2 * HOUR);
    await vote(theirs, 1, theirProfile, false, t0);
    expect((await judgeAt(new Date(t0.getTime() + 10 * MIN))).alerts).toHaveLength(1);

    const list = async (who: Caller) =>
      (await ok(await as(who, 'GET', 'apps/notifications'))).data as {
        rows: { id: number; appId: number; profileName: string; read: boolean }[];
        unread: number;
      };
    const mineList = await list(c.owner);
    expect(mineList.rows.length).toBeGreaterThanOrEqual(2);
    expect(new Set(mineList.rows.map((r) => r.appId))).toEqual(new Set([mine.id]));
    expect(mineList.rows.map((r) => r.id)).toEqual(mineList.rows.map((r) => r.id).sort((a, b) => b - a));
    expect(mineList.unread).toBe(mineList.rows.length);
    const theirList = await list(c.other);
    expect(theirList.rows.map((r) => [r.appId, r.profileName])).toEqual([[theirs.id, 'theirs']]);
    expect(theirList.unread).toBe(1);
    const top = await list(c.top);
    expect(new Set(top.rows.map((r) => r.appId))).toEqual(new Set([mine.id, theirs.id]));

    // Marking read is per user, up to the id given, and never moves back.
    const [newest, older] = mineList.rows;
    expect((await as(c.owner, 'POST', 'apps/notifications/read', { upTo: older.id })).statusCode).toBe(200);
    const partly = await list(c.owner);
    expect(partly.unread).toBe(1);
    expect(partly.rows.find((r) => r.id === newest.id)?.read).toBe(false);
    expect(partly.rows.find((r) => r.id === older.id)?.read).toBe(true);
    await ok(await as(c.owner, 'POST', 'apps/notifications/read', { upTo: newest.id }));
    await ok(await as(c.owner, 'POST', 'apps/notifications/read', { upTo: older.id }));
    expect((await list(c.owner)).unread).toBe(0);
    expect((await list(c.other)).unread).toBe(1);
    expect((await as(c.owner, 'POST', 'apps/notifications/read', { upTo: 0 })).statusCode).toBe(400);
  });
});

describe('the alert webhook', () => {
  let receiver: Server;
  const got: { path: string; body: string; signature: string | undefined; type: string | undefined }[] = [];
  let failNext = 1;

  beforeAll(async () => {
    receiver = createServer((req: IncomingMessage, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => {
        got.push({ path: req.url ?? '', body, signature: req.headers['x-signature'] as string | undefined, type: req.headers['content-type'] });
        const fail = req.url === '/down' || (req.url === '/hook' && failNext-- > 0);
        res.statusCode = fail ? 500 : 200;
        res.end(fail ? 'nope' : 'ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await t.app.alertWebhooks.stop();
    await new Promise((resolve) => receiver.close(resolve));
  });

  const waitFor = async (check: () => Promise<boolean>, ms = 10_000) => {
    const until = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > until) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  it('posts one signed alert, tries again after a 500, gives up after three tries, and logs each delivery for role_id 1', async () => {
    const port = (receiver.address() as AddressInfo).port;
    const secret = 'webhook-secret-42';
    await ok(await as(c.top, 'POST', `apps/updateSettings/${mine.id}`, { alertWebhookUrl: `http://127.0.0.1:${port}/hook`, alertWebhookSecret: secret }));
    // The secret is answered to role_id 1 only.
    expect((await ok(await as(c.top, 'GET', `apps/getApp/${mine.id}`))).data.settings.alertWebhookSecret).toBe(secret);
    expect((await ok(await as(c.owner, 'GET', `apps/getApp/${mine.id}`))).data.settings).not.toHaveProperty('alertWebhookSecret');
    await t.db
      .update(appSettings)
      .set({ alertWebhookUrl: `http://127.0.0.1:${port}/down` })
      .where(eq(appSettings.appId, theirs.id));

    const profile = await addProfile('hooked', myServer);
    const theirProfile = await addProfile('unreachable', theirServer);
    const t0 = new Date(Date.now() - 30 * MIN);
    await vote(mine, 1, profile, false, t0);
    await vote(theirs, 1, theirProfile, false, t0);
    const judged = await judgeAt(new Date(t0.getTime() + 5 * MIN));
    expect(judged.alerts.map((a) => [a.profileId, a.delivery])).toEqual(
      expect.arrayContaining([
        [profile, true],
        [theirProfile, true],
      ]),
    );

    t.app.alertWebhooks.start({ pollMs: 30, backoffMs: 60, tries: 3, timeoutMs: 2_000 });
    const deliveries = () => t.db.select().from(alertDeliveries);
    await waitFor(async () => (await deliveries()).every((d) => d.status !== 'pending'));

    const hooks = got.filter((g) => g.path === '/hook');
    expect(hooks).toHaveLength(2);
    expect(hooks[0].body).toBe(hooks[1].body);
    const sent = hooks[1];
    expect(sent.type).toBe('application/json');
    expect(sent.signature).toBe(`sha256=${createHmac('sha256', secret).update(sent.body).digest('hex')}`);
    expect(JSON.parse(sent.body)).toEqual({
      app: { id: mine.id, name: mine.name },
      profile: { id: profile, name: 'hooked' },
      server: { id: myServer, ip: expect.any(String) },
      operator: 'mci',
      from: null,
      to: 'failing',
      at: new Date(t0.getTime() + 5 * MIN).toISOString(),
    });
    // Their app has no secret: posted unsigned, three times, then given up.
    expect(got.filter((g) => g.path === '/down').map((g) => g.signature)).toEqual([undefined, undefined, undefined]);

    const log = (await ok(await as(c.top, 'GET', `apps/alertDeliveries/${mine.id}`))).data;
    expect(log).toEqual([
      expect.objectContaining({
        profileName: 'hooked',
        operator: 'mci',
        to: 'failing',
        status: 'delivered',
        attempts: 2,
        responseStatus: 200,
        lastError: null,
      }),
    ]);
    const theirLog = (await ok(await as(c.top, 'GET', `apps/alertDeliveries/${theirs.id}`))).data;
    expect(theirLog).toEqual([expect.objectContaining({ status: 'failed', attempts: 3, responseStatus: 500, lastError: 'HTTP 500' })]);
    expect((await as(c.owner, 'GET', `apps/alertDeliveries/${mine.id}`)).statusCode).toBe(403);
  });
});
