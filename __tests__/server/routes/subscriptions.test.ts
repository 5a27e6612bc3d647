// Subscriptions (apps/subscriptions, GET sub/{token}): role_id 1 makes a link shown once, a client with no
// staff token fetches it in the format its User-Agent reads, with the headers v2rayN, v2rayNG, Hiddify,
// Marzban and Remnawave use and a strong ETag; revoking makes it 404; fetches are audited and
// rate-limited per token.
import { and, eq } from 'drizzle-orm';
import { appSettings, auditLog, subscriptions } from '../../../server/src/db/schema';
import { SUB_RATE_LIMIT } from '../../../server/src/routes/subscriptions';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { api, callers, makeApp, type Callers } from '../helpers/seed';

const UUID = '3f1c9a6e-2b4d-4c8e-9f7a-1d2e3f4a5b6c';
const VLESS_WS = `vless://${UUID}@cdn.example.com:443?encryption=none&security=tls&sni=cdn.example.com&type=ws&path=%2Fws#WS-TLS`;
const VMESS_WS = `vmess://${Buffer.from(JSON.stringify({ v: '2', ps: 'سرور', add: 'vm.example.org', port: '2053', id: UUID, aid: '0', net: 'ws', path: '/vm', tls: 'tls' })).toString('base64')}`;
const VLESS_GRPC_IRANCELL = `vless://${UUID}@g.example.net:443?security=tls&sni=g.example.net&type=grpc&serviceName=svc#<b>x</b>`;
const V2RAYNG = 'v2rayNG/1.9.16';

describe('subscriptions', () => {
  let t: TestApp;
  let c: Callers;
  let appId: number;
  let serverId: number;

  beforeAll(async () => {
    t = await createTestApp();
    c = await callers(t);
    const theApp = await makeApp(t, c, c.owner);
    appId = theApp.id;
    await t.db
      .update(appSettings)
      .set({ telegram: 'https://t.me/support_example', aboutLink: 'https://example.com/about' })
      .where(eq(appSettings.appId, appId));
    const countries = (await t.app.inject({ method: 'GET', url: api('apps/countries'), headers: c.top.headers })).json().data as { id: number; code: string }[];
    const server = await t.call(c.top.token, 'POST', 'apps/addServer', {
      appId: [appId],
      countryId: countries.find((x) => x.code === 'DE')!.id,
      ip: '10.9.8.7',
      username: null,
      password: null,
      port: 22,
    });
    serverId = server.json().data.id;
    for (const [name, address, protocol, operator] of [
      ['WS', VLESS_WS, 'vless', 'mci'],
      ['VM', VMESS_WS, 'vmess', 'mci'],
      ['G', VLESS_GRPC_IRANCELL, 'vless', 'irancell'],
    ]) {
      const res = await t.call(c.top.token, 'POST', 'apps/addProfile', { name, address, protocol, operator, type: 'normal', serverId });
      expect(res.statusCode).toBe(200);
    }
  });
  afterAll(() => t.close());

  const create = async (payload: Record<string, unknown>, who = c.top) => t.call(who.token, 'POST', 'apps/subscriptions', payload);
  const made = async (payload: Record<string, unknown>) => {
    const res = await create(payload);
    expect(res.statusCode).toBe(200);
    return res.json().data as { id: number; token: string; path: string };
  };
  /** A fetch with no staff token, as a client makes it. */
  const fetchSub = (path: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: api(path), headers });

  it('makes a link shown once: 256 random bits, only the hash stored, listed without it', async () => {
    const res = await create({ serverId, label: 'Team test' });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      label: 'Team test',
      scope: { kind: 'server', id: serverId, name: '10.9.8.7' },
      operator: null,
      format: null,
      fetchCount: 0,
      lastFetchedAt: null,
    });
    expect(data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(data.token, 'base64url')).toHaveLength(32);
    expect(data.path).toBe(`sub/${data.token}`);
    const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, data.id));
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(data.token);
    const list = await t.call(c.top.token, 'GET', `apps/subscriptions?serverId=${serverId}`);
    expect(list.json().data[0]).toEqual({ ...data, token: undefined, path: undefined, createdAt: expect.any(String) });
    expect(list.body).not.toContain(data.token);
  });

  it("is for role_id 1 only (the app's own admin and role_id 5 refused, signed out 401), with exactly one scope and a label fit for headers", async () => {
    expect((await create({ serverId, label: 'x' }, c.owner)).statusCode).toBe(403);
    expect((await create({ appId, label: 'x' }, c.restricted)).statusCode).toBe(403);
    expect((await t.call(c.owner.token, 'GET', 'apps/subscriptions')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: api('apps/subscriptions'), payload: { serverId, label: 'x' } })).statusCode).toBe(401);
    expect((await create({ serverId, appId, label: 'x' })).statusCode).toBe(400);
    expect((await create({ label: 'x' })).statusCode).toBe(400);
    // The label goes into headers and file names: no control characters, no bidi overrides.
    for (const label of ['a\r\nset-cookie: x=1', 'tab\there', 'gnp.exe\u202e', '   '])
      expect((await create({ serverId, label })).json().errors).toHaveProperty('label');
    expect((await create({ serverId: 999999, label: 'x' })).statusCode).toBe(404);
  });

  it('answers a v2rayNG client base64 that decodes to the links, with the headers exact', async () => {
    const sub = await made({ serverId, label: 'Team test' });
    const res = await fetchSub(sub.path, { 'user-agent': V2RAYNG });
    expect(res.statusCode).toBe(200);
    expect(Buffer.from(res.body, 'base64').toString('utf8')).toBe(`${VLESS_WS}\n${VMESS_WS}\n${VLESS_GRPC_IRANCELL}\n`);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Team test"; filename*=UTF-8\'\'Team%20test');
    expect(res.headers['profile-title']).toBe(`base64:${Buffer.from('Team test').toString('base64')}`);
    expect(res.headers['profile-update-interval']).toBe('12');
    expect(res.headers['support-url']).toBe('https://t.me/support_example');
    expect(res.headers['profile-web-page-url']).toBe('https://example.com/about');
    expect(res.headers.etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    // The same for v2rayN and Hiddify.
    for (const ua of ['v2rayN/7.10.0', 'HiddifyNext/2.5.7 (android)']) expect((await fetchSub(sub.path, { 'user-agent': ua })).body).toBe(res.body);
  });

  it('answers Xray a JSON array of configs, ?format=links the text, a browser the page; a Persian label survives in the title', async () => {
    const sub = await made({ serverId, label: 'اشتراک تیم' });
    const xray = await fetchSub(sub.path, { 'user-agent': 'Xray/25.3.6' });
    expect(xray.headers['content-type']).toBe('application/json; charset=utf-8');
    const configs = xray.json() as { remarks: string; outbounds: { protocol: string }[] }[];
    expect(configs.map((cfg) => [cfg.remarks, cfg.outbounds[0].protocol])).toEqual([
      ['WS-TLS', 'vless'],
      ['سرور', 'vmess'],
      ['<b>x</b>', 'vless'],
    ]);
    const links = await fetchSub(`${sub.path}?format=links`, { 'user-agent': V2RAYNG });
    expect(links.body).toBe(`${VLESS_WS}\n${VMESS_WS}\n${VLESS_GRPC_IRANCELL}\n`);
    expect(Buffer.from((links.headers['profile-title'] as string).slice(7), 'base64').toString('utf8')).toBe('اشتراک تیم');
    expect(links.headers['content-disposition']).toBe(`attachment; filename="subscription"; filename*=UTF-8''${encodeURIComponent('اشتراک تیم')}`);
    const page = await fetchSub(sub.path, { 'user-agent': 'Mozilla/5.0', accept: 'text/html,application/xhtml+xml' });
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toMatch(/^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+'; img-src data:;/);
    expect(page.headers['content-disposition']).toBeUndefined();
    expect(page.body).not.toContain('<b>x</b>');
    expect(page.body).toContain('&#60;b&#62;x&#60;/b&#62;');
    expect(page.body).not.toMatch(/<script/i);
    expect(page.body.match(/<img alt="QR" src="data:image\/svg\+xml;base64,/g)).toHaveLength(3);
  });

  it("keeps one operator's profiles and a fixed format; an app's covers its servers", async () => {
    const irancell = await made({ serverId, operator: 'irancell', format: 'links', label: 'irancell' });
    expect((await fetchSub(irancell.path, { 'user-agent': V2RAYNG })).body).toBe(`${VLESS_GRPC_IRANCELL}\n`);
    const ofApp = await made({ appId, operator: 'mci', label: 'app' });
    expect((await fetchSub(`${ofApp.path}?format=links`)).body).toBe(`${VLESS_WS}\n${VMESS_WS}\n`);
    expect((await t.call(c.top.token, 'GET', `apps/subscriptions?appId=${appId}`)).json().data.map((s: { id: number }) => s.id)).toEqual([ofApp.id]);
  });

  it('answers 304 to its ETag, counts fetches, audits each answered one, and 404 once revoked', async () => {
    const sub = await made({ serverId, label: 'etag' });
    const first = await fetchSub(sub.path, { 'user-agent': V2RAYNG });
    const again = await fetchSub(sub.path, { 'user-agent': V2RAYNG, 'if-none-match': first.headers.etag as string });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(first.headers.etag);
    expect((await fetchSub(sub.path, { 'user-agent': V2RAYNG, 'if-none-match': '"other"' })).statusCode).toBe(200);
    const [listed] = (await t.call(c.top.token, 'GET', 'apps/subscriptions')).json().data.filter((s: { id: number }) => s.id === sub.id);
    expect(listed).toMatchObject({ fetchCount: 3, lastFetchedAt: expect.any(String) });
    const audited = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'subscription.fetch'), eq(auditLog.targetId, String(sub.id))));
    expect(audited.map((r) => [r.actorId, r.detail])).toEqual([
      [null, { format: 'base64', profiles: 3, userAgent: V2RAYNG }],
      [null, { format: 'base64', profiles: 3, userAgent: V2RAYNG }],
    ]);
    expect((await t.call(c.owner.token, 'DELETE', `apps/subscriptions/${sub.id}`)).statusCode).toBe(403);
    expect((await t.call(c.top.token, 'DELETE', `apps/subscriptions/${sub.id}`)).statusCode).toBe(200);
    expect((await fetchSub(sub.path, { 'user-agent': V2RAYNG })).statusCode).toBe(404);
    expect((await t.call(c.top.token, 'DELETE', `apps/subscriptions/${sub.id}`)).statusCode).toBe(404);
    const revoked = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'subscription.revoke'), eq(auditLog.targetId, String(sub.id))));
    expect(revoked).toHaveLength(1);
    expect(JSON.stringify(revoked[0])).not.toContain('tokenHash');
    expect((await fetchSub(`sub/${'A'.repeat(43)}`)).statusCode).toBe(404);
    expect((await fetchSub('sub/short')).statusCode).toBe(400);
  });

  it(`is rate-limited per token: the fetch past ${SUB_RATE_LIMIT.max} a minute is 429, another token still answers`, async () => {
    const limited = await made({ serverId, label: 'limited' });
    const other = await made({ serverId, label: 'other' });
    const statuses: number[] = [];
    for (let i = 0; i <= SUB_RATE_LIMIT.max; i += 1) statuses.push((await fetchSub(`${limited.path}?format=links`)).statusCode);
    expect(statuses.slice(0, SUB_RATE_LIMIT.max).every((s) => s === 200)).toBe(true);
    expect(statuses[SUB_RATE_LIMIT.max]).toBe(429);
    expect((await fetchSub(`${other.path}?format=links`)).statusCode).toBe(200);
  });
});
