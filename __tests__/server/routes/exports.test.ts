// apps/exportProfile and apps/exportProfiles (docs/product.md §7 "Profiles"): role_id 1 only, audited like a reveal;
// the share link, its QR code (SVG that decodes back to the link is beyond a unit test, so the SVG
// is checked to be a QR of the right size for the link), the v2ray/Xray client config for each
// transport and security, and the subscription body in both formats.
import { and, eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import { randomBytes } from 'node:crypto';
import { auditLog, profiles } from '../../../server/src/db/schema';
import { createSecretBox } from '../../../server/src/domain/secret-box';
import { PROFILE_ADDRESS_CONTEXT } from '../../../server/src/routes/profiles';
import { parseShareLink } from '../../../server/src/domain/share-links';
import { v2rayClientConfig } from '../../../server/src/domain/v2ray-config';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { api, callers, makeApp, type Callers } from '../helpers/seed';

const UUID = '3f1c9a6e-2b4d-4c8e-9f7a-1d2e3f4a5b6c';
const VLESS_WS_TLS = `vless://${UUID}@cdn.example.com:443?encryption=none&security=tls&sni=sni.example.com&type=ws&path=%2Fws&host=front.example.com&alpn=h2,http/1.1&fp=chrome#WS-TLS`;
const VLESS_REALITY_GRPC = `vless://${UUID}@other.example.net:8443?security=reality&pbk=SbVKOEMjK0sIlbwg4akyBg5mL5KZwwB-ed4eEE7YnRc&sid=6ba85179e30d4fc2&sni=www.microsoft.com&fp=firefox&type=grpc&serviceName=svc&flow=xtls-rprx-vision#Reality`;
const vmess = (o: Record<string, unknown>) => `vmess://${Buffer.from(JSON.stringify({ v: '2', ps: 'vm', add: 'vm.example.org', port: '2053', id: UUID, aid: '0', ...o })).toString('base64')}`;
const VMESS_WS = vmess({ net: 'ws', path: '/vm', host: 'h.example.org', tls: 'tls', sni: 'vm.example.org' });

type Outbound = { protocol: string; settings: { vnext: { address: string; port: number; users: Record<string, unknown>[] }[] }; streamSettings: Record<string, any> };
const proxyOf = (link: string) => (v2rayClientConfig(parseShareLink(link)) as { outbounds: Outbound[] }).outbounds[0];

describe('the v2ray/Xray client config', () => {
  it('has a SOCKS inbound on 127.0.0.1:10808 and the profile as the first outbound', () => {
    const cfg = v2rayClientConfig(parseShareLink(VLESS_WS_TLS)) as { inbounds: Record<string, unknown>[]; outbounds: Outbound[] };
    expect(cfg.inbounds).toEqual([expect.objectContaining({ protocol: 'socks', listen: '127.0.0.1', port: 10808, settings: { auth: 'noauth', udp: true } })]);
    expect(cfg.outbounds[0]).toMatchObject({ tag: 'proxy', protocol: 'vless', settings: { vnext: [{ address: 'cdn.example.com', port: 443, users: [{ id: UUID, encryption: 'none' }] }] } });
  });

  it('vless over ws with tls: path, Host header, server name, alpn and fingerprint', () => {
    expect(proxyOf(VLESS_WS_TLS).streamSettings).toEqual({
      network: 'ws',
      security: 'tls',
      wsSettings: { path: '/ws', headers: { Host: 'front.example.com' } },
      tlsSettings: { serverName: 'sni.example.com', alpn: ['h2', 'http/1.1'], fingerprint: 'chrome' },
    });
  });

  it('vless over grpc with reality and a flow', () => {
    const out = proxyOf(VLESS_REALITY_GRPC);
    expect(out.settings.vnext[0].users[0]).toEqual({ id: UUID, encryption: 'none', flow: 'xtls-rprx-vision' });
    expect(out.streamSettings).toEqual({
      network: 'grpc',
      security: 'reality',
      grpcSettings: { serviceName: 'svc' },
      realitySettings: { serverName: 'www.microsoft.com', publicKey: 'SbVKOEMjK0sIlbwg4akyBg5mL5KZwwB-ed4eEE7YnRc', shortId: '6ba85179e30d4fc2', fingerprint: 'firefox' },
    });
  });

  it('vmess: alterId and cipher, ws with tls, h2, httpupgrade and tcp with the http header', () => {
    const ws = proxyOf(VMESS_WS);
    expect(ws).toMatchObject({ protocol: 'vmess', settings: { vnext: [{ address: 'vm.example.org', port: 2053, users: [{ id: UUID, alterId: 0, security: 'auto' }] }] } });
    expect(ws.streamSettings).toEqual({ network: 'ws', security: 'tls', wsSettings: { path: '/vm', headers: { Host: 'h.example.org' } }, tlsSettings: { serverName: 'vm.example.org' } });
    expect(proxyOf(vmess({ net: 'h2', path: '/h2', host: 'a.example.org,b.example.org', tls: 'tls', scy: 'aes-128-gcm' })).streamSettings).toEqual({
      network: 'http',
      security: 'tls',
      httpSettings: { path: '/h2', host: ['a.example.org', 'b.example.org'] },
      tlsSettings: { serverName: 'a.example.org' },
    });
    expect(proxyOf(vmess({ net: 'h2', scy: 'aes-128-gcm' })).settings.vnext[0].users[0].security).toBe('aes-128-gcm');
    expect(proxyOf(vmess({ net: 'httpupgrade', path: '/up', host: 'u.example.org' })).streamSettings).toEqual({
      network: 'httpupgrade',
      security: 'none',
      httpupgradeSettings: { path: '/up', host: 'u.example.org' },
    });
    expect(proxyOf(vmess({ net: 'tcp', type: 'http', path: '/t', host: 't.example.org' })).streamSettings).toEqual({
      network: 'tcp',
      security: 'none',
      tcpSettings: { header: { type: 'http', request: { path: ['/t'], headers: { Host: ['t.example.org'] } } } },
    });
    expect(proxyOf(vmess({ net: 'tcp' })).streamSettings).toEqual({ network: 'tcp', security: 'none' });
  });

  it('an IPv6 server address goes out without brackets', () => {
    expect(proxyOf(`vless://${UUID}@[2001:db8::1]:443?type=tcp#v6`).settings.vnext[0].address).toBe('2001:db8::1');
  });
});

describe('export routes', () => {
  let t: TestApp;
  let c: Callers;
  let serverId: number;
  let ids: number[];

  beforeAll(async () => {
    t = await createTestApp();
    c = await callers(t);
    const theApp = await makeApp(t, c, c.owner);
    const countries = (await t.app.inject({ method: 'GET', url: api('apps/countries'), headers: c.top.headers })).json().data as { id: number; code: string }[];
    const server = await t.app.inject({
      method: 'POST',
      url: api('apps/addServer'),
      headers: c.top.headers,
      payload: { appId: [theApp.id], countryId: countries.find((x) => x.code === 'DE')!.id, ip: '10.1.2.3', username: null, password: null, port: 22 },
    });
    serverId = server.json().data.id;
    ids = [];
    for (const [name, address, protocol] of [['WS-TLS', VLESS_WS_TLS, 'vless'], ['VM-WS', VMESS_WS, 'vmess']]) {
      const res = await t.app.inject({ method: 'POST', url: api('apps/addProfile'), headers: c.top.headers, payload: { name, address, protocol, operator: 'mci', type: 'normal', serverId } });
      ids.push(res.json().data.id);
    }
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (url: string, headers = c.top.headers) => t.app.inject({ method: 'GET', url: api(url), headers });
  const exportsOf = async (actorId: number) =>
    t.db.select().from(auditLog).where(and(eq(auditLog.actorId, actorId), eq(auditLog.action, 'profile.export')));

  it('is for role_id 1 only: 403 for the app\'s own admin and for role_id 5, 401 signed out, nothing audited', async () => {
    for (const who of [c.owner, c.restricted]) {
      expect((await get(`apps/exportProfile/${ids[0]}?format=link`, who.headers)).statusCode).toBe(403);
      expect((await get(`apps/exportProfiles/${serverId}`, who.headers)).statusCode).toBe(403);
      expect(await exportsOf(who.id)).toHaveLength(0);
    }
    expect((await t.app.inject({ method: 'GET', url: api(`apps/exportProfile/${ids[0]}`) })).statusCode).toBe(401);
  });

  it('answers the link, audited with the format', async () => {
    const before = (await exportsOf(c.top.id)).length;
    const res = await get(`apps/exportProfile/${ids[0]}?format=link`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toBe(VLESS_WS_TLS);
    const rows = await exportsOf(c.top.id);
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({ target: `profile:${ids[0]}`, detail: { format: 'link' } });
  });

  it('answers a QR code of the link as SVG', async () => {
    const res = await get(`apps/exportProfile/${ids[1]}?format=qr`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.body).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    // The module count of a QR of exactly this text (plus the 2-module margin) is the viewBox.
    const size = QRCode.create(VMESS_WS, { errorCorrectionLevel: 'M' }).modules.size + 4;
    expect(res.body).toContain(`viewBox="0 0 ${size} ${size}"`);
  });

  it('answers the client config as a JSON download', async () => {
    const res = await get(`apps/exportProfile/${ids[1]}?format=v2ray`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="VM-WS-${ids[1]}.json"`);
    expect(res.json()).toEqual(v2rayClientConfig(parseShareLink(VMESS_WS), 'VM-WS'));
    expect((await exportsOf(c.top.id)).at(-1)).toMatchObject({ detail: { format: 'v2ray' } });
  });

  it('400 on an unknown format, 404 on an unknown profile or server', async () => {
    expect((await get(`apps/exportProfile/${ids[0]}?format=clash`)).statusCode).toBe(400);
    expect((await get('apps/exportProfile/999999')).statusCode).toBe(404);
    expect((await get('apps/exportProfiles/999999')).statusCode).toBe(404);
    expect((await get(`apps/exportProfiles/${serverId}?format=json`)).statusCode).toBe(400);
  });

  it('400 on address, nothing exported nor audited, when a stored address no longer opens (sealed under another key)', async () => {
    const otherKey = createSecretBox(randomBytes(32)).seal(VLESS_WS_TLS, PROFILE_ADDRESS_CONTEXT);
    const [stale] = await t.db
      .insert(profiles)
      .values({ serverId, name: 'Stale', addressEnc: otherKey, operator: 'mci', protocol: 'vless' })
      .returning();
    const before = (await exportsOf(c.top.id)).length;
    const one = await get(`apps/exportProfile/${stale.id}?format=link`);
    expect({ status: one.statusCode, errors: one.json().errors }).toEqual({ status: 400, errors: { address: 'validation.required' } });
    const all = await get(`apps/exportProfiles/${serverId}?format=links`);
    expect({ status: all.statusCode, errors: all.json().errors }).toEqual({ status: 400, errors: { address: 'validation.required' } });
    expect(await exportsOf(c.top.id)).toHaveLength(before);
    await t.db.delete(profiles).where(eq(profiles.id, stale.id));
  });

  it('answers the server\'s subscription: one link a line, or that text in base64, audited', async () => {
    const lines = await get(`apps/exportProfiles/${serverId}?format=links`);
    expect(lines.statusCode).toBe(200);
    expect(lines.body).toBe(`${VLESS_WS_TLS}\n${VMESS_WS}\n`);
    const b64 = await get(`apps/exportProfiles/${serverId}?format=base64`);
    expect(b64.body).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(b64.body, 'base64').toString('utf8')).toBe(lines.body);
    const audited = await t.db.select().from(auditLog).where(and(eq(auditLog.actorId, c.top.id), eq(auditLog.action, 'server.export')));
    expect(audited.map((r) => r.detail)).toEqual([{ format: 'links', profiles: 2 }, { format: 'base64', profiles: 2 }]);
  });
});
