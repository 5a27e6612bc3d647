// Starts the real API server (tsx server/src/main.ts) on a free loopback port with a temporary DATA_DIR
// (embedded PGlite), serving the built panel from dist/. Each e2e file gets its own server and data.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { copyDataTemplate } from './data-template';

export const ADMIN = { username: 'admin', email: 'admin@example.com', password: 'E2e-Admin-Pass1!' };

export interface RunningServer {
  url: string;
  dataDir: string;
  output: () => string;
  stop(): Promise<void>;
  /** Signs in through the API and returns the token. */
  signIn(login: string, password: string): Promise<string>;
  api(path: string, init?: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> }): Promise<{ status: number; body: any }>;
}

async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => ok(port));
    });
  });
}

export async function startServer(extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  const root = resolve(__dirname, '../../..');
  const dataDir = mkdtempSync(join(tmpdir(), 'panel-e2e-'));
  // a migrated database to start from, when the run made one (helpers/data-template.ts)
  if (!extraEnv.DATABASE_URL) await copyDataTemplate(dataDir);
  const port = await freePort();
  let log = '';
  const child: ChildProcess = spawn(join(root, 'node_modules/.bin/tsx'), [join(root, 'server/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (log += d));
  child.stderr?.on('data', (d) => (log += d));
  const url = `http://127.0.0.1:${port}`;
  // tsx compiles the server on start: a loaded 2-core machine can take over a minute (the hooks allow 180 s).
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${log}`);
    try {
      const r = await fetch(`${url}/api/health`);
      if (r.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become healthy in 150 s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }

  const api: RunningServer['api'] = async (path, init = {}) => {
    const headers: Record<string, string> = { 'content-type': 'application/json', ...init.headers };
    if (init.token) headers.authorization = `JWT ${init.token}`;
    const r = await fetch(`${url}/api/v1/${path}`, {
      method: init.method ?? 'GET',
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const text = await r.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: r.status, body };
  };

  return {
    url,
    dataDir,
    output: () => log,
    api,
    async signIn(login, password) {
      const r = await api('users/signin', { method: 'POST', body: { email: login, password } });
      if (r.status !== 200) throw new Error(`sign-in failed: ${r.status} ${JSON.stringify(r.body)}`);
      return r.body.token as string;
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
