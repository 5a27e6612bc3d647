// Builds the panel into dist/ when dist/ is missing or older than its sources (by modification time).
// Shared by `npm start` and the e2e global setup, so both serve the same fresh build.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));
const inputs = ['src', 'public', 'webpack.config.ts', 'package-lock.json'];

function newest(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const name of readdirSync(path)) max = Math.max(max, newest(join(path, name)));
  return max;
}

export function buildIfStale() {
  const index = join(root, 'dist/index.html');
  const builtAt = existsSync(index) ? statSync(index).mtimeMs : 0;
  const sourcesAt = Math.max(...inputs.map((p) => newest(join(root, p))));
  if (builtAt >= sourcesAt) return false;
  console.log(builtAt ? 'panel sources changed: rebuilding dist/' : 'no dist/: building the panel');
  const r = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`panel build failed (exit ${r.status})`);
  return true;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) buildIfStale();
