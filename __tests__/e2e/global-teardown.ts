// Stops a panel build still running when the run ends early (no e2e file waited for it), and
// removes its status folder.
import { rmSync } from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import { BUILD_DIR_ENV } from './helpers/build';

export default async function globalTeardown(): Promise<void> {
  const child = (globalThis as { panelBuild?: ChildProcess }).panelBuild;
  if (child && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((r) => child.once('exit', r));
    process.kill(-child.pid!, 'SIGTERM');
    await exited;
  }
  const dir = process.env[BUILD_DIR_ENV];
  if (dir) rmSync(dir, { recursive: true, force: true });
}
