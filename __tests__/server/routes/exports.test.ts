// apps/exportProfile, apps/exportFormats and apps/exportProfiles (docs/product.md §7 "Profiles"): role_id 1 only,
// audited like a reveal; the share link, its QR code (SVG that decodes back to the link is beyond a
// unit test, so the SVG is checked to be a QR of the right size for the link), the client config for
// each core (current Xray-core and v2ray 4) for each transport and security, refused with 409
// UNSUPPORTED_BY_CORE naming the field where the core cannot carry the profile, and the
// subscription body in both formats.
import { and, eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import { randomBytes } from 'node:crypto';
import type { ConfigCore } from '../../../src/contract';
import { auditLog, profiles } from '../../../server/src/db/schema';
import { createSecretBox } from '../../../server/src/domain/secret-box';
import { PROFILE_ADDRESS_CONTEXT } from '../../../server/src/domain/profile-address';
import { parseShareLink } from '../../../server/src/domain/share-links';
import { UnsupportedByCore, clientConfig, coreProblems } from '../../../server/src/domain/v2ray-config';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { api, callers, makeApp, type Callers } from '../helpers/seed';
import { xrayRefusal } from '../helpers/xray-conf';

const UUID = '3f1c9a6e-2b4d-4c8e-9f7a-1d2e3f4a5b6c';
const VLESS_WS_TLS = `vless://${UUID}@cdn.example.com:443?encryption=none&security=tls&sni=sni.example.com&type=ws&path=%2Fws&host=front.example.com&alpn=h2,http/1.1&fp=chrome#WS-TLS`;
const VLESS_REALITY_GRPC = `vless://${UUID}@other.example.net:8443?security=reality&pbk=SbVKOEMjK0sIlbwg4akyBg5mL5KZwwB-ed4eEE7YnRc&sid=6ba85179e30d4fc2&sni=www.microsoft.com&fp=firefox&type=grpc&serviceName=svc&flow=xtls-rprx-vision#Reality`;
const VLESS_REALITY_TCP = `vless://${UUID}@r.example.net:443?security=reality&pbk=SbVKOEMjK0sIlbwg4akyBg5mL5KZwwB-ed4eEE7YnRc&sid=ab&sni=www.microsoft.com&type=tcp&flow=xtls-rprx-vision#Reality-TCP`;
const vmess = (o: Record<string, unknown>) =>
  `vmess://${Buffer.from(JSON.stringify({ v: '2', ps: 'vm', add: 'vm.example.org', port: '2053', id: UUID, aid: '0', ...o })).toString('base64')}`;
const VMESS_WS = vmess({ net: 'ws', path: '/vm', host: 'h.example.org', tls: 'tls', sni: 'vm.example.org' });

type Outbound = {
  protocol: string;
  settings: { vnext: { address: string; port: number; users: Record<string, unknown>[] }[] };
  streamSettings: Record<string, any>;
};
const proxyOf = (link: string, core: ConfigCore = 'xray') => (clientConfig(parseShareLink(link), core) as { outbounds: Outbound[] }).outbounds[0];
const problemsOf = (link: string, core: ConfigCore) => coreProblems(parseShareLink(link), core);

describe('the client config for each core', () => {
  it('has a SOCKS inbound on 127.0.0.1:10808 and the profile as the first outbound', () => {
    for (const core of ['xray', 'v2ray'] as const) {
      const cfg = clientConfig(parseShareLink(VMESS_WS), core) as { inbounds: Record<string, unknown>[]; outbounds: Outbound[] };
      expect(cfg.inbounds).toEqual([expect.objectContaining({ protocol: 'socks', listen: '127.0.0.1', port: 10808, settings: { auth: 'noauth', udp: true } })]);
      expect(cfg.outbounds[0]).toMatchObject({ tag: 'proxy', protocol: 'vmess', settings: { vnext: [{ address: 'vm.example.org', port: 2053 }] } });
    }
  });

  it('vless over ws with tls for Xray: path, host, server name, alpn and fingerprint', () => {
    expect(proxyOf(VLESS_WS_TLS).streamSettings).toEqual({
      network: 'ws',
      security: 'tls',
      wsSettings: { path: '/ws', host: 'front.example.com' },
      tlsSettings: { serverName: 'sni.example.com', alpn: ['h2', 'http/1.1'], fingerprint: 'chrome' },
    });
    expect(proxyOf(VLESS_WS_TLS).settings.vnext[0].users[0]).toEqual({ id: UUID, encryption: 'none' });
  });

  it('vless over grpc and raw with REALITY and a flow, for Xray only', () => {
    const out = proxyOf(VLESS_REALITY_GRPC);
    expect(out.settings.vnext[0].users[0]).toEqual({ id: UUID, encryption: 'none', flow: 'xtls-rprx-vision' });
    expect(out.streamSettings).toEqual({
      network: 'grpc',
      security: 'reality',
      grpcSettings: { serviceName: 'svc' },
      realitySettings: {
        serverName: 'www.microsoft.com',
        publicKey: 'SbVKOEMjK0sIlbwg4akyBg5mL5KZwwB-ed4eEE7YnRc',
        shortId: '6ba85179e30d4fc2',
        fingerprint: 'firefox',
      },
    });
    expect(proxyOf(VLESS_REALITY_TCP).streamSettings).toMatchObject({ network: 'raw', security: 'reality' });
    // v2ray 4 ignores "security": "reality" and would send the VLESS header and id in the clear.
    expect(problemsOf(VLESS_REALITY_TCP, 'v2ray')).toEqual({ security: 'export.realityNotInV2ray', flow: 'export.settingNotInV2ray' });
    expect(problemsOf(VLESS_REALITY_GRPC, 'v2ray')).toEqual({
      security: 'export.realityNotInV2ray',
      network: 'export.transportNotInV2ray',
      fp: 'export.settingNotInV2ray',
      flow: 'export.settingNotInV2ray',
    });
    expect(() => clientConfig(parseShareLink(VLESS_REALITY_TCP), 'v2ray')).toThrow(UnsupportedByCore);
    // Xray runs REALITY over raw, xhttp and grpc only.
    expect(problemsOf(`vless://${UUID}@r.example.net:443?security=reality&pbk=k&type=ws#r`, 'xray')).toEqual({ network: 'export.realityTransport' });
  });

  it('vmess for v2ray 4: alterId and cipher, ws with tls, h2, quic and tcp with the http header', () => {
    const ws = proxyOf(VMESS_WS, 'v2ray');
    expect(ws).toMatchObject({
      protocol: 'vmess',
      settings: { vnext: [{ address: 'vm.example.org', port: 2053, users: [{ id: UUID, alterId: 0, security: 'auto' }] }] },
    });
    expect(ws.streamSettings).toEqual({
      network: 'ws',
      security: 'tls',
      wsSettings: { path: '/vm', headers: { Host: 'h.example.org' } },
      tlsSettings: { serverName: 'vm.example.org' },
    });
    expect(proxyOf(vmess({ net: 'h2', path: '/h2', host: 'a.example.org,b.example.org', tls: 'tls', scy: 'aes-128-gcm' }), 'v2ray').streamSettings).toEqual({
      network: 'http',
      security: 'tls',
      httpSettings: { path: '/h2', host: ['a.example.org', 'b.example.org'] },
      tlsSettings: { serverName: 'a.example.org' },
    });
    expect(proxyOf(vmess({ net: 'h2', tls: 'tls', scy: 'aes-128-gcm', aid: '4' }), 'v2ray').settings.vnext[0].users[0]).toEqual({
      id: UUID,
      alterId: 4,
      security: 'aes-128-gcm',
    });
    expect(proxyOf(vmess({ net: 'quic', type: 'wechat-video', host: 'aes-128-gcm', path: 'k3y', tls: 'tls' }), 'v2ray').streamSettings).toEqual({
      network: 'quic',
      security: 'tls',
      quicSettings: { security: 'aes-128-gcm', key: 'k3y', header: { type: 'wechat-video' } },
      tlsSettings: {},
    });
    expect(proxyOf(vmess({ net: 'tcp', type: 'http', path: '/t', host: 't.example.org' }), 'v2ray').streamSettings).toEqual({
      network: 'tcp',
      security: 'none',
      tcpSettings: { header: { type: 'http', request: { path: ['/t'], headers: { Host: ['t.example.org'] } } } },
    });
    expect(proxyOf(vmess({ net: 'tcp' }), 'v2ray').streamSettings).toEqual({ network: 'tcp', security: 'none' });
    expect(proxyOf(vmess({ net: 'kcp', type: 'wechat-video', path: 's33d' }), 'v2ray').streamSettings).toEqual({
      network: 'kcp',
      security: 'none',
      kcpSettings: { header: { type: 'wechat-video' }, seed: 's33d' },
    });
  });

  it('vmess for Xray: no alterId, no "none" cipher, tcp as raw, kcp header and seed as finalmask', () => {
    expect(proxyOf(vmess({ net: 'tcp', scy: 'none', aid: '2' })).settings.vnext[0].users[0]).toEqual({ id: UUID, security: 'auto' });
    expect(proxyOf(vmess({ net: 'tcp', type: 'http', path: '/t', host: 't.example.org' })).streamSettings).toEqual({
      network: 'raw',
      security: 'none',
      rawSettings: { header: { type: 'http', request: { path: ['/t'], headers: { Host: ['t.example.org'] } } } },
    });
    expect(proxyOf(vmess({ net: 'kcp', type: 'wechat-video', path: 's33d' })).streamSettings).toEqual({
      network: 'kcp',
      security: 'none',
      kcpSettings: {},
      finalmask: {
        udp: [
          { type: 'mkcp-legacy', settings: { value: 's33d' } },
          { type: 'mkcp-legacy', settings: { header: 'wechat' } },
        ],
      },
    });
    expect(proxyOf(vmess({ net: 'kcp' })).streamSettings.finalmask).toEqual({ udp: [{ type: 'mkcp-legacy' }] });
    expect(proxyOf(vmess({ net: 'httpupgrade', path: '/up', host: 'u.example.org' })).streamSettings).toEqual({
      network: 'httpupgrade',
      security: 'none',
      httpupgradeSettings: { path: '/up', host: 'u.example.org' },
    });
  });

  it('refuses, naming the field, what each core cannot carry: never a config without it', () => {
    const h2 = vmess({ net: 'h2', path: '/h2', tls: 'tls' });
    const h2Plain = vmess({ net: 'h2', path: '/h2' });
    const quic = vmess({ net: 'quic', tls: 'tls' });
    const cases: [string, ConfigCore, Record<string, string>][] = [
      // Removed from Xray-core: the h2 and quic transports, allowInsecure, legacy XTLS flows.
      [h2, 'xray', { network: 'export.transportNotInXray' }],
      [quic, 'xray', { network: 'export.transportNotInXray' }],
      [`vless://${UUID}@a.example.com:443?type=ws&security=tls&allowInsecure=1#i`, 'xray', { allowInsecure: 'export.insecureNotInXray' }],
      [vmess({ net: 'ws', tls: 'tls', insecure: '1' }), 'xray', { allowInsecure: 'export.insecureNotInXray' }],
      [`vless://${UUID}@a.example.com:443?security=xtls&flow=xtls-rprx-direct&type=tcp#x`, 'xray', { flow: 'export.flowNotInXray' }],
      // Not in v2ray 4: grpc, httpupgrade, xhttp; uTLS, ECH, pinning, finalmask, VLESS encryption.
      [`vless://${UUID}@a.example.com:443?type=grpc&serviceName=s&security=tls#g`, 'v2ray', { network: 'export.transportNotInV2ray' }],
      [vmess({ net: 'httpupgrade', path: '/u' }), 'v2ray', { network: 'export.transportNotInV2ray' }],
      [`vless://${UUID}@a.example.com:443?type=xhttp&path=%2Fx&security=tls#x`, 'v2ray', { network: 'export.transportNotInV2ray' }],
      [`vless://${UUID}@a.example.com:443?type=splithttp&path=%2Fx#x`, 'v2ray', { network: 'export.transportNotInV2ray' }],
      [VLESS_WS_TLS, 'v2ray', { fp: 'export.settingNotInV2ray' }],
      [
        `vless://${UUID}@a.example.com:443?type=ws&security=tls&ech=AEX%2B&pcs=ab12&vcn=b.example.com#e`,
        'v2ray',
        { ech: 'export.settingNotInV2ray', pcs: 'export.settingNotInV2ray', vcn: 'export.settingNotInV2ray' },
      ],
      [`vless://${UUID}@a.example.com:443?type=tcp&encryption=mlkem768x25519plus.native.0rtt.abc#m`, 'v2ray', { encryption: 'export.settingNotInV2ray' }],
      // h2 without TLS connects in neither core (v2ray 4 takes the config and fails at run time).
      [h2Plain, 'v2ray', { network: 'export.h2NeedsTls' }],
      [h2Plain, 'xray', { network: 'export.transportNotInXray' }],
    ];
    for (const [link, core, problems] of cases) {
      expect([link, core, problemsOf(link, core)]).toEqual([link, core, problems]);
      expect(() => clientConfig(parseShareLink(link), core)).toThrow(UnsupportedByCore);
    }
    // What each accepts stays whole: h2 with TLS and allowInsecure for v2ray 4.
    expect(problemsOf(h2, 'v2ray')).toEqual({});
    expect(proxyOf(`vless://${UUID}@a.example.com:443?type=ws&security=tls&allowInsecure=1#i`, 'v2ray').streamSettings.tlsSettings).toEqual({
      allowInsecure: true,
    });
  });

  it('writes nothing current Xray-core refuses, for any profile it accepts', () => {
    const links = [
      VLESS_WS_TLS,
      VLESS_REALITY_GRPC,
      VLESS_REALITY_TCP,
      VMESS_WS,
      vmess({ net: 'kcp', type: 'dtls', path: 'seed' }),
      vmess({ net: 'tcp', type: 'http', host: 'a.example.org' }),
      `vless://${UUID}@a.example.com:443?type=xhttp&mode=packet-up&path=%2Fx&security=tls#x`,
    ];
    for (const link of links) expect([link, xrayRefusal(clientConfig(parseShareLink(link), 'xray'))]).toEqual([link, null]);
  });

  it('ws early data in the path (?ed=2048) becomes maxEarlyData for v2ray 4, and stays in the path for Xray', () => {
    const link = `vless://${UUID}@a.example.com:443?type=ws&path=%2Fws%3Fed%3D2048&security=tls#ed`;
    expect(proxyOf(link, 'v2ray').streamSettings.wsSettings).toEqual({ path: '/ws', maxEarlyData: 2048, earlyDataHeaderName: 'Sec-WebSocket-Protocol' });
    expect(proxyOf(link, 'xray').streamSettings.wsSettings).toEqual({ path: '/ws?ed=2048' });
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
    for (const [name, address, protocol] of [
      ['WS-TLS', VLESS_WS_TLS, 'vless'],
      ['VM-WS', VMESS_WS, 'vmess'],
      ['Reality', VLESS_REALITY_TCP, 'vless'],
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: api('apps/addProfile'),
        headers: c.top.headers,
        payload: { name, address, protocol, operator: 'mci', type: 'normal', serverId },
      });
      ids.push(res.json().data.id);
    }
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (url: string, headers = c.top.headers) => t.app.inject({ method: 'GET', url: api(url), headers });
  const exportsOf = async (actorId: number) =>
    t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, actorId), eq(auditLog.action, 'profile.export')));

  it("is for role_id 1 only: 403 for the app's own admin and for role_id 5, 401 signed out, nothing audited", async () => {
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

  it('answers the client config for each core as a JSON download, audited with the format', async () => {
    for (const core of ['xray', 'v2ray'] as const) {
      const res = await get(`apps/exportProfile/${ids[1]}?format=${core}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="VM-WS-${ids[1]}-${core}.json"`);
      expect(res.json()).toEqual(clientConfig(parseShareLink(VMESS_WS), core));
      expect((await exportsOf(c.top.id)).at(-1)).toMatchObject({ detail: { format: core } });
    }
  });

  it('409 UNSUPPORTED_BY_CORE naming the field for a profile the core cannot carry, nothing exported nor audited', async () => {
    const before = (await exportsOf(c.top.id)).length;
    const res = await get(`apps/exportProfile/${ids[2]}?format=v2ray`);
    expect({ status: res.statusCode, code: res.json().code, errors: res.json().errors }).toEqual({
      status: 409,
      code: 'UNSUPPORTED_BY_CORE',
      errors: { security: 'export.realityNotInV2ray', flow: 'export.settingNotInV2ray' },
    });
    expect(res.json().message).toMatch(/v2ray 4 .*security/);
    expect(await exportsOf(c.top.id)).toHaveLength(before);
    const xray = await get(`apps/exportProfile/${ids[2]}?format=xray`);
    expect(xray.statusCode).toBe(200);
    expect(xray.json().outbounds[0].streamSettings).toMatchObject({
      network: 'raw',
      security: 'reality',
      realitySettings: { publicKey: 'SbVKOEMjK0sIlbwg4akyBg5mL5KZwwB-ed4eEE7YnRc' },
    });
  });

  it('tells which formats a profile has and why it lacks the others (GET apps/exportFormats/{id}), unaudited, role_id 1 only', async () => {
    const before = (await exportsOf(c.top.id)).length;
    const reality = await get(`apps/exportFormats/${ids[2]}`);
    expect([reality.statusCode, reality.json()]).toEqual([
      200,
      {
        data: {
          formats: [
            { format: 'link', available: true },
            { format: 'qr', available: true },
            { format: 'xray', available: true },
            {
              format: 'v2ray',
              available: false,
              code: 'UNSUPPORTED_BY_CORE',
              errors: { security: 'export.realityNotInV2ray', flow: 'export.settingNotInV2ray' },
            },
          ],
        },
      },
    ]);
    const ws = (await get(`apps/exportFormats/${ids[1]}`)).json().data.formats;
    expect(ws.map((f: { available: boolean }) => f.available)).toEqual([true, true, true, true]);
    expect(await exportsOf(c.top.id)).toHaveLength(before);
    for (const who of [c.owner, c.restricted]) expect((await get(`apps/exportFormats/${ids[0]}`, who.headers)).statusCode).toBe(403);
    expect((await get('apps/exportFormats/999999')).statusCode).toBe(404);
  });

  it('answers a QR code at level L for a link too long for M, and 413 TOO_LONG_FOR_QR past version 40 at L, nothing audited', async () => {
    /** A valid link of exactly `length` characters (a long ws path). */
    const linkOf = (length: number) => {
      const head = `vless://${UUID}@cdn.example.com:443?encryption=none&security=tls&type=ws&path=%2F`;
      const tail = '#long';
      return head + 'a'.repeat(length - head.length - tail.length) + tail;
    };
    const add = async (name: string, address: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: api('apps/addProfile'),
          headers: c.top.headers,
          payload: { name, address, protocol: 'vless', operator: 'mci', type: 'normal', serverId },
        })
      ).json().data.id as number;
    // 2,332 bytes: one past what level M holds at version 40 (this answered 500 before).
    const mLimit = linkOf(2332);
    const fitsL = await add('Long-L', mLimit);
    const qr = await get(`apps/exportProfile/${fitsL}?format=qr`);
    expect(qr.statusCode).toBe(200);
    const size = QRCode.create(mLimit, { errorCorrectionLevel: 'L' }).modules.size + 4;
    expect(qr.body).toContain(`viewBox="0 0 ${size} ${size}"`);
    expect(() => QRCode.create(mLimit, { errorCorrectionLevel: 'M' })).toThrow();
    // 2,954 bytes: one past version 40 at level L.
    const tooLong = await add('Long-X', linkOf(2954));
    const before = (await exportsOf(c.top.id)).length;
    const refused = await get(`apps/exportProfile/${tooLong}?format=qr`);
    expect({ status: refused.statusCode, code: refused.json().code, errors: refused.json().errors }).toEqual({
      status: 413,
      code: 'TOO_LONG_FOR_QR',
      errors: { link: 'export.tooLongForQr' },
    });
    expect(await exportsOf(c.top.id)).toHaveLength(before);
    // The link itself and the configs still export; the formats call says why there is no QR code.
    expect((await get(`apps/exportProfile/${tooLong}?format=link`)).statusCode).toBe(200);
    expect((await get(`apps/exportFormats/${tooLong}`)).json().data.formats[1]).toEqual({
      format: 'qr',
      available: false,
      code: 'TOO_LONG_FOR_QR',
      errors: { link: 'export.tooLongForQr' },
    });
    expect((await get(`apps/exportFormats/${fitsL}`)).json().data.formats[1]).toEqual({ format: 'qr', available: true });
    await t.db.delete(profiles).where(eq(profiles.name, 'Long-L'));
    await t.db.delete(profiles).where(eq(profiles.name, 'Long-X'));
  });

  it('400 on an unknown format, 404 on an unknown profile or server', async () => {
    expect((await get(`apps/exportProfile/${ids[0]}?format=clash`)).statusCode).toBe(400);
    expect((await get('apps/exportProfile/999999')).statusCode).toBe(404);
    expect((await get('apps/exportProfiles/999999')).statusCode).toBe(404);
    expect((await get(`apps/exportProfiles/${serverId}?format=json`)).statusCode).toBe(400);
  });

  it('400 on address, nothing exported nor audited, when a stored address no longer opens (sealed under another key)', async () => {
    const otherKey = createSecretBox(randomBytes(32)).seal(VLESS_WS_TLS, PROFILE_ADDRESS_CONTEXT);
    const [stale] = await t.db.insert(profiles).values({ serverId, name: 'Stale', addressEnc: otherKey, operator: 'mci', protocol: 'vless' }).returning();
    const before = (await exportsOf(c.top.id)).length;
    const one = await get(`apps/exportProfile/${stale.id}?format=link`);
    expect({ status: one.statusCode, errors: one.json().errors }).toEqual({ status: 400, errors: { address: 'validation.required' } });
    const all = await get(`apps/exportProfiles/${serverId}?format=links`);
    expect({ status: all.statusCode, errors: all.json().errors }).toEqual({ status: 400, errors: { address: 'validation.required' } });
    expect(await exportsOf(c.top.id)).toHaveLength(before);
    await t.db.delete(profiles).where(eq(profiles.id, stale.id));
  });

  it("answers the server's subscription: one link a line, or that text in base64, audited", async () => {
    const lines = await get(`apps/exportProfiles/${serverId}?format=links`);
    expect(lines.statusCode).toBe(200);
    expect(lines.body).toBe(`${VLESS_WS_TLS}\n${VMESS_WS}\n${VLESS_REALITY_TCP}\n`);
    const b64 = await get(`apps/exportProfiles/${serverId}?format=base64`);
    expect(b64.body).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(b64.body, 'base64').toString('utf8')).toBe(lines.body);
    const audited = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, c.top.id), eq(auditLog.action, 'server.export')));
    expect(audited.map((r) => r.detail)).toEqual([
      { format: 'links', profiles: 3 },
      { format: 'base64', profiles: 3 },
    ]);
  });
});
