// The server survives its database: PostgreSQL ends the server's connections (pg_terminate_backend,
// as a restart or a failover does) while writes are in flight. The process must not exit (an
// 'error' event on a checked-out pg client with no listener used to throw out of the socket's
// callback, which jest reports as this test's failure), every call the cut hits is a clean 503
// DB_UNAVAILABLE with Retry-After (never a 500), the next calls succeed once the database answers
// again, every write the server acknowledged is stored, and no connection stays checked out (the
// pool closes). Health answers 503 while the database refuses connections, 200 after. Those run
// on PostgreSQL only: PGlite runs in the process and has no connections to cut. The error mapping
// itself (which errors mean a lost connection) is checked on both engines, at the end.
import { Client } from 'pg';
import { inArray } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { devices, profiles } from '../../../server/src/db/schema';
import { toErrorResponse } from '../../../server/src/http/errors';
import { APP_API_KEY_HEADER } from '../../../src/contract';
import { adminQuery } from '../helpers/admin-db';
import { createTestApp, isPostgresMode, type TestApp } from '../helpers/test-app';
import { callers, seedApp, seedServer, type Callers } from '../helpers/seed';

const onPostgres = isPostgresMode() ? describe : describe.skip;

const VLESS = 'vless://3f1c9a6e-2b4d-4c8e-9f7a-1d2e3f4a5b6c@cdn.example.com:443?encryption=none&security=tls&sni=cdn.example.com&type=ws&path=%2Fws#WS-TLS';
const TERMINATE_ALL = 'SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Answer = { statusCode: number; body: string; headers: Record<string, unknown> };

/** A clean 503: `{message, code: 'DB_UNAVAILABLE'}` and a Retry-After. */
const isDbUnavailable = (res: Answer) => {
  const body = JSON.parse(res.body) as Record<string, unknown>;
  return res.statusCode === 503 && body.code === 'DB_UNAVAILABLE' && Object.keys(body).join() === 'message,code' && Number(res.headers['retry-after']) > 0;
};

onPostgres('PostgreSQL cutting the connections', () => {
  let t: TestApp;
  let closed = false;
  let c: Callers;
  let admin: Client;
  let apiKey: string;
  let serverId: number;

  beforeAll(async () => {
    t = await createTestApp();
    c = await callers(t);
    const seeded = await seedApp(t, c.owner.id);
    apiKey = seeded.apiKey;
    serverId = await seedServer(t, [seeded.id]);
    admin = new Client({ connectionString: (t.config.database as { url: string }).url });
    // This session never terminates itself (pid <> pg_backend_pid()), but the test must not die of it either.
    admin.on('error', () => undefined);
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end().catch(() => undefined);
    if (!closed) await t?.close();
  });

  const addDevice = (id: string) =>
    t.call(null, 'POST', 'apps/addDevice', { uniqueDeviceId: id, fcmToken: `token-${id}`, model: 'Pixel' }, { [APP_API_KEY_HEADER]: apiKey });
  const addProfile = (name: string) =>
    t.call(c.top.token, 'POST', 'apps/addProfile', { name, address: VLESS, operator: 'mci', protocol: 'vless', type: 'smart', serverId });

  it('answers GET /api/health 503 while the database refuses connections, 200 once it takes them again', async () => {
    const { rows } = await admin.query('SELECT current_database() AS name');
    const name = `"${rows[0].name as string}"`;
    // A database refuses this change from its own sessions: it is made from the server's first database.
    const server = process.env.TEST_DATABASE_URL!;
    expect((await t.call(null, 'GET', '/api/health')).statusCode).toBe(200);
    await adminQuery(server, `ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
    try {
      await admin.query(TERMINATE_ALL);
      await sleep(200);
      const down = await t.call(null, 'GET', '/api/health');
      expect({ status: down.statusCode, body: down.json() }).toEqual({ status: 503, body: { message: expect.any(String), code: 'DB_UNAVAILABLE' } });
      expect(isDbUnavailable(down)).toBe(true);
    } finally {
      await adminQuery(server, `ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
    }
    expect((await t.call(null, 'GET', '/api/health')).statusCode).toBe(200);
  });

  it('keeps running under a write load, answers 503 DB_UNAVAILABLE to the calls it cuts, and loses no acknowledged write', async () => {
    const changepass = await t.signedInUser();
    const stored = { devices: [] as number[], profiles: [] as number[] };
    const statuses: Record<number, number> = {};
    const unclean: string[] = [];
    /** Counts the answer; anything but a success, a clean 503 or a 4xx the call deserves is kept to fail the test. */
    const seen = (res: Answer, deserved: number[] = []) => {
      statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
      if (res.statusCode >= 300 && !deserved.includes(res.statusCode) && !isDbUnavailable(res)) unclean.push(`${res.statusCode} ${res.body}`);
      return res.statusCode === 200;
    };

    let killing = true;
    let kills = 0;
    const killer = (async () => {
      while (killing) {
        kills += (await admin.query(TERMINATE_ALL)).rows[0].n as number;
        await sleep(150);
      }
    })();
    let n = 0;
    const worker = async (w: number) => {
      while (killing) {
        const i = n++;
        const kind = (i + w) % 3;
        if (kind === 0) {
          const res = await addDevice(`cut-${i}`);
          if (seen(res)) stored.devices.push(res.json().data.id);
        } else if (kind === 1) {
          const res = await addProfile(`cut-${i}`);
          if (seen(res)) stored.profiles.push(res.json().data.id);
        } else {
          const res = await t.call(changepass.token, 'POST', 'users/changepass', {
            currentPassword: 'Not#Mine123',
            password: 'New#Pass123',
            repassword: 'New#Pass123',
          });
          // A wrong current password deserves its 400 (and a 429 once the sign-in limits lock it).
          seen(res, [400, 429]);
        }
      }
    };
    const load = Promise.all(Array.from({ length: 8 }, (_, w) => worker(w)));
    try {
      await sleep(3_000);
    } finally {
      killing = false;
      await Promise.all([load, killer]);
    }

    expect(unclean).toEqual([]);
    // The cuts happened and caught calls in flight, and calls went through between them: otherwise this proves nothing.
    expect(kills).toBeGreaterThan(0);
    expect(statuses).toEqual(expect.objectContaining({ 200: expect.any(Number), 503: expect.any(Number) }));

    // The last termination reaches the idle connections within a round trip; then all is as before.
    await sleep(300);
    expect((await t.call(null, 'GET', '/api/health')).statusCode).toBe(200);
    const after = await Promise.all([addDevice('after-cut'), addProfile('after-cut')]);
    expect(after.map((r) => r.statusCode)).toEqual([200, 200]);
    stored.devices.push(after[0].json().data.id);
    stored.profiles.push(after[1].json().data.id);

    const sorted = (ids: number[]) => [...new Set(ids)].sort((a, b) => a - b);
    const storedDevices = await t.db
      .select({ id: devices.id })
      .from(devices)
      .where(inArray(devices.id, sorted(stored.devices)));
    const storedProfiles = await t.db
      .select({ id: profiles.id })
      .from(profiles)
      .where(inArray(profiles.id, sorted(stored.profiles)));
    expect(sorted(storedDevices.map((r) => r.id))).toEqual(sorted(stored.devices));
    expect(sorted(storedProfiles.map((r) => r.id))).toEqual(sorted(stored.profiles));

    // Every connection went back to the pool: closing it waits for each, and a lost one would hang here.
    closed = true;
    const closing = t.close().then(() => 'closed');
    expect(await Promise.race([closing, sleep(5_000).then(() => 'a connection is still checked out')])).toBe('closed');
  });
});

describe('toErrorResponse and connection loss', () => {
  const pgError = (code: string, severity = 'ERROR') => Object.assign(new Error('from the server'), { code, severity });
  const wrapped = (cause: unknown) => new DrizzleQueryError('select 1', [], cause as Error);

  it('answers 503 DB_UNAVAILABLE with Retry-After for every way a connection is lost or not made, wrapped by Drizzle or not', () => {
    const lost = [
      pgError('57P01', 'FATAL'),
      pgError('57P02'),
      pgError('57P03'),
      pgError('08006'),
      pgError('08001'),
      pgError('53300'),
      // a FATAL error ends the session whatever its code (here: the database refuses connections)
      pgError('55000', 'FATAL'),
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }),
      new Error('Connection terminated unexpectedly'),
      new Error('Connection terminated'),
      new Error('Client has encountered a connection error and is not queryable'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Connection terminated due to connection timeout'),
    ];
    for (const err of lost) {
      for (const thrown of [err, wrapped(err)]) {
        expect(toErrorResponse(thrown)).toEqual({
          status: 503,
          body: { message: expect.any(String), code: 'DB_UNAVAILABLE' },
          headers: { 'retry-after': expect.stringMatching(/^[1-9]\d*$/) },
        });
      }
    }
  });

  it('leaves a failed statement a 500', () => {
    for (const err of [pgError('23505'), pgError('40P01'), pgError('42P01'), new Error('Connection refused by policy'), wrapped(pgError('22P02'))]) {
      expect(toErrorResponse(err)).toEqual({ status: 500, body: { message: 'Internal server error', code: 'INTERNAL' } });
    }
  });
});
