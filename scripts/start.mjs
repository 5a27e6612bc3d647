// `npm start`: build the panel when dist/ is missing or stale, then run the API server, which serves dist/.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { buildIfStale, root } from './build-if-stale.mjs';

try {
  buildIfStale();
} catch (e) {
  console.error(e.message);
  process.exit(1);
}
const server = spawn(join(root, 'node_modules/.bin/tsx'), [join(root, 'server/src/main.ts')], { cwd: root, stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code) => process.exit(code ?? 0));
