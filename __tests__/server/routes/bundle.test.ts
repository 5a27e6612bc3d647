// The signed bundle (what lets an app trust a config read from a mirror), on both engines: GET apps/client/bundle (key rules, the document and its
// canonical bytes in their fixed key order, the payload that decrypts to what apps/client/config
// answers), its signature checked three independent ways (node:crypto, the reference verifier
// scripts/verify-bundle.mjs run as app developers run it, and the real `openssl pkeyutl`), the
// verifier refusing a tampered, an older, an expired, a foreign and an untrusted bundle, the ETag and
// 304, two instances agreeing byte for byte; the keys (per app, made on first use, rotation keeping
// the old one listed, who may read and rotate) and the API bases; and the private key in no answer
// and no audit row.
import { spawnSync } from 'node:child_process';
import { createPrivateKey, createPublicKey, verify } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { BUNDLE_SHELL_CHECK } from '../../../src/contract/bundle';
import { buildApp } from '../../../server/src/app';
import type { DbHandle } from '../../../server/src/db/client';
import { appBundleKeys } from '../../../server/src/db/schema';
import { signingKeyContext } from '../../../server/src/domain/bundle';
import { decryptWord } from '../../../server/src/domain/word-crypto';
import { createTestApp, isPostgresMode, tempDir, type TestApp } from '../helpers/test-app';
import { api, callers, makeApp, type Caller, type Callers } from '../helpers/seed';

const ROOT = path.resolve(__dirname, '../../..');
const VERIFIER = path.join(ROOT, 'scripts/verify-bundle.mjs');
const UUID = '3f1c9a6e-2b4d-4c8e-9f7a-1d2e3f4a5b6c';
const VLESS = `vless://${UUID}@cdn.example.com:443?encryption=none&security=tls&sni=cdn.example.com&type=ws&path=%2Fws#WS-TLS`;
const FIELDS = ['v', 'app', 'version', 'issuedAt', 'expiresAt', 'apiBases', 'payload'];
const DAY = 86_400_000;

interface Doc {
  v: number;
  app: string;
  version: number;
  issuedAt: string;
  expiresAt: string;
  apiBases: string[];
  payload: string;
  sig: string;
}
interface KeyDto {
  id: number;
  publicKeyPem: string;
  publicKey: string;
  createdAt: string;
  active: boolean;
}
type AppRef = { id: number; apiKey: string; packageName: string };

let t: TestApp;
let c: Callers;
let theApp: AppRef;
let otherApp: AppRef;
let core: { newCoreKey: string; newCoreIv: string };
const tmp = tempDir('bundle-test-');
let files = 0;
/** Every body the API answered in this file, searched for the private keys at the end. */
const answers: string[] = [];

async function call(who: Caller | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method, url: api(url), headers: { ...who?.headers, ...headers }, ...(payload && { payload }) });
  answers.push(res.body);
  return res;
}
async function ok(res: { statusCode: number; body: string }) {
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  return JSON.parse(res.body);
}
const bundle = (target: AppRef = theApp, headers: Record<string, string> = {}) =>
  call(null, 'GET', 'apps/client/bundle', undefined, { appapikey: target.apiKey, ...headers });
const keysOf = async (target: AppRef = theApp, who: Caller = c.top): Promise<KeyDto[]> =>
  (await ok(await call(who, 'GET', `apps/bundleKeys/${target.id}`))).data;
const configVersion = async (target: AppRef = theApp) => (await t.repos.clientConfig.versionOf(target.id))!.version;

function file(content: string | Buffer, ext: string): string {
  const name = path.join(tmp.dir, `f${++files}.${ext}`);
  writeFileSync(name, content);
  return name;
}

/** The canonical bytes built here, independently of the server: the fields in their fixed order. */
const canonical = (doc: Omit<Doc, 'sig'>) => Buffer.from(JSON.stringify(Object.fromEntries(FIELDS.map((f) => [f, doc[f as keyof typeof doc]]))), 'utf8');

/** Runs the reference verifier as a shell would. */
function verifier(body: string, keys: string[], app: string, extra: string[] = []) {
  const args = [VERIFIER, file(body, 'json'), ...keys.flatMap((k) => ['--key', k.startsWith('-----') ? file(k, 'pem') : k]), '--app', app, ...extra];
  const run = spawnSync(process.execPath, args, { encoding: 'utf8' });
  return { status: run.status, result: JSON.parse(run.stdout || '{}') as { ok: boolean; reason?: string; version?: number; key?: number }, stderr: run.stderr };
}

/** `openssl pkeyutl -verify -pubin -inkey pub.pem -rawin -in canonical.bin -sigfile sig.bin`, as the help page shows it. */
function openssl(pem: string, signed: Buffer, sig: Buffer) {
  const run = spawnSync(
    'openssl',
    ['pkeyutl', '-verify', '-pubin', '-inkey', file(pem, 'pem'), '-rawin', '-in', file(signed, 'bin'), '-sigfile', file(sig, 'sig')],
    { encoding: 'utf8' },
  );
  return { status: run.status, out: `${run.stdout}${run.stderr}` };
}

/** A copy of the body with one character of the payload changed (still base64). */
function tampered(body: string): string {
  const at = body.indexOf('"payload":"') + '"payload":"'.length + 10;
  return body.slice(0, at) + (body[at] === 'A' ? 'B' : 'A') + body.slice(at + 1);
}

beforeAll(async () => {
  t = await createTestApp();
  c = await callers(t);
  theApp = await makeApp(t, c, c.owner);
  otherApp = await makeApp(t, c, c.owner);
  core = (await ok(await call(c.top, 'GET', `apps/getApp/${theApp.id}`))).data.settings;
  const countries = (await ok(await call(c.top, 'GET', 'apps/countries'))).data as { id: number; code: string }[];
  const server = await ok(
    await call(c.top, 'POST', 'apps/addServer', {
      appId: [theApp.id],
      countryId: countries.find((x) => x.code === 'DE')!.id,
      ip: '10.1.2.3',
      username: null,
      password: null,
      port: 22,
    }),
  );
  await ok(
    await call(c.top, 'POST', 'apps/addProfile', {
      name: 'P-vless',
      address: VLESS,
      operator: 'mci',
      protocol: 'vless',
      type: 'normal',
      serverId: server.data.id,
    }),
  );
  await ok(await call(c.top, 'POST', `apps/updateSettings/${theApp.id}`, { updateText: 'به‌روزرسانی', englishUpdateText: 'Please update' }));
  await ok(await call(c.top, 'POST', 'apps/versionBlock', { appId: theApp.id, appVersion: 7 }));
});

afterAll(async () => {
  await t.close();
  tmp.remove();
});

describe('GET apps/client/bundle: who may call', () => {
  it('401 without a key or with an unknown one, 403 APP_INACTIVE while inactive, 409 APP_KEYS_MISSING without core keys', async () => {
    expect((await call(null, 'GET', 'apps/client/bundle')).statusCode).toBe(401);
    expect((await call(null, 'GET', 'apps/client/bundle', undefined, { appapikey: 'f'.repeat(64) })).statusCode).toBe(401);
    const inactive = await makeApp(t, c, c.owner);
    await ok(await call(c.top, 'PUT', `apps/changeStatus/${inactive.id}/false`));
    const refused = await bundle(inactive);
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'APP_INACTIVE']);
    const keyless = await makeApp(t, c, c.owner);
    await t.db.execute(sql`UPDATE app_settings SET new_core_iv = NULL WHERE app_id = ${keyless.id}`);
    const missing = await bundle(keyless);
    expect([missing.statusCode, missing.json().code]).toEqual([409, 'APP_KEYS_MISSING']);
    expect((await bundle()).statusCode).toBe(200);
  });
});

describe('the document', () => {
  it('has exactly the fields in the signed order then sig, and its signed part is the canonical bytes', async () => {
    const res = await bundle();
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const doc = res.json() as Doc;
    expect(Object.keys(doc)).toEqual([...FIELDS, 'sig']);
    // The body is the canonical text (built here, not by the server) with `,"sig":"…"` before the closing brace.
    const expected = canonical(doc).toString('utf8');
    expect(res.body).toBe(`${expected.slice(0, -1)},"sig":"${doc.sig}"}`);
    expect(expected.startsWith('{"v":1,"app":"')).toBe(true);
    expect(res.body).not.toMatch(/\s/);
    expect(doc).toMatchObject({ v: 1, app: theApp.packageName, version: await configVersion(), apiBases: [] });
  });

  it('is dated from the start of the UTC day and expires 7 days later', async () => {
    const before = Date.now();
    const doc = (await bundle()).json() as Doc;
    const issued = Date.parse(doc.issuedAt);
    expect(doc.issuedAt).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00\.000Z$/);
    expect(issued).toBeLessThanOrEqual(before);
    expect(before - issued).toBeLessThan(DAY);
    expect(Date.parse(doc.expiresAt) - issued).toBe(7 * DAY);
  });

  it('carries in its payload, encrypted like apps/wordEncryption, the whole config of apps/client/config for every operator', async () => {
    const doc = (await bundle()).json() as Doc;
    const plain = JSON.parse(decryptWord(doc.payload, core.newCoreKey, core.newCoreIv));
    const config = (await ok(await call(null, 'GET', 'apps/client/config?versionCode=10&lang=fa', undefined, { appapikey: theApp.apiKey }))).data;
    expect(plain.data).toEqual(config);
    expect(plain.blockedVersions).toEqual(['7']);
    expect(plain.updateText).toEqual({ fa: 'به‌روزرسانی', en: 'Please update' });
    // The profiles inside are encrypted as today, and decrypt to the stored link.
    const [profile] = plain.data.servers[0].profiles;
    expect(decryptWord(profile.config, core.newCoreKey, core.newCoreIv)).toBe(VLESS);
    expect(doc.payload.includes('vless') || JSON.stringify(doc).includes(UUID)).toBe(false);
  });
});

describe('the signature', () => {
  it('verifies with the listed key three ways: node:crypto, the reference verifier and openssl pkeyutl', async () => {
    const res = await bundle();
    const doc = res.json() as Doc;
    const [key] = await keysOf();
    expect(key.active).toBe(true);
    const sig = Buffer.from(doc.sig, 'base64');
    expect(sig).toHaveLength(64);
    expect(verify(null, canonical(doc), createPublicKey(key.publicKeyPem), sig)).toBe(true);
    // The raw 32-byte key is the same key as the PEM.
    expect(Buffer.from(key.publicKey, 'base64')).toHaveLength(32);
    expect(Buffer.from(createPublicKey(key.publicKeyPem).export({ format: 'jwk' }).x!, 'base64url').toString('base64')).toBe(key.publicKey);

    for (const trusted of [key.publicKeyPem, key.publicKey]) {
      const run = verifier(res.body, [trusted], theApp.packageName, ['--held', String(doc.version - 1)]);
      expect(run).toMatchObject({ status: 0, result: { ok: true, version: doc.version, key: 0 } });
    }

    // The verifier's own canonical file and signature file are what openssl checks.
    const canon = path.join(tmp.dir, 'canonical.bin');
    const sigFile = path.join(tmp.dir, 'sig.bin');
    expect(verifier(res.body, [key.publicKey], theApp.packageName, ['--canonical', canon, '--sig', sigFile]).status).toBe(0);
    const byOpenssl = spawnSync(
      'openssl',
      ['pkeyutl', '-verify', '-pubin', '-inkey', file(key.publicKeyPem, 'pem'), '-rawin', '-in', canon, '-sigfile', sigFile],
      { encoding: 'utf8' },
    );
    expect([byOpenssl.status, byOpenssl.stdout.trim()]).toEqual([0, 'Signature Verified Successfully']);
    expect(openssl(key.publicKeyPem, canonical(doc), sig).status).toBe(0);
    // openssl is a real check: one changed byte fails it.
    const changed = Buffer.from(canonical(doc));
    changed[changed.length - 5] ^= 1;
    expect(openssl(key.publicKeyPem, changed, sig)).toMatchObject({ status: 1, out: expect.stringContaining('Signature Verification Failure') });
  });

  it('verifies from a shell with the commands the help page shows, and a tampered copy does not', async () => {
    const res = await bundle();
    const [key] = await keysOf();
    const run = (body: string) => {
      const dir = tempDir('bundle-shell-');
      try {
        writeFileSync(path.join(dir.dir, 'bundle.json'), body);
        writeFileSync(path.join(dir.dir, 'pub.pem'), key.publicKeyPem);
        const out = spawnSync('bash', ['-c', `set -e -o pipefail\n${BUNDLE_SHELL_CHECK.join('\n')}`], { cwd: dir.dir, encoding: 'utf8' });
        const signed = readFileSync(path.join(dir.dir, 'canonical.bin'));
        return { status: out.status, out: `${out.stdout}${out.stderr}`, signed };
      } finally {
        dir.remove();
      }
    };
    const good = run(res.body);
    expect(good).toMatchObject({ status: 0, out: expect.stringContaining('Signature Verified Successfully') });
    expect(good.signed.equals(canonical(res.json() as Doc))).toBe(true);
    expect(run(tampered(res.body))).toMatchObject({ status: 1, out: expect.stringContaining('Signature Verification Failure') });
  });

  it('the verifier refuses a tampered, an older, an expired, a foreign and an untrusted bundle', async () => {
    const res = await bundle();
    const doc = res.json() as Doc;
    const [key] = await keysOf();
    const held = ['--held', String(doc.version - 1)];
    const reason = (body: string, extra: string[], keys = [key.publicKeyPem], app = theApp.packageName) => {
      const run = verifier(body, keys, app, extra);
      return run.status === 0 ? 'accepted' : `${run.status} ${run.result.reason}`;
    };
    expect(reason(res.body, held)).toBe('accepted');
    // One byte of the payload changed.
    const forged = tampered(res.body);
    expect(forged).not.toBe(res.body);
    expect(forged.length).toBe(res.body.length);
    expect(reason(forged, held)).toBe('1 signature');
    // Not newer than what the app holds: the same version, or an older bundle than the one held.
    expect(reason(res.body, ['--held', String(doc.version)])).toBe('1 notNewer');
    expect(reason(res.body, ['--held', String(doc.version + 5)])).toBe('1 notNewer');
    // Expired: at expiresAt and after; still good a moment before.
    expect(reason(res.body, [...held, '--now', doc.expiresAt])).toBe('1 expired');
    expect(reason(res.body, [...held, '--now', new Date(Date.parse(doc.expiresAt) + DAY).toISOString()])).toBe('1 expired');
    expect(reason(res.body, [...held, '--now', new Date(Date.parse(doc.expiresAt) - 1000).toISOString()])).toBe('accepted');
    // Another app's package name, another app's key, a field added.
    expect(reason(res.body, held, [key.publicKeyPem], otherApp.packageName)).toBe('1 app');
    const [foreignKey] = await keysOf(otherApp);
    expect(reason(res.body, held, [foreignKey.publicKeyPem])).toBe('1 signature');
    expect(reason(res.body.replace('{"v":1,', '{"v":1,"extra":1,'), held)).toBe('1 format');
  });
});

describe('caching', () => {
  it('answers a strong ETag, 304 to If-None-Match, and the same bytes until the config changes', async () => {
    const first = await bundle();
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect(first.headers.vary).toMatch(/appapikey/i);
    const again = await bundle(theApp, { 'if-none-match': etag });
    expect([again.statusCode, again.body]).toEqual([304, '']);
    expect((await bundle()).body).toBe(first.body);
    await ok(await call(c.top, 'POST', `apps/updateSettings/${theApp.id}`, { connectDelay: 9 }));
    const next = await bundle(theApp, { 'if-none-match': etag });
    expect(next.statusCode).toBe(200);
    expect(next.json().version).toBeGreaterThan(first.json().version);
  });

  describe('two instances on one database', () => {
    let second: { app: TestApp['app']; close(): Promise<void> };
    beforeAll(async () => {
      if (isPostgresMode()) {
        const b = await createTestApp({ database: t.config.database });
        second = { app: b.app, close: () => b.close() };
      } else {
        const handle: DbHandle = { db: t.db, kind: 'pglite', migrate: async (_dir, after) => after?.(t.db), close: async () => undefined };
        const b = await buildApp({ config: t.config, db: handle, announce: () => undefined });
        await b.ready();
        second = { app: b, close: () => b.close() };
      }
    });
    afterAll(async () => {
      await second?.close();
    });

    it('sign the same bytes (same ETag), and a rotation through one is in the next bundle of the other', async () => {
      const viaB = () => second.app.inject({ method: 'GET', url: api('apps/client/bundle'), headers: { appapikey: theApp.apiKey } });
      const b1 = await viaB();
      const a1 = await bundle();
      expect(b1.body).toBe(a1.body);
      expect(b1.headers.etag).toBe(a1.headers.etag);
      const rotated = (await ok(await call(c.top, 'POST', `apps/bundleKeys/${theApp.id}/rotate`))).data as KeyDto[];
      const b2 = await viaB();
      const doc = b2.json() as Doc;
      expect(doc.version).toBeGreaterThan((a1.json() as Doc).version);
      expect(verify(null, canonical(doc), createPublicKey(rotated[0].publicKeyPem), Buffer.from(doc.sig, 'base64'))).toBe(true);
      expect((await bundle()).body).toBe(b2.body);
    });
  });
});

describe('signing keys', () => {
  it('are made on first use, one per app', async () => {
    const fresh = await makeApp(t, c, c.owner);
    expect(await t.db.select().from(appBundleKeys).where(eq(appBundleKeys.appId, fresh.id))).toEqual([]);
    const listed = await keysOf(fresh, c.owner);
    expect(listed).toEqual([
      {
        id: expect.any(Number),
        publicKeyPem: expect.stringMatching(/^-----BEGIN PUBLIC KEY-----\n/),
        publicKey: expect.any(String),
        createdAt: expect.any(String),
        active: true,
      },
    ]);
    // Asking again makes no second key; another app has a key of its own.
    expect(await keysOf(fresh, c.owner)).toEqual(listed);
    const [other] = await keysOf(otherApp);
    expect(other.publicKey).not.toBe(listed[0].publicKey);
    expect(other.id).not.toBe(listed[0].id);
    // The key that signs the app's bundle is the listed one.
    const doc = (await bundle(fresh)).json() as Doc;
    expect(verify(null, canonical(doc), createPublicKey(listed[0].publicKeyPem), Buffer.from(doc.sig, 'base64'))).toBe(true);
    expect(verify(null, canonical(doc), createPublicKey(other.publicKeyPem), Buffer.from(doc.sig, 'base64'))).toBe(false);
  });

  it('stay one active key per app when first asked for by several calls at once', async () => {
    const fresh = await makeApp(t, c, c.owner);
    const answers = await Promise.all([keysOf(fresh), keysOf(fresh, c.owner), bundle(fresh), keysOf(fresh)]);
    const rows = await t.db.select().from(appBundleKeys).where(eq(appBundleKeys.appId, fresh.id));
    expect(rows.filter((r) => r.active)).toHaveLength(1);
    expect(answers[0]).toEqual([expect.objectContaining({ id: rows.find((r) => r.active)!.id, active: true })]);
  });

  it("are read by the top admin and the app's admin; anyone else gets 404", async () => {
    const byTop = await keysOf(otherApp, c.top);
    expect(await keysOf(otherApp, c.owner)).toEqual(byTop);
    for (const stranger of [c.other, c.restricted]) {
      const res = await call(stranger, 'GET', `apps/bundleKeys/${otherApp.id}`);
      expect([res.statusCode, res.json().code]).toEqual([404, 'NOT_FOUND']);
    }
    expect((await call(null, 'GET', `apps/bundleKeys/${otherApp.id}`)).statusCode).toBe(401);
    expect((await call(c.top, 'GET', 'apps/bundleKeys/999999')).statusCode).toBe(404);
  });

  it('rotate for the top admin only: a new active key, the old one kept and listed inactive, new bundles signed by the new key', async () => {
    const before = await keysOf(otherApp);
    const doc0 = (await bundle(otherApp)).json() as Doc;
    for (const who of [c.owner, c.other, c.restricted]) {
      expect((await call(who, 'POST', `apps/bundleKeys/${otherApp.id}/rotate`)).statusCode).toBe(403);
    }
    expect(await keysOf(otherApp)).toEqual(before);
    const res = await ok(await call(c.top, 'POST', `apps/bundleKeys/${otherApp.id}/rotate`));
    const after = res.data as KeyDto[];
    expect(after).toHaveLength(before.length + 1);
    expect(after[0]).toMatchObject({ active: true });
    expect(after[0].id).toBeGreaterThan(before[0].id);
    expect(after.slice(1)).toEqual(before.map((k) => ({ ...k, active: false })));
    expect(await keysOf(otherApp, c.owner)).toEqual(after);

    const body = (await bundle(otherApp)).body;
    const doc = JSON.parse(body) as Doc;
    expect(doc.version).toBeGreaterThan(doc0.version);
    const held = ['--held', String(doc0.version)];
    // An app that trusts only the old key refuses it; one that trusts both accepts it, by the new key.
    expect(verifier(body, [before[0].publicKeyPem], otherApp.packageName, held).result).toMatchObject({ ok: false, reason: 'signature' });
    expect(verifier(body, [before[0].publicKeyPem, after[0].publicKey], otherApp.packageName, held)).toMatchObject({ status: 0, result: { ok: true, key: 1 } });

    // The rotation is audited with the public keys it changed.
    const [record] = (await ok(await call(c.top, 'GET', `audit?action=app.bundleKeyRotate&targetId=${otherApp.id}`))).rows;
    expect(record).toMatchObject({ action: 'app.bundleKeyRotate', targetType: 'app', targetId: String(otherApp.id) });
    expect(JSON.stringify(record.after)).toContain(after[0].publicKey);
  });
});

describe('API bases', () => {
  it("default to none, are read by the app's admin, saved by the top admin only, and signed into the next bundle", async () => {
    expect((await ok(await call(c.owner, 'GET', `apps/bundleSettings/${theApp.id}`))).data).toEqual({ apiBases: [] });
    expect((await call(c.other, 'GET', `apps/bundleSettings/${theApp.id}`)).statusCode).toBe(404);
    const bases = ['https://api2.example.com/api/v1', 'http://203.0.113.9:8080/api/v1'];
    expect((await call(c.owner, 'POST', `apps/bundleSettings/${theApp.id}`, { apiBases: bases })).statusCode).toBe(403);
    const before = (await bundle()).json() as Doc;
    const saved = await ok(await call(c.top, 'POST', `apps/bundleSettings/${theApp.id}`, { apiBases: bases }));
    expect(saved).toEqual({ success: true, data: { apiBases: bases } });
    expect((await ok(await call(c.owner, 'GET', `apps/bundleSettings/${theApp.id}`))).data.apiBases).toEqual(bases);
    const res = await bundle();
    const doc = res.json() as Doc;
    expect(doc.apiBases).toEqual(bases);
    expect(doc.version).toBeGreaterThan(before.version);
    const [key] = await keysOf();
    expect(verifier(res.body, [key.publicKey], theApp.packageName, ['--held', String(before.version)]).status).toBe(0);
    const [record] = (await ok(await call(c.top, 'GET', `audit?action=app.bundleSettings&targetId=${theApp.id}`))).rows;
    expect(record.after).toEqual({ apiBases: bases });
  });

  it('refuse what an app could not rebuild byte for byte: no URL, spaces, quotes, backslashes, duplicates, too many', async () => {
    for (const apiBases of [
      ['ftp://x.example.com'],
      ['not a url'],
      ['https://a.example.com/"x'],
      ['https://a.example.com/\\x'],
      ['https://ا.example.com'],
      ['https://a.example.com', 'https://a.example.com'],
      Array.from({ length: 11 }, (_, i) => `https://a${i}.example.com`),
      'https://a.example.com',
    ]) {
      const res = await call(c.top, 'POST', `apps/bundleSettings/${theApp.id}`, { apiBases });
      expect({ apiBases, status: res.statusCode }).toEqual({ apiBases, status: 400 });
    }
    expect((await ok(await call(c.top, 'POST', `apps/bundleSettings/${theApp.id}`, { apiBases: [] }))).data.apiBases).toEqual([]);
  });
});

describe('the private keys', () => {
  it('are sealed at rest and in no answer and no audit row', async () => {
    // Keys of two apps, one rotated (so the audit holds key changes), and bundles signed by them.
    await keysOf(theApp);
    await ok(await call(c.top, 'POST', `apps/bundleKeys/${otherApp.id}/rotate`));
    await bundle(theApp);
    await bundle(otherApp);
    const rows = await t.db.select().from(appBundleKeys);
    expect(rows.length).toBeGreaterThanOrEqual(3);
    const needles: string[] = [];
    for (const row of rows) {
      expect(row.privateKeySealed).not.toMatch(/PRIVATE KEY/);
      const pem = t.app.secrets.open(row.privateKeySealed, signingKeyContext(row.appId));
      // Sealed for its own app: it does not open under another app's context.
      expect(() => t.app.secrets.open(row.privateKeySealed, signingKeyContext(row.appId + 1))).toThrow();
      const { d } = createPrivateKey(pem).export({ format: 'jwk' });
      const body = pem.replace(/-----[A-Z ]+-----|\s/g, '');
      needles.push(
        row.privateKeySealed,
        body,
        body.slice(16, 48),
        d!,
        Buffer.from(d!, 'base64url').toString('base64'),
        Buffer.from(d!, 'base64url').toString('hex'),
      );
    }
    const audit = (await t.db.execute(sql`SELECT a::text AS row FROM audit_log a`)) as unknown as { rows?: { row: string }[] } | { row: string }[];
    const auditRows = (Array.isArray(audit) ? audit : audit.rows!).map((r) => r.row);
    expect(auditRows.some((r) => r.includes('app.bundleKeyRotate'))).toBe(true);
    expect(answers.length).toBeGreaterThan(4);
    // The search is real: the needles are in the key table itself.
    const table = JSON.stringify(rows);
    expect(needles.filter((n, i) => i % 6 === 0).every((n) => table.includes(n))).toBe(true);
    const found = needles.filter((n) => answers.some((a) => a.includes(n)) || auditRows.some((r) => r.includes(n)));
    expect(found).toEqual([]);
  });
});
