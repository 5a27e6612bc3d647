// Publishing a file to a git remote over HTTP(S) with Debian's `git` binary (docs/product.md §7 "Mobile apps",
// the bundle mirrors): a shallow fetch of the branch into a temporary folder, the file written, one
// commit, one push. No shell: every git call is execFile with its own arguments and a clean
// environment. The token never reaches an argument, a URL or a log: it is sent as HTTP basic auth
// through `http.extraHeader`, given to git in the GIT_CONFIG_* environment variables, and every
// message a remote answers is scrubbed of it before it is stored or shown.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isBranchName, isMirrorPath, isMirrorUrl } from '../../../src/contract/mirrors';

export interface GitTarget {
  url: string;
  branch: string;
  path: string;
  token: string;
}

export interface GitOptions {
  /** Each git command is killed after this long; default 60 s. */
  timeoutMs?: number;
  /** The git binary; default `git` on PATH. */
  git?: string;
}

/** A remote's refusal or a failed command: `message` is safe to store and show. */
export class GitMirrorError extends Error {
  override readonly name = 'GitMirrorError';
}

/** The basic-auth user the hosts expect with a token, when the URL names none. */
export function basicAuthUser(url: URL): string {
  if (url.username) return decodeURIComponent(url.username);
  const host = url.hostname.toLowerCase();
  if (host === 'github.com' || host.endsWith('.github.com')) return 'x-access-token';
  if (host === 'gitlab.com' || host.startsWith('gitlab.')) return 'oauth2';
  if (host === 'bitbucket.org') return 'x-token-auth';
  return 'git'; // gitea and codeberg read the token as the password whatever the user
}

/** The URL as it is given to git and shown: no user name, no password. */
export function bareUrl(url: string): string {
  const u = new URL(url);
  u.username = '';
  u.password = '';
  return u.toString();
}

/** The message with the token, its basic-auth forms and any URL credentials taken out, cut to a readable length. */
export function scrub(text: string, secrets: string[]): string {
  let out = text;
  for (const s of secrets.filter((x) => x.length >= 4).sort((a, b) => b.length - a.length)) out = out.split(s).join('***');
  out = out.replace(/(https?:\/\/)[^/\s@]*@/gi, '$1').replace(/(authorization:\s*\w+\s+)\S+/gi, '$1***');
  out = out
    .split('\n')
    .map((l) => l.trimEnd())
    .filter((l) => l && !l.startsWith('hint:'))
    .join('\n');
  return out.length > 1000 ? `…${out.slice(-1000)}` : out;
}

function gitEnv(target: GitTarget, home: string): { env: NodeJS.ProcessEnv; secrets: string[] } {
  const url = new URL(target.url);
  const basic = Buffer.from(`${basicAuthUser(url)}:${target.token}`, 'utf8').toString('base64');
  const config: [string, string][] = [
    ['http.extraHeader', `Authorization: Basic ${basic}`],
    ['credential.helper', ''],
    ['http.followRedirects', 'false'],
    ['protocol.allow', 'never'],
    ['protocol.http.allow', 'always'],
    ['protocol.https.allow', 'always'],
    ['user.name', 'VPN panel'],
    ['user.email', 'panel@localhost'],
    ['commit.gpgSign', 'false'],
    ['init.defaultBranch', 'main'],
    ['advice.detachedHead', 'false'],
  ];
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: home,
    LANG: 'C',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_TERMINAL_PROMPT: '0',
    GIT_CONFIG_COUNT: String(config.length),
  };
  config.forEach(([k, v], i) => {
    env[`GIT_CONFIG_KEY_${i}`] = k;
    env[`GIT_CONFIG_VALUE_${i}`] = v;
  });
  return { env, secrets: [target.token, encodeURIComponent(target.token), basic] };
}

interface Run {
  (args: string[], okCodes?: number[]): Promise<{ code: number; stdout: string }>;
}

function runner(cwd: string, env: NodeJS.ProcessEnv, secrets: string[], options: GitOptions): Run {
  const git = options.git ?? 'git';
  const timeout = options.timeoutMs ?? 60_000;
  return (args, okCodes = [0]) =>
    new Promise((resolve, reject) => {
      execFile(git, args, { cwd, env, timeout, killSignal: 'SIGKILL', maxBuffer: 4 << 20, encoding: 'utf8' }, (err, stdout, stderr) => {
        const code = err ? (typeof err.code === 'number' ? err.code : -1) : 0;
        if (okCodes.includes(code)) return resolve({ code, stdout });
        const command = `git ${args[0] === '-C' ? args[2] : args[0]}`;
        const why = err && (err as { killed?: boolean }).killed ? `timed out after ${timeout} ms` : stderr || (err?.message ?? '');
        reject(new GitMirrorError(scrub(`${command}: ${why}`, secrets)));
      });
    });
}

function checkTarget(target: GitTarget): void {
  if (!isMirrorUrl(target.url) || !isBranchName(target.branch) || !isMirrorPath(target.path))
    throw new GitMirrorError("the mirror's URL, branch or path is not valid");
}

/** Runs `work` in a fresh temporary folder (also git's HOME), removed afterwards. */
async function inTempDir<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(path.join(tmpdir(), 'mirror-'));
  try {
    return await work(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Puts `content` at the target's path on its branch as one commit and pushes it. A branch the remote
 * does not have yet is made. Answers the new commit, or null when the file there already had these bytes.
 */
export async function publishFile(target: GitTarget, content: Buffer, message: string, options: GitOptions = {}): Promise<string | null> {
  checkTarget(target);
  return inTempDir(async (dir) => {
    const { env, secrets } = gitEnv(target, dir);
    const repo = path.join(dir, 'repo');
    const git = runner(dir, env, secrets, options);
    const inRepo = (args: string[], ok?: number[]) => git(['-C', repo, ...args], ok);
    const url = bareUrl(target.url);
    await git(['init', '-q', repo]);
    // A remote without the branch yet (a new, empty repository) gets it made by this push.
    const exists = await inRepo(['fetch', '-q', '--depth', '1', '--no-tags', '--', url, `refs/heads/${target.branch}`]).then(
      () => true,
      (err: GitMirrorError) => {
        if (/couldn't find remote ref/i.test(err.message)) return false;
        throw err;
      },
    );
    await inRepo(exists ? ['checkout', '-q', '-B', target.branch, 'FETCH_HEAD'] : ['checkout', '-q', '--orphan', target.branch]);
    const file = path.join(repo, ...target.path.split('/'));
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, content);
    await inRepo(['add', '--', target.path]);
    const staged = await inRepo(['diff', '--cached', '--quiet'], [0, 1]);
    if (staged.code === 0 && exists) return null;
    await inRepo(['commit', '-q', '-m', message]);
    const commit = (await inRepo(['rev-parse', 'HEAD'])).stdout.trim();
    await inRepo(['push', '-q', '--', url, `HEAD:refs/heads/${target.branch}`]);
    return commit;
  });
}

/** Checks that the remote answers and takes the token (a read): whether the branch is there yet. */
export async function testRemote(target: GitTarget, options: GitOptions = {}): Promise<{ branchExists: boolean }> {
  checkTarget(target);
  return inTempDir(async (dir) => {
    const { env, secrets } = gitEnv(target, dir);
    const heads = await runner(dir, env, secrets, options)(['ls-remote', '--heads', '--', bareUrl(target.url), `refs/heads/${target.branch}`]);
    return { branchExists: heads.stdout.trim() !== '' };
  });
}
