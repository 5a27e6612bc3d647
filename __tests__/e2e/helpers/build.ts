// The panel build the e2e global setup starts in the background (global-setup.ts): where it
// reports, and the wait every e2e file does before it starts a server on dist/.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The folder holding the build's log (build.log) and, once it has ended, its exit status (status). */
export const BUILD_DIR_ENV = 'PANEL_E2E_BUILD_DIR';

/** Resolves once the build has ended well; rejects with the end of its log when it failed. */
export async function panelBuilt(timeoutMs: number): Promise<void> {
  const dir = process.env[BUILD_DIR_ENV];
  if (!dir) throw new Error('e2e: the global setup did not start the panel build');
  const status = join(dir, 'status');
  const deadline = Date.now() + timeoutMs;
  while (!existsSync(status)) {
    if (Date.now() > deadline) throw new Error(`e2e: the panel build did not end in ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 250));
  }
  const code = readFileSync(status, 'utf8');
  if (code !== '0') {
    const log = readFileSync(join(dir, 'build.log'), 'utf8');
    throw new Error(`e2e: the panel build failed (${code}):\n${log.slice(-4000)}`);
  }
}
