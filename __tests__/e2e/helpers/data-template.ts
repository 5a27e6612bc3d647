// A migrated embedded database for the e2e servers: the global setup migrates one PGlite folder per
// run (in jest's main process, while the panel builds and the first files run), and startServer copies it into each server's
// new DATA_DIR, so a server starts on a migrated database instead of running initdb and every
// migration again. Only the migrations are done ahead: each server still seeds its own admin and
// makes its own secrets at start, as a first real start does.
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { openDatabase } from '../../../server/src/db/client';
import { BUILD_DIR_ENV } from './build';

const MIGRATIONS = resolve(__dirname, '../../../server/src/db/migrations');
/** The server's PGlite folder inside DATA_DIR (server/src/config.ts). */
export const PGLITE_SUBDIR = 'pglite';

const templateDir = (buildDir: string) => join(buildDir, 'pglite-template');
const statusFile = (buildDir: string) => join(buildDir, 'pglite-template.status');

/** Migrates the template; writes its status file ('ok' or the error) either way. */
export async function makeDataTemplate(buildDir: string): Promise<void> {
  try {
    const handle = await openDatabase({ kind: 'pglite', dir: templateDir(buildDir) });
    try {
      await handle.migrate(MIGRATIONS);
    } finally {
      await handle.close();
    }
    writeFileSync(statusFile(buildDir), 'ok');
  } catch (e) {
    writeFileSync(statusFile(buildDir), `failed: ${(e as Error).stack ?? e}`);
  }
}

/**
 * Copies the migrated template into `dataDir` once it is ready; false when this run has none (a
 * server started outside jest's e2e project), and then the server migrates its own.
 */
export async function copyDataTemplate(dataDir: string, timeoutMs = 120_000): Promise<boolean> {
  const buildDir = process.env[BUILD_DIR_ENV];
  if (!buildDir) return false;
  const deadline = Date.now() + timeoutMs;
  while (!existsSync(statusFile(buildDir))) {
    if (Date.now() > deadline) throw new Error(`e2e: the migrated database template was not ready in ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const status = readFileSync(statusFile(buildDir), 'utf8');
  if (status !== 'ok') throw new Error(`e2e: migrating the database template failed: ${status}`);
  cpSync(templateDir(buildDir), join(dataDir, PGLITE_SUBDIR), { recursive: true });
  return true;
}
