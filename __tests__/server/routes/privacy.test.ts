// docs/product.md §7 apps/setPrivacy and our GET apps/privacy: the policy is sanitised before it is stored,
// saving is role_id 1 only, reading is open to any signed-in user.
import { ADMIN, createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  adminToken = await t.signIn(ADMIN.username, ADMIN.password);
});
afterAll(() => t?.close());

const get = (token: string) => t.app.inject({ method: 'GET', url: '/api/v1/apps/privacy', headers: t.auth(token) });
const set = (token: string, body: unknown) => t.app.inject({ method: 'POST', url: '/api/v1/apps/setPrivacy', payload: body as object, headers: t.auth(token) });

describe('privacy policy', () => {
  it('answers an empty policy before the first save', async () => {
    const res = await get(adminToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { privacy: '', updatedAt: null } });
  });

  it("strips script, event handlers and javascript: links, keeps the editor's markup, and GET answers the stored form", async () => {
    const html =
      '<p style="text-align:right">سیاست <strong>حریم</strong> خصوصی<script>alert(1)</script></p>' +
      '<img src="x" onerror="alert(2)"><a href="javascript:alert(3)">bad</a><a href="https://example.com" target="_blank">ok</a>' +
      '<iframe src="https://evil.test"></iframe><ul><li onclick="x()">one</li></ul>';
    const res = await set(adminToken, { privacy: html });
    expect(res.statusCode).toBe(200);
    const { success, data } = res.json();
    expect(success).toBe(true);
    expect(data.privacy).toBe(
      '<p style="text-align:right">سیاست <strong>حریم</strong> خصوصی</p>' +
        '<a>bad</a><a href="https://example.com" target="_blank" rel="noopener noreferrer">ok</a><ul><li>one</li></ul>',
    );
    expect(new Date(data.updatedAt).getTime()).not.toBeNaN();
    const { user, token } = await t.signedInUser({ role_id: 2 });
    expect(user.roleId).toBe(2);
    const read = await get(token);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ data: { privacy: data.privacy, updatedAt: data.updatedAt } });
  });

  it('replaces the policy on a later save; an empty string clears it', async () => {
    await set(adminToken, { privacy: '<p>first</p>' });
    const second = (await set(adminToken, { privacy: '<h2>second</h2>' })).json().data;
    expect((await get(adminToken)).json().data).toEqual(second);
    expect(second.privacy).toBe('<h2>second</h2>');
    expect((await set(adminToken, { privacy: '' })).json().data.privacy).toBe('');
    expect((await get(adminToken)).json().data.privacy).toBe('');
  });

  it('lets only role_id 1 save (403 for app admins and restricted users, 401 signed out), leaving the policy unchanged', async () => {
    await set(adminToken, { privacy: '<p>kept</p>' });
    for (const role_id of [2, 5]) {
      const { token } = await t.signedInUser({ role_id });
      const res = await set(token, { privacy: '<p>changed</p>' });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    const anon = await t.app.inject({ method: 'POST', url: '/api/v1/apps/setPrivacy', payload: { privacy: '<p>x</p>' } });
    expect(anon.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/apps/privacy' })).statusCode).toBe(401);
    expect((await get(adminToken)).json().data.privacy).toBe('<p>kept</p>');
  });

  it('refuses a missing, non-string or oversized policy with 400', async () => {
    for (const body of [{}, { privacy: null }, { privacy: { a: 1 } }, { privacy: 'x'.repeat(200 * 1024 + 1) }]) {
      const res = await set(adminToken, body);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual(['privacy']);
    }
  });
});
