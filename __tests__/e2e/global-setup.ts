// Before any e2e file: fail clearly when no Chromium is installed, and build the panel once when dist/ is stale.
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { chromiumPath } from './helpers/chromium';

export default async function globalSetup(): Promise<void> {
  chromiumPath();
  const root = resolve(__dirname, '../..');
  const r = spawnSync(process.execPath, ['scripts/build-if-stale.mjs'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('e2e: the panel build failed');
}
