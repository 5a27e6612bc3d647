// Removes what global-setup.ts made: the PGlite dump's folder, or the template database.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { adminQuery, PGLITE_SNAPSHOT_ENV, PG_TEMPLATE_ENV } from './helpers/admin-db';

export default async function globalTeardown(_global: unknown, project: { displayName?: { name: string } }): Promise<void> {
  if (project.displayName?.name === 'server-postgres') {
    const name = process.env[PG_TEMPLATE_ENV];
    if (name) await adminQuery(process.env.TEST_DATABASE_URL!, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } else {
    const file = process.env[PGLITE_SNAPSHOT_ENV];
    if (file) rmSync(path.dirname(file), { recursive: true, force: true });
  }
}
