// The device list's trigram indexes merge their GIN pending lists at GIN_PENDING_LIST_KB
// (schema/devices.ts, migration 0015), not at PostgreSQL's default 4 MB: the text filter reads the
// pending lists whole, so after a burst of registrations a long list made a selective filter
// several times slower. The limit is each index's own storage parameter, so it holds for any
// session, the server's or not; both engines.
import { sql } from 'drizzle-orm';
import { GIN_PENDING_LIST_KB } from '../../../server/src/db/schema';
import { rowsOf } from '../../../server/src/repositories/devices/page-sql';
import { seedApp } from '../helpers/seed';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** The GIN indexes on devices, with their storage parameters. */
async function ginIndexes(): Promise<{ name: string; options: string[] | null }[]> {
  const res = await t.db.execute(sql`
    SELECT c.relname AS name, c.reloptions AS options
    FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am am ON am.oid = c.relam
    WHERE i.indrelid = 'devices'::regclass AND am.amname = 'gin' ORDER BY 1`);
  return rowsOf(res) as { name: string; options: string[] | null }[];
}

describe('GIN pending lists of the device list', () => {
  it('every GIN index on devices carries the limit as its own storage parameter', async () => {
    const indexes = await ginIndexes();
    expect(indexes.map((i) => i.name)).toEqual(['devices_fcm_token_start_trgm', 'devices_model_trgm', 'devices_unique_device_id_trgm']);
    for (const i of indexes) expect(i.options).toEqual([`gin_pending_list_limit=${GIN_PENDING_LIST_KB}`]);
  });

  it('a session at the default 4 MB still merges them at the limit', async () => {
    // One transaction, so that the session setting holds for the inserts: PostgreSQL's default,
    // under which these rows would all stay pending (about 250 pages of 8 kB, 8 times the
    // index's limit and half the session's).
    const owner = await t.createUser({ role_id: 2 });
    const app = await seedApp(t, owner.id);
    const pending = await t.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL gin_pending_list_limit = '4MB'`);
      await tx.execute(sql`
        INSERT INTO devices (app_id, unique_device_id, model, fcm_token, app_version_code)
        SELECT ${app.id}, md5('gin' || g) || '-' || md5('pending' || g), 'Model ' || md5('m' || g), md5('fcm' || g) || md5('token' || g), '1'
        FROM generate_series(1, 1500) AS g`);
      // Each call merges what is left pending and answers how many pending pages it emptied.
      const res = await tx.execute(sql`SELECT gin_clean_pending_list('devices_unique_device_id_trgm'::regclass)::int AS pages`);
      return Number((rowsOf(res)[0] as { pages: number }).pages);
    });
    expect(pending).toBeGreaterThan(0);
    expect(pending * 8).toBeLessThanOrEqual(GIN_PENDING_LIST_KB + 8);
  });
});
