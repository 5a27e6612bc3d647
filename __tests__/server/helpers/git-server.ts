// Real git servers on loopback for the mirror tests: Debian's `git http-backend` (the smart HTTP
// protocol, as github, gitlab, gitea, codeberg and bitbucket speak it) run as CGI by a small Node
// HTTP host, one bare repository each, every request required to carry HTTP basic auth with the
// server's token. `refusePushes` installs a pre-receive hook that declines every push with a message,
// as a protected branch does.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, writeFileSync, chmodSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { tempDir } from './test-app';

export const GIT_HTTP_BACKEND = '/usr/lib/git-core/git-http-backend';
export const hasGitHttpBackend = (): boolean => existsSync(GIT_HTTP_BACKEND);

export interface GitServer {
  /** The repository's URL, no credentials. */
  url: string;
  /** The bare repository on disk. */
  repo: string;
  /** Authorization headers the server saw refused (wrong or missing token). */
  refused: number;
  /** Every Authorization header that reached the server (the tests check what was sent). */
  users: string[];
  close(): Promise<void>;
}

export interface GitServerOptions {
  token: string;
  /** The basic-auth user it requires; any when left out. */
  user?: string;
  refusePushes?: string;
}

export async function startGitServer({ token, user, refusePushes }: GitServerOptions): Promise<GitServer> {
  const root = tempDir('git-server-');
  const repo = path.join(root.dir, 'mirror.git');
  execFileSync('git', ['init', '-q', '--bare', '--initial-branch=main', repo]);
  execFileSync('git', ['-C', repo, 'config', 'http.receivepack', 'true']);
  if (refusePushes) {
    const hook = path.join(repo, 'hooks', 'pre-receive');
    writeFileSync(hook, `#!/bin/sh\necho ${JSON.stringify(refusePushes)} >&2\nexit 1\n`);
    chmodSync(hook, 0o755);
  }
  const state = { refused: 0, users: [] as string[] };
  const server = http.createServer((req, res) => {
    const [, scheme, encoded] = /^(\w+) (\S+)$/.exec(req.headers.authorization ?? '') ?? [];
    const [who, ...rest] = scheme === 'Basic' ? Buffer.from(encoded, 'base64').toString('utf8').split(':') : [];
    if (who !== undefined) state.users.push(who);
    if (rest.join(':') !== token || (user !== undefined && who !== user)) {
      state.refused++;
      res.writeHead(401, { 'www-authenticate': 'Basic realm="git"' }).end('bad credentials\n');
      return;
    }
    const url = new URL(req.url ?? '/', 'http://localhost');
    const cgi = spawn(GIT_HTTP_BACKEND, [], {
      env: {
        PATH: process.env.PATH,
        GIT_PROJECT_ROOT: root.dir,
        GIT_HTTP_EXPORT_ALL: '1',
        REQUEST_METHOD: req.method,
        PATH_INFO: decodeURIComponent(url.pathname),
        QUERY_STRING: url.search.slice(1),
        CONTENT_TYPE: req.headers['content-type'] ?? '',
        ...(req.headers['content-length'] && { CONTENT_LENGTH: req.headers['content-length'] }),
        ...(req.headers['content-encoding'] && { HTTP_CONTENT_ENCODING: req.headers['content-encoding'] }),
        ...(req.headers['git-protocol'] && { GIT_PROTOCOL: String(req.headers['git-protocol']) }),
        REMOTE_USER: who,
        REMOTE_ADDR: '127.0.0.1',
      },
    });
    req.pipe(cgi.stdin);
    let head = Buffer.alloc(0);
    let sent = false;
    cgi.stdout.on('data', (chunk: Buffer) => {
      if (sent) return void res.write(chunk);
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) return;
      let status = 200;
      const headers: Record<string, string> = {};
      for (const line of head.subarray(0, end).toString('latin1').split('\r\n')) {
        const i = line.indexOf(':');
        const [k, v] = [line.slice(0, i).trim(), line.slice(i + 1).trim()];
        if (k.toLowerCase() === 'status') status = Number.parseInt(v, 10);
        else headers[k] = v;
      }
      res.writeHead(status, headers);
      sent = true;
      res.write(head.subarray(end + 4));
    });
    cgi.on('close', () => res.end());
    cgi.on('error', () => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mirror.git`,
    repo,
    get refused() {
      return state.refused;
    },
    users: state.users,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      root.remove();
    },
  };
}

/** A server that takes connections and never answers: a remote hanging on every request. */
export async function startSilentServer(): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer(() => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mirror.git`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
