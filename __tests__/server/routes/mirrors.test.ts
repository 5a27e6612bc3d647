// The bundle mirrors on real git servers (loopback, Debian's git http-backend with token auth, on both
// engines): the top admin adds mirrors through the API, a setting changed through the API is
// published to each of them as one commit, each clone's file passes the reference verifier and
// openssl, the previous copy in the history is refused as older, a mirror that declines pushes shows
// the remote's message while the others succeed, a remote that hangs delays no one, the debounce and
// "publish now", the test action, the one-instance lease, and the token in no answer, state or audit row.
// (A tampered, an older and an expired bundle refused by the verifier: bundle.test.ts.)
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { BUNDLE_SHELL_CHECK } from '../../../src/contract/bundle';
import type { MirrorDto } from '../../../src/contract/mirrors';
import { eq, sql } from 'drizzle-orm';
import { appMirrors, auditLog } from '../../../server/src/db/schema';
import { hasGitHttpBackend, startGitServer, startSilentServer, type GitServer } from '../helpers/git-server';
import { callers, seedApp, type Callers, type SeededApp } from '../helpers/seed';
import { createTestApp, tempDir, type TestApp } from '../helpers/test-app';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../../..');
const VERIFIER = path.join(ROOT, 'scripts/verify-bundle.mjs');
const TOKENS = { a: 'tok-A-5d1f9c2e7b', b: 'tok-B-a83e61c0f4', refusing: 'tok-R-0b7d2e9a13', silent: 'tok-S-c4f1a8e2d9' };
const DEBOUNCE = 2_000;
const REFUSAL = 'mirror frozen by policy: pushes are refused';
const describeGit = hasGitHttpBackend() ? describe : describe.skip;
if (!hasGitHttpBackend()) console.warn('mirrors.test.ts skipped: /usr/lib/git-core/git-http-backend is missing (apt-get install git)');

let t: TestApp;
let c: Callers;
let app: SeededApp;
let a: GitServer;
let b: GitServer;
let refusing: GitServer;
let silent: { url: string; close(): Promise<void> };
const tmp = tempDir('mirrors-test-');
const answers: string[] = [];
const ids: Record<string, number> = {};

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  const res = await t.call(c.top.token, method, url, payload);
  answers.push(res.body);
  return res;
}
const mirrors = async (): Promise<MirrorDto[]> => (await call('GET', `apps/mirrors/${app.id}`)).json().data;
const byId = async (id: number) => (await mirrors()).find((m) => m.id === id)!;

async function until<T>(what: string, probe: () => Promise<T | undefined | false>, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const got = await probe();
    if (got) return got;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(await mirrors())}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A fresh clone of a server's branch, with its token (async: the servers run in this process). */
async function clone(server: GitServer, token: string, user = 'git'): Promise<string> {
  const dir = path.join(tmp.dir, `clone-${Math.random().toString(36).slice(2)}`);
  const header = `http.extraHeader=Authorization: Basic ${Buffer.from(`${user}:${token}`).toString('base64')}`;
  await run('git', ['-c', header, 'clone', '-q', '--branch', 'main', server.url, dir], { env: { ...process.env, GIT_TERMINAL_PROMPT: '0' } });
  return dir;
}

function verify(file: string, held?: number) {
  const keyFile = path.join(tmp.dir, 'pub.pem');
  const run = spawnSync(
    process.execPath,
    [VERIFIER, file, '--key', keyFile, '--app', app.packageName, ...(held !== undefined ? ['--held', String(held)] : [])],
    { encoding: 'utf8' },
  );
  return { status: run.status, result: JSON.parse(run.stdout || '{}') as { ok: boolean; reason?: string; version?: number } };
}

beforeAll(async () => {
  if (!hasGitHttpBackend()) return;
  t = await createTestApp();
  c = await callers(t);
  app = await seedApp(t, c.owner.id, { keys: true });
  [a, b, refusing, silent] = await Promise.all([
    startGitServer({ token: TOKENS.a }),
    startGitServer({ token: TOKENS.b, user: 'alice' }),
    startGitServer({ token: TOKENS.refusing, refusePushes: REFUSAL }),
    startSilentServer(),
  ]);
  const keys = (await call('GET', `apps/bundleKeys/${app.id}`)).json().data;
  writeFileSync(path.join(tmp.dir, 'pub.pem'), keys[0].publicKeyPem);
}, 60_000);

afterAll(async () => {
  if (!hasGitHttpBackend()) return;
  await t?.close();
  await Promise.all([a, b, refusing, silent].map((s) => s?.close()));
  tmp.remove();
});

describeGit('bundle mirrors on real git servers', () => {
  it('adds mirrors for role_id 1 only, checks their fields, and never answers a token', async () => {
    const add = (name: string, body: object) =>
      call('POST', `apps/mirrors/${app.id}`, body).then((res) => {
        expect([name, res.statusCode, res.body]).toEqual([name, 200, expect.any(String)]);
        ids[name] = res.json().data.id;
        return res.json().data as MirrorDto;
      });
    const bad = await call('POST', `apps/mirrors/${app.id}`, {
      kind: 'git',
      url: `http://u:${TOKENS.a}@127.0.0.1/x.git`,
      branch: '--force',
      path: '../x',
      token: 't',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['branch', 'path', 'url']);
    const owner = await t.call(c.owner.token, 'POST', `apps/mirrors/${app.id}`, { url: a.url, branch: 'main', path: 'b.json', token: 'x' });
    expect(owner.statusCode).toBe(403);
    expect((await t.call(c.owner.token, 'GET', `apps/mirrors/${app.id}`)).statusCode).toBe(403);

    const first = await add('a', { kind: 'git', url: a.url, branch: 'main', path: 'bundles/app.json', token: TOKENS.a });
    expect(first).toMatchObject({ url: a.url, branch: 'main', path: 'bundles/app.json', publishedVersion: null, lastError: null });
    await add('b', { url: b.url.replace('http://', 'http://alice@'), branch: 'main', path: 'app.json', token: TOKENS.b });
    await add('refusing', { url: refusing.url, branch: 'main', path: 'app.json', token: TOKENS.refusing });
    await add('silent', { url: silent.url, branch: 'main', path: 'app.json', token: TOKENS.silent });
  });

  it('publishes a setting changed through the API to every mirror as a signed bundle; the refusing one shows its error, the hanging one delays no one', async () => {
    const bases = ['https://api-new.example.org/api/v1'];
    expect((await call('POST', `apps/bundleSettings/${app.id}`, { apiBases: bases })).statusCode).toBe(200);
    const version = (await mirrors())[0].currentVersion;
    t.app.mirrors.start({ pollMs: 100, debounceMs: DEBOUNCE, backoffMs: 60_000, gitTimeoutMs: 60_000 });
    await until(
      'a and b published and the refusal stored',
      async () => {
        const [ma, mb, mr] = [await byId(ids.a), await byId(ids.b), await byId(ids.refusing)];
        return ma.publishedVersion === version && mb.publishedVersion === version && mr.lastError !== null;
      },
      25_000,
    );
    // The hanging remote is still being waited for: it held no one up. Once it goes away, its attempt fails.
    expect((await byId(ids.silent)).attemptedAt).toBeNull();
    await silent.close();
    expect(await until("the hanging remote's failure", async () => (await byId(ids.silent)).lastError)).toMatch(/^git fetch: /);

    for (const [server, token, user, file] of [
      [a, TOKENS.a, 'git', 'bundles/app.json'],
      [b, TOKENS.b, 'alice', 'app.json'],
    ] as const) {
      const dir = await clone(server, token, user);
      const bundleFile = path.join(dir, file);
      const doc = JSON.parse(readFileSync(bundleFile, 'utf8'));
      expect({ app: doc.app, version: doc.version, apiBases: doc.apiBases }).toEqual({ app: app.packageName, version, apiBases: bases });
      expect(verify(bundleFile)).toEqual({ status: 0, result: expect.objectContaining({ ok: true, version }) });
      const shell = spawnSync('bash', ['-c', `set -e -o pipefail\ncp ${JSON.stringify(bundleFile)} bundle.json\n${BUNDLE_SHELL_CHECK.join('\n')}`], {
        cwd: tmp.dir,
        encoding: 'utf8',
      });
      expect([shell.status, shell.stdout.trim()]).toEqual([0, 'Signature Verified Successfully']);
      expect(execFileSync('git', ['-C', dir, 'log', '--format=%s'], { encoding: 'utf8' }).trim()).toBe(`Bundle version ${version}`);
    }
    // Each server saw the user it expects (git by default, the URL's user otherwise), never a refusal.
    expect([a.refused, b.refused, new Set(a.users), new Set(b.users)]).toEqual([0, 0, new Set(['git']), new Set(['alice'])]);

    const r = await byId(ids.refusing);
    expect(r).toMatchObject({ publishedVersion: null, failures: 1 });
    expect(r.lastError).toContain(REFUSAL);
    expect(r.lastError).toContain('pre-receive hook declined');
    expect(execFileSync('git', ['-C', refusing.repo, 'branch', '--list'], { encoding: 'utf8' }).trim()).toBe('');
  }, 45_000);

  it('waits out the debounce before the next commit, and keeps the older copy in history, which the verifier refuses as older', async () => {
    expect((await call('POST', `apps/bundleSettings/${app.id}`, { apiBases: ['https://api-3.example.org/api/v1'] })).statusCode).toBe(200);
    const version = (await mirrors())[0].currentVersion;
    const publishedAt = Date.parse((await byId(ids.a)).publishedAt!);
    const second = await until(
      'the second version on a',
      async () => {
        const m = await byId(ids.a);
        return m.publishedVersion === version && m;
      },
      25_000,
    );
    expect(Date.parse(second.publishedAt!) - publishedAt).toBeGreaterThanOrEqual(DEBOUNCE);
    const dir = await clone(a, TOKENS.a);
    expect(execFileSync('git', ['-C', dir, 'rev-list', '--count', 'HEAD'], { encoding: 'utf8' }).trim()).toBe('2');
    const older = path.join(tmp.dir, 'older.json');
    writeFileSync(older, execFileSync('git', ['-C', dir, 'show', 'HEAD~1:bundles/app.json']));
    expect(verify(path.join(dir, 'bundles/app.json'), version - 1).result).toMatchObject({ ok: true, version });
    expect(verify(older, version)).toEqual({ status: 1, result: expect.objectContaining({ ok: false, reason: 'notNewer' }) });
  }, 30_000);

  it('publishes now on request, tests a remote without pushing, and reports a wrong token without showing it', async () => {
    const before = await byId(ids.b);
    const asked = await call('POST', `apps/mirrors/${app.id}/${ids.b}/publish`);
    expect(asked.json().data.requested).toBe(true);
    await until(
      'publish now on b',
      async () => {
        const m = await byId(ids.b);
        return !m.requested && m.publishedAt! > before.publishedAt! && m;
      },
      20_000,
    );
    const test = await call('POST', `apps/mirrors/${app.id}/${ids.a}/test`);
    expect(test.json().data).toEqual({ ok: true, branchExists: true, message: null });
    const wrong = 'tok-WRONG-77e1d0';
    expect((await call('PUT', `apps/mirrors/${app.id}/${ids.a}`, { url: a.url, branch: 'main', path: 'bundles/app.json', token: wrong })).statusCode).toBe(200);
    const failed = (await call('POST', `apps/mirrors/${app.id}/${ids.a}/test`)).json().data;
    expect(failed.ok).toBe(false);
    expect(failed.message).toMatch(/401|Authentication failed|could not read Username/i);
    expect(failed.message).not.toContain(wrong);
    // PUT without a token keeps the stored one.
    expect(
      (await call('PUT', `apps/mirrors/${app.id}/${ids.b}`, { url: b.url.replace('http://', 'http://alice@'), branch: 'main', path: 'app.json' })).statusCode,
    ).toBe(200);
    expect((await call('POST', `apps/mirrors/${app.id}/${ids.b}/test`)).json().data.ok).toBe(true);

    // An inactive app's bundle is not published: its mirrors say so, none is due even with no
    // debounce, "publish now" is refused; once the app is active again the newer version goes out.
    expect((await call('PUT', `apps/changeStatus/${app.id}/false`)).statusCode).toBe(200);
    expect((await call('POST', `apps/bundleSettings/${app.id}`, { apiBases: ['https://api-4.example.org/api/v1'] })).statusCode).toBe(200);
    const paused = await mirrors();
    expect(paused.map((m) => m.appActive)).toEqual(paused.map(() => false));
    expect((await t.repos.mirrors.due(10, [], 0)).filter((m) => m.appId === app.id)).toEqual([]);
    const refused = await call('POST', `apps/mirrors/${app.id}/${ids.b}/publish`);
    expect([refused.statusCode, refused.json().message]).toEqual([409, expect.stringMatching(/inactive/)]);
    expect((await byId(ids.b)).requested).toBe(false);
    expect((await call('PUT', `apps/changeStatus/${app.id}/true`)).statusCode).toBe(200);
    const newer = (await byId(ids.b)).currentVersion;
    await until('b publishes the newer version once the app is active', async () => (await byId(ids.b)).publishedVersion === newer);
    expect((await byId(ids.b)).appActive).toBe(true);
  }, 60_000);

  it('lets one instance publish at a time (the lease), and keeps the tokens out of every answer, state and audit row', async () => {
    expect(await t.repos.mirrors.lease('another-instance', 60_000)).toBe(false);
    expect(await t.repos.mirrors.lease(t.app.mirrors.holder, 60_000)).toBe(true);
    await t.app.mirrors.stop();
    expect(await t.repos.mirrors.lease('another-instance', 60_000)).toBe(true);
    await t.repos.mirrors.releaseLease('another-instance');

    const audit = JSON.stringify(await t.db.select().from(auditLog));
    expect(audit).toContain('app.mirrorPublish');
    expect(audit).toContain('app.mirrorPublishFailed');
    expect(audit).toContain('app.mirrorAdd');
    const everything = `${answers.join('\n')}\n${audit}`;
    for (const token of [...Object.values(TOKENS), 'tok-WRONG-77e1d0']) {
      expect(everything).not.toContain(token);
      expect(everything).not.toContain(Buffer.from(`git:${token}`).toString('base64'));
    }
    expect((await call('DELETE', `apps/mirrors/${app.id}/${ids.silent}`)).statusCode).toBe(200);
    expect((await mirrors()).map((m) => m.id)).toEqual([ids.a, ids.b, ids.refusing]);
  });

  it("debounces per app, not per mirror: a newer version waits for the app's last publish, so its mirrors publish it together", async () => {
    // The publisher is stopped (above): due() alone decides, on rows set as a past publish left them.
    const other = await seedApp(t, c.owner.id, { keys: true });
    const m = [1, 2, 3].map(() => ({ url: 'http://127.0.0.1:9/x.git', branch: 'main', path: 'b.json', kind: 'git' }));
    const [recent, older, fresh] = await Promise.all(m.map((f) => t.repos.mirrors.insert(other.id, f, 'sealed')));
    const current = (await t.repos.mirrors.get(other.id, recent))!.currentVersion;
    const ago = (s: number) => sql`now() - ${`${s} seconds`}::interval`;
    await t.db
      .update(appMirrors)
      .set({ publishedVersion: current - 1, publishedAt: ago(10) })
      .where(eq(appMirrors.id, recent));
    await t.db
      .update(appMirrors)
      .set({ publishedVersion: current - 1, publishedAt: ago(50) })
      .where(eq(appMirrors.id, older));
    const due = async (debounceMs: number) =>
      (await t.repos.mirrors.due(50, [], debounceMs))
        .filter((d) => d.appId === other.id)
        .map((d) => d.id)
        .sort();
    // 50 s since `older`'s own publish but 10 s since the app's last: with a 30 s debounce only the new mirror is due.
    expect(await due(30_000)).toEqual([fresh]);
    expect(await due(5_000)).toEqual([recent, older, fresh].sort());
    // The two others caught up: `recent`, still behind, waits out the app's debounce, not a mirror's.
    await t.db
      .update(appMirrors)
      .set({ publishedVersion: current, publishedAt: ago(40) })
      .where(eq(appMirrors.id, older));
    await t.db.update(appMirrors).set({ publishedVersion: current }).where(eq(appMirrors.id, fresh));
    expect(await due(30_000)).toEqual([]);
  });
});
