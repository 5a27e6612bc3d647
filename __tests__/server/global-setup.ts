// Once per run, before the first server test file: the migrated database every test app starts from
// (helpers/test-app.ts), so initdb and the migrations run once per run instead of once per app.
// - server (PGlite): a dump of a migrated in-memory data dir in a temporary file, which each app
//   loads with PGlite's loadDataDir (about a third of the CPU of initdb plus migrations). The dump
//   holds only what an app's database needs: initdb makes 1 MB WAL segments instead of 16 MB (the
//   preallocated segment was 16 of the dump's 42 MB) and template0 and template1 are dropped (7.4 MB
//   each; a test app on PGlite never creates a database), so a load reads 16.7 MB instead of 42 MB:
//   0.57 -> 0.38 s of CPU per app;
// - server-postgres: a migrated database on TEST_DATABASE_URL's server, which each app clones with
//   CREATE DATABASE ... TEMPLATE.
// Only the migrations are done ahead; the seed still runs in every app, as on a real start. Tests
// of migrating an empty database ask for one (freshDatabase) and still get it.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase, PGLITE_EXTENSIONS, pgliteHandle } from '../../server/src/db/client';
import { adminQuery, PGLITE_SNAPSHOT_ENV, PG_TEMPLATE_ENV } from './helpers/admin-db';

const MIGRATIONS = path.resolve(__dirname, '../../server/src/db/migrations');

export default async function globalSetup(_global: unknown, project: { displayName?: { name: string } }): Promise<void> {
  if (project.displayName?.name === 'server-postgres') {
    const base = process.env.TEST_DATABASE_URL!;
    const name = `panel_template_${process.pid}_${randomBytes(4).toString('hex')}`;
    await adminQuery(base, `CREATE DATABASE "${name}"`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    const handle = await openDatabase({ kind: 'postgres', url: url.toString() });
    try {
      await handle.migrate(MIGRATIONS);
    } finally {
      // CREATE DATABASE ... TEMPLATE refuses a template anyone is connected to.
      await handle.close();
    }
    process.env[PG_TEMPLATE_ENV] = name;
  } else {
    const client = await PGlite.create('memory://', { extensions: PGLITE_EXTENSIONS, initDbStartParams: ['--wal-segsize=1'] });
    const handle = pgliteHandle(client);
    try {
      await handle.migrate(MIGRATIONS);
      for (const template of ['template0', 'template1']) {
        await client.exec(`ALTER DATABASE ${template} IS_TEMPLATE false`);
        await client.exec(`DROP DATABASE ${template}`);
      }
      await client.exec('CHECKPOINT');
      const dump = await client.dumpDataDir('none');
      const file = path.join(mkdtempSync(path.join(tmpdir(), 'panel-pglite-')), 'migrated.tar');
      writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
      process.env[PGLITE_SNAPSHOT_ENV] = file;
    } finally {
      await handle.close();
    }
  }
}
