// Cutting a stretch of the device id order (repositories/devices/marks.ts) while registrations land
// in it: the cut locks devices against writes, so whichever way the sessions interleave (inserts,
// re-registrations changing the device id's app, deletes, before, during and after the cut), no
// write is lost and every device counts under the greatest mark not above its device id.
// PostgreSQL only: PGlite has one session.
import { sql } from 'drizzle-orm';
import { Client } from 'pg';
import { cutStretch } from '../../../server/src/repositories/devices/marks';
import { seedApp } from '../helpers/seed';
import { createTestApp, isPostgresMode, type TestApp } from '../helpers/test-app';

const onPostgres = isPostgresMode() ? describe : describe.skip;

onPostgres('a stretch cut under concurrent registrations', () => {
  let t: TestApp;
  const sessions: Client[] = [];
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await Promise.all(sessions.map((s) => s.end().catch(() => undefined)));
    await t?.close();
  });

  it('keeps every write and exact counts', async () => {
    const owner = await t.createUser({ role_id: 2 });
    const apps = [await seedApp(t, owner.id), await seedApp(t, owner.id)];
    await t.db.execute(sql`INSERT INTO devices (app_id, unique_device_id, fcm_token) SELECT ${apps[0].id}, 'crowd-' || k, 'f' FROM generate_series(1, 3000) k`);
    const url = (t.config.database as { url: string }).url;
    for (let i = 0; i < 4; i++) {
      const s = new Client({ connectionString: url });
      await s.connect();
      sessions.push(s);
    }
    // Each session: 150 statements into the crowded stretch, one at a time.
    const writers = sessions.map(async (s, i) => {
      for (let k = 0; k < 150; k++) {
        const appId = apps[(i + k) % 2].id;
        if (k % 5 === 4) await s.query(`DELETE FROM devices WHERE unique_device_id = $1`, [`crowd-${i * 150 + k}`]);
        else if (k % 5 === 3)
          await s.query(`UPDATE devices SET unique_device_id = unique_device_id || '-x' WHERE unique_device_id = $1`, [`crowd-${1000 + i * 150 + k}`]);
        else
          await s.query(`INSERT INTO devices (app_id, unique_device_id, fcm_token) VALUES ($1, $2, 'f') ON CONFLICT (app_id, unique_device_id) DO NOTHING`, [
            appId,
            `crowd-w${i}-${k}`,
          ]);
      }
    });
    await new Promise((r) => setTimeout(r, 20));
    await cutStretch(t.db, '', 100, 200);
    await Promise.all(writers);

    const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.db.execute(q)) as unknown as { rows: T[] }).rows;
    const [{ marks }] = await rows<{ marks: number }>(sql`SELECT count(*)::int AS marks FROM device_id_marks`);
    expect(marks).toBeGreaterThan(10);
    const [{ written }] = await rows<{ written: number }>(sql`SELECT count(*)::int AS written FROM devices WHERE unique_device_id LIKE 'crowd-w%'`);
    expect(written).toBe(4 * 90); // 90 inserts a session
    const diff = await rows<{ key: string; counted: string; stored: string }>(sql`
      SELECT concat_ws('/', coalesce(d.app_id, c.app_id), coalesce(d.mark, c.mark)) AS key, coalesce(d.n, 0)::text AS counted, coalesce(c.n, 0)::text AS stored
      FROM (SELECT app_id, (SELECT max(mark) FROM device_id_marks WHERE mark <= unique_device_id) AS mark, count(*) AS n FROM devices GROUP BY 1, 2) d
      FULL JOIN (SELECT app_id, mark, sum(n) AS n FROM device_mark_counts GROUP BY 1, 2) c ON c.app_id = d.app_id AND c.mark = d.mark`);
    expect(diff.length).toBeGreaterThan(10);
    expect(diff.filter((r) => r.counted !== r.stored)).toEqual([]);
  });
});
