// Before any e2e file: fail clearly when no Chromium is installed, and start building the panel when
// dist/ is stale. The build runs in the background while the web and server files run (on a clean
// clone it is a minute or more of webpack); every e2e file waits for it first (setup.ts). Meanwhile
// this process also migrates one embedded database (helpers/server.ts copies it into each e2e
// server's data folder instead of running initdb and the migrations again: about half of a start).
import { spawn } from 'node:child_process';
import { mkdtempSync, openSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromiumPath } from './helpers/chromium';
import { BUILD_DIR_ENV } from './helpers/build';
import { makeDataTemplate } from './helpers/data-template';

export default async function globalSetup(): Promise<void> {
  chromiumPath();
  const root = resolve(__dirname, '../..');
  const dir = mkdtempSync(join(tmpdir(), 'panel-e2e-build-'));
  const log = openSync(join(dir, 'build.log'), 'w');
  // Its own process group, so the global teardown can stop npm and webpack with it.
  const child = spawn(process.execPath, ['scripts/build-if-stale.mjs'], { cwd: root, stdio: ['ignore', log, log], detached: true });
  child.on('exit', (code, signal) => writeFileSync(join(dir, 'status'), String(code ?? signal)));
  child.on('error', (err) => writeFileSync(join(dir, 'status'), err.message));
  process.env[BUILD_DIR_ENV] = dir;
  // not awaited: the tests start meanwhile; startServer waits for the template's marker
  void makeDataTemplate(dir);
  (globalThis as { panelBuild?: typeof child }).panelBuild = child;
}
