// GET apps/countries and the flag images behind each `flagUrl`, served without internet access.
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

interface Country {
  id: number;
  code: string;
  name: string;
  timezones: string[];
  flagUrl: string;
}

describe('GET apps/countries', () => {
  it('answers the world list to any signed-in role, sorted by name, each with code, time zones and flag URL', async () => {
    for (const role_id of [1, 2, 5]) {
      const { token } = await t.signedInUser({ role_id });
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/apps/countries', headers: t.auth(token) });
      expect(res.statusCode).toBe(200);
      const data: Country[] = res.json().data;
      expect(data.length).toBeGreaterThanOrEqual(240);
      expect(data.length).toBeLessThanOrEqual(260);
      expect(new Set(data.map((c) => c.code)).size).toBe(data.length);
      for (const c of data) {
        expect(c).toEqual({
          id: expect.any(Number),
          code: expect.stringMatching(/^[A-Z]{2}$/),
          name: expect.any(String),
          timezones: expect.any(Array),
          flagUrl: `/api/v1/flags/${c.code.toLowerCase()}.svg`,
        });
      }
      expect(data.find((c) => c.code === 'IR')).toMatchObject({ name: 'Iran', timezones: ['Asia/Tehran'] });
      const names = data.map((c) => c.name);
      expect(names).toEqual([...names].sort(new Intl.Collator('en', { sensitivity: 'base' }).compare));
    }
  });

  it('answers 401 without a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/apps/countries' })).statusCode).toBe(401);
  });
});

describe('GET flags/{code}.svg', () => {
  it('serves an SVG for every country of the list, publicly (an <img> sends no token)', async () => {
    const token = await t.signIn('admin', 'Admin#Pass1');
    const data: Country[] = (await t.app.inject({ method: 'GET', url: '/api/v1/apps/countries', headers: t.auth(token) })).json().data;
    for (const c of data) {
      const res = await t.app.inject({ method: 'GET', url: c.flagUrl });
      expect({ code: c.code, status: res.statusCode }).toEqual({ code: c.code, status: 200 });
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(res.body).toMatch(/^<svg[\s>]/);
      expect(res.body).not.toMatch(/<script/i);
    }
  });

  it('accepts an upper-case code, answers 404 for an unknown one and 400 for a malformed one', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/flags/IR.svg' })).statusCode).toBe(200);
    const unknown = await t.app.inject({ method: 'GET', url: '/api/v1/flags/qq.svg' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('NOT_FOUND');
    for (const bad of ['irn', '..%2F..%2Fpackage', 'i1']) {
      expect((await t.app.inject({ method: 'GET', url: `/api/v1/flags/${bad}.svg` })).statusCode).toBe(400);
    }
  });
});
