// docs/product.md §7 apps/wordEncryption and apps/decryptDomain: the encrypted word matches the openssl CLI
// with the app's real key and IV; decryptDomain turns the five stored host values back into URLs;
// the role_id 1 guard; missing and foreign apps answer 404.
import { execFileSync } from 'node:child_process';
import { eq } from 'drizzle-orm';
import { SOURCE_HOSTS } from '../../../src/contract';
import { appSettings } from '../../../server/src/db/schema';
import { encryptSourceHosts, encryptWord } from '../../../server/src/domain/word-crypto';
import { ADMIN, createTestApp, type TestApp } from '../helpers/test-app';
import { seedApp } from '../helpers/seed';

let t: TestApp;
let adminToken: string;
let owner: { id: number; token: string };
let other: { id: number; token: string };

const keysOf = async (appId: number) => {
  const [row] = await t.db.select({ key: appSettings.newCoreKey, iv: appSettings.newCoreIv }).from(appSettings).where(eq(appSettings.appId, appId));
  return row as { key: string; iv: string };
};

/** The README's command: printf %s "$WORD" | openssl enc -aes-256-cbc -K <hex> -iv <hex> -base64 -A */
const openssl = (word: string, key: string, iv: string) =>
  execFileSync(
    'openssl',
    ['enc', '-aes-256-cbc', '-K', Buffer.from(key, 'utf8').toString('hex'), '-iv', Buffer.from(iv, 'utf8').toString('hex'), '-base64', '-A'],
    {
      input: Buffer.from(word, 'utf8'),
    },
  )
    .toString('utf8')
    .trim();

const encrypt = (token: string, body: object) => t.app.inject({ method: 'POST', url: '/api/v1/apps/wordEncryption', payload: body, headers: t.auth(token) });
const decrypt = (token: string, appId: number | string) => t.app.inject({ method: 'POST', url: `/api/v1/apps/decryptDomain/${appId}`, headers: t.auth(token) });

beforeAll(async () => {
  t = await createTestApp();
  adminToken = await t.signIn(ADMIN.username, ADMIN.password);
  const a = await t.signedInUser({ role_id: 2 });
  const b = await t.signedInUser({ role_id: 2 });
  owner = { id: a.user.id, token: a.token };
  other = { id: b.user.id, token: b.token };
});
afterAll(() => t?.close());

describe('POST apps/wordEncryption', () => {
  it("answers {success, data: base64} equal to the openssl CLI with the app's key and IV", async () => {
    const { id: appId } = await seedApp(t, owner.id, { keys: true });
    const { key, iv } = await keysOf(appId);
    // One block exactly, several blocks, non-ASCII text and surrounding spaces (not trimmed).
    for (const word of ['https://github.com/acme/vpn', '0123456789abcdef', 'دامنه‌ی من', '  spaced word  ', 'x'.repeat(1000)]) {
      const res = await encrypt(owner.token, { appId, word });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(Object.keys(body).sort()).toEqual(['data', 'success']);
      expect(body.success).toBe(true);
      expect(body.data).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
      expect(body.data).toBe(openssl(word, key, iv));
    }
  });

  it("uses each app's own key: the same word differs between apps", async () => {
    const [{ id: a1 }, { id: a2 }] = [await seedApp(t, owner.id, { keys: true }), await seedApp(t, owner.id, { keys: true })];
    const r1 = (await encrypt(owner.token, { appId: a1, word: 'same' })).json().data;
    const r2 = (await encrypt(owner.token, { appId: a2, word: 'same' })).json().data;
    expect(r1).not.toBe(r2);
  });

  it("answers 404 for a missing app and for another admin's app; the top admin may use any", async () => {
    const { id: appId } = await seedApp(t, owner.id, { keys: true });
    expect((await encrypt(owner.token, { appId: 987_654, word: 'w' })).statusCode).toBe(404);
    expect((await encrypt(adminToken, { appId: 987_654, word: 'w' })).statusCode).toBe(404);
    const foreign = await encrypt(other.token, { appId, word: 'w' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('NOT_FOUND');
    expect((await encrypt(adminToken, { appId, word: 'w' })).statusCode).toBe(200);
  });

  it('refuses a blank word or a missing app id with 400, and answers 401 signed out', async () => {
    const res = await encrypt(owner.token, { word: '   ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ appId: 'validation.required', word: 'validation.required' });
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/apps/wordEncryption', payload: { appId: 1, word: 'w' } })).statusCode).toBe(401);
  });

  it('answers 409 when the app has no core key', async () => {
    const { id: appId } = await seedApp(t, owner.id, { keys: { newCoreKey: null, newCoreIv: null } });
    const res = await encrypt(owner.token, { appId, word: 'w' });
    expect(res.statusCode).toBe(409);
  });
});

describe('POST apps/decryptDomain/{appId}', () => {
  const storeRepo = async (appId: number, repoName: string) => {
    const { key, iv } = await keysOf(appId);
    await t.db
      .update(appSettings)
      .set(encryptSourceHosts(repoName, key, iv))
      .where(eq(appSettings.appId, appId));
  };

  it('decrypts the five stored values back into the repository URLs', async () => {
    const { id: appId } = await seedApp(t, owner.id, { keys: true });
    await storeRepo(appId, 'acme/vpn-app');
    const res = await decrypt(adminToken, appId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: {
        github: 'https://github.com/acme/vpn-app',
        gitlab: 'https://gitlab.com/acme/vpn-app',
        gitea: 'https://gitea.com/acme/vpn-app',
        codeberg: 'https://codeberg.org/acme/vpn-app',
        bitbucket: 'https://bitbucket.org/acme/vpn-app',
      },
    });
  });

  it('decrypts what apps/updateSettings {repoName} stored, after each change of the repo', async () => {
    const { id: appId } = await seedApp(t, owner.id, { keys: true });
    for (const repoName of ['acme/first', 'acme/second-repo']) {
      const set = await t.app.inject({ method: 'POST', url: `/api/v1/apps/updateSettings/${appId}`, payload: { repoName }, headers: t.auth(adminToken) });
      expect(set.statusCode).toBe(200);
      const { data } = (await decrypt(adminToken, appId)).json();
      expect(data).toEqual({
        github: `https://github.com/${repoName}`,
        gitlab: `https://gitlab.com/${repoName}`,
        gitea: `https://gitea.com/${repoName}`,
        codeberg: `https://codeberg.org/${repoName}`,
        bitbucket: `https://bitbucket.org/${repoName}`,
      });
    }
  });

  it('round-trips what wordEncryption produced, and answers null for hosts without a value', async () => {
    const { id: appId } = await seedApp(t, owner.id, { keys: true });
    const url = 'https://gitlab.com/only/this';
    const encrypted = (await encrypt(adminToken, { appId, word: url })).json().data;
    await t.db.update(appSettings).set({ gitlab: encrypted }).where(eq(appSettings.appId, appId));
    expect((await decrypt(adminToken, appId)).json().data).toEqual({ github: null, gitlab: url, gitea: null, codeberg: null, bitbucket: null });
    const { id: bare } = await seedApp(t, owner.id, { keys: true });
    expect((await decrypt(adminToken, bare)).json().data).toEqual(Object.fromEntries(SOURCE_HOSTS.map((h) => [h, null])));
  });

  it("is for role_id 1 only: 403 for the app's own admin and a restricted user, 401 signed out", async () => {
    const { id: appId } = await seedApp(t, owner.id, { keys: true });
    await storeRepo(appId, 'acme/x');
    expect((await decrypt(owner.token, appId)).statusCode).toBe(403);
    const { token } = await t.signedInUser({ role_id: 5 });
    expect((await decrypt(token, appId)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: `/api/v1/apps/decryptDomain/${appId}` })).statusCode).toBe(401);
  });

  it('answers 404 for a missing app and 400 for a malformed id', async () => {
    expect((await decrypt(adminToken, 987_654)).statusCode).toBe(404);
    const bad = await decrypt(adminToken, 'abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ appId: 'validation.number' });
  });

  it('answers 409 naming the hosts whose value does not decrypt under the current key', async () => {
    // Fixed keys: with a random one, the foreign value's padding would check out 1 time in 256.
    const { id: appId } = await seedApp(t, owner.id, { keys: { newCoreKey: 'A'.repeat(32), newCoreIv: 'B'.repeat(16) } });
    await storeRepo(appId, 'acme/y');
    // A value encrypted under another (fixed) key, whose padding does not check out under this one,
    // and a value that is not base64 at all.
    const foreign = encryptWord('https://bitbucket.org/acme/y', 'K'.repeat(32), 'I'.repeat(16));
    await t.db.update(appSettings).set({ bitbucket: foreign, gitea: 'not base64!' }).where(eq(appSettings.appId, appId));
    const res = await decrypt(adminToken, appId);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: expect.any(String),
      code: 'CONFLICT',
      errors: { gitea: 'validation.checkInput', bitbucket: 'validation.checkInput' },
    });
  });
});
