// The server's PostgreSQL sessions merge a GIN pending list at GIN_PENDING_LIST_LIMIT
// (server/src/db/client.ts), not at PostgreSQL's default 4 MB: the device list's text filter reads
// the trigram indexes' pending lists whole, so after a burst of registrations a long list made a
// selective filter several times slower. PostgreSQL only: PGlite has no pool options.
import { sql } from 'drizzle-orm';
import { GIN_PENDING_LIST_LIMIT } from '../../../server/src/db/client';
import { createTestApp, isPostgresMode, type TestApp } from '../helpers/test-app';

const onPostgres = isPostgresMode() ? describe : describe.skip;

onPostgres('GIN pending lists', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it("every pooled session merges them at the server's limit", async () => {
    // Several sessions of the pool at once, each asked.
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => t.db.execute(sql`SELECT current_setting('gin_pending_list_limit') AS v, pg_backend_pid() AS pid, pg_sleep(0.05)`)),
    );
    const rows = answers.map((r) => (r as unknown as { rows: { v: string; pid: number }[] }).rows[0]);
    expect(new Set(rows.map((r) => r.pid)).size).toBeGreaterThan(1);
    for (const r of rows) expect(r.v).toBe(GIN_PENDING_LIST_LIMIT);
  });
});
