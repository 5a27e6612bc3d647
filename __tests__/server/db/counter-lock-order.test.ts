// The dashboard counters' triggers (migrations 0006 and 0012) take counter rows in one order:
// versions before hours, each by its key. Before 0012 a registration that changed a device's
// version took the old version's row, the hour's, then the new version's, while a new device of
// that version took the new version's row, then the hour's; two such registrations in the same
// slot (pg_backend_pid() % 8) could each hold what the other waited for, and PostgreSQL ended one
// with "deadlock detected", which addDevice answered with a 500. Here a third session holds the
// hour's row so that both statements queue on it in that interleaving, deterministically; both
// must finish, and the counters must equal the rows. PostgreSQL only: PGlite has one session.
import { Client } from 'pg';
import { createTestApp, isPostgresMode, type TestApp } from '../helpers/test-app';
import { callers, makeApp } from '../helpers/seed';

const onPostgres = isPostgresMode() ? describe : describe.skip;

onPostgres('dashboard counters under concurrent registrations', () => {
  let t: TestApp;
  const sessions: Client[] = [];

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await Promise.all(sessions.map((s) => s.end().catch(() => undefined)));
    await t?.close();
  });

  const url = () => (t.config.database as { url: string }).url;
  const session = async () => {
    const s = new Client({ connectionString: url() });
    await s.connect();
    sessions.push(s);
    return s;
  };
  const pidOf = async (s: Client) => Number((await s.query('SELECT pg_backend_pid() AS pid')).rows[0].pid);
  /** Resolves once `pid`'s statement waits on a lock held by another session, or has finished. */
  const waitingOrDone = async (observer: Client, pid: number, statement: Promise<string>) => {
    let done = false;
    void statement.then(() => (done = true));
    for (let i = 0; i < 500 && !done; i++) {
      const { rows } = await observer.query(`SELECT wait_event_type FROM pg_stat_activity WHERE pid = $1`, [pid]);
      if (rows[0]?.wait_event_type === 'Lock') return 'waiting';
      await new Promise((r) => setTimeout(r, 20));
    }
    if (!done) throw new Error(`session ${pid} neither waited on a lock nor finished`);
    return 'done';
  };

  it('a version change and a new device of that version, queued on the same hour row, both finish', async () => {
    const c = await callers(t);
    const app = await makeApp(t, c, c.top);
    // Two sessions in the same counter slot (9 sessions always hold two with equal pid % 8).
    const bySlot = new Map<number, { s: Client; pid: number }>();
    let pair: [{ s: Client; pid: number }, { s: Client; pid: number }] | undefined;
    while (!pair) {
      const s = await session();
      const pid = await pidOf(s);
      const other = bySlot.get(pid % 8);
      if (other) pair = [other, { s, pid }];
      else bySlot.set(pid % 8, { s, pid });
    }
    const [a, b] = pair;
    const slot = a.pid % 8;
    const observer = await session();
    const staller = await session();

    // In a's slot: the counter rows of versions 1 and 2 and of this hour exist.
    const insert = (s: Client, id: string, version: string) =>
      s.query(`INSERT INTO devices (app_id, unique_device_id, fcm_token, app_version_code) VALUES ($1, $2, 'fcm', $3) RETURNING id`, [app.id, id, version]);
    const moved = Number((await insert(a.s, 'moves-1-to-2', '1')).rows[0].id);
    await insert(a.s, 'already-2', '2');

    await staller.query('BEGIN');
    const held = await staller.query(`SELECT n FROM device_hour_counts WHERE app_id = $1 AND slot = $2 AND hour = device_stats_hour(now()) FOR UPDATE`, [
      app.id,
      slot,
    ]);
    expect(held.rows).toHaveLength(1);

    // a: version 1 → 2 (before 0012: took version 1's row, then queued on the hour's; now it
    // changes the two versions' rows only, the hour's count being unchanged); b: a new device of
    // version 2 (version 2's row, then the hour's, where it queues).
    const change = a.s.query(`UPDATE devices SET app_version_code = '2' WHERE id = $1`, [moved]).then(
      () => 'ok',
      (e: Error) => e.message,
    );
    await waitingOrDone(observer, a.pid, change);
    const register = insert(b.s, 'new-2', '2').then(
      () => 'ok',
      (e: Error) => e.message,
    );
    expect(await waitingOrDone(observer, b.pid, register)).toBe('waiting');
    await staller.query('COMMIT');

    expect([await change, await register]).toEqual(['ok', 'ok']);
    const { rows } = await observer.query(
      `SELECT (SELECT sum(n) FROM device_version_counts WHERE app_id = $1 AND app_version = '2')::int AS v2,
              (SELECT sum(n) FROM device_version_counts WHERE app_id = $1 AND app_version = '1')::int AS v1,
              (SELECT count(*) FROM devices WHERE app_id = $1 AND app_version_code = '2')::int AS rows2`,
      [app.id],
    );
    expect(rows[0]).toEqual({ v2: 3, v1: 0, rows2: 3 });
  });
});
