// Proof with a real VPN core (docs/architecture.md §9): Debian's v2ray (4.34) serves one inbound per
// combination the `v2ray` export accepts (vmess and vless; tcp, tcp with the http header, ws with
// early data, kcp with a header and a seed, quic, h2; with and without TLS) on loopback with known
// ids, in front of a small HTTP origin. As the top admin the test creates an app, a server at
// 127.0.0.1 and imports the matching share links, plus links v2ray 4 cannot carry, through the CSV
// import; as the mobile app it calls apps/client/config and decrypts each profile's config
// (AES-256-CBC with newCoreKey/newCoreIv) back to the imported link. Then it downloads
// apps/exportProfile?format=v2ray for each: the carried ones go, outbound for outbound, into one
// v2ray client (one SOCKS inbound each, routed by inbound tag, so a single start serves them all)
// that fetches the origin through every one; the others answer 409 UNSUPPORTED_BY_CORE naming the
// field; and the `xray` export of each REALITY profile is refused by `v2ray -test`, so it never
// reaches a core that would run it in the clear. Skipped, saying why, only where the v2ray binary is
// absent (.ci/run installs it with apt).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createDecipheriv, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { multipart } from '../helpers/multipart';
import { api, callers, makeApp, type Callers } from '../helpers/seed';
import { freePort } from '../../../bench/lib/server-process';
import { fetchViaSocks, v2rayBinary, waitForPort } from '../helpers/v2ray';

const V2RAY = v2rayBinary();
const describeWithCore = V2RAY ? describe : describe.skip;

function decrypt(b64: string, key: string, iv: string): string {
  const d = createDecipheriv('aes-256-cbc', Buffer.from(key, 'utf8'), Buffer.from(iv, 'utf8'));
  return Buffer.concat([d.update(Buffer.from(b64, 'base64')), d.final()]).toString('utf8');
}

describeWithCore('a real v2ray core connects with what the panel hands out', () => {
  let t: TestApp;
  let c: Callers;
  let dir: string;
  const cores: ChildProcess[] = [];
  let origin: http.Server;
  let originPort: number;
  const secret = randomBytes(16).toString('hex');
  const vmessId = randomUUID();
  const vlessId = randomUUID();
  /** The profiles v2ray 4 carries, each with the server inbound that serves it. */
  let carried: { name: string; link: string; protocol: string; inbound: Record<string, unknown> }[];
  /** Profiles the `v2ray` export must refuse, with the fields it names. */
  let refused: { name: string; link: string; protocol: string; errors: Record<string, string> }[];
  let client: ChildProcess;
  /** The client's SOCKS port for each carried profile, and for one with a wrong id. */
  const socksPorts = new Map<string, number>();

  function startCore(name: string, config: object): ChildProcess & { output(): string } {
    const file = path.join(dir, `${name}.json`);
    writeFileSync(file, JSON.stringify(config, null, 2));
    const child = spawn(V2RAY!, ['-config', file], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout!.on('data', (d) => (out += d));
    child.stderr!.on('data', (d) => (out += d));
    cores.push(child);
    return Object.assign(child, { output: () => out });
  }

  beforeAll(async () => {
    expect(spawnSync(V2RAY!, ['-version']).stdout.toString()).toMatch(/V2Ray 4\./);
    dir = mkdtempSync(path.join(tmpdir(), 'real-core-'));
    // A throwaway certificate for the TLS inbounds; the links say allowInsecure, which v2ray 4 carries.
    const cert = path.join(dir, 'cert.pem');
    const key = path.join(dir, 'key.pem');
    const made = spawnSync('openssl', [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=core.test',
      '-keyout',
      key,
      '-out',
      cert,
    ]);
    expect(made.status).toBe(0);
    const tls = { security: 'tls', tlsSettings: { certificates: [{ certificateFile: cert, keyFile: key }] } };
    origin = http.createServer((req, res) => {
      const body = `origin says ${secret} to ${req.url}`;
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': Buffer.byteLength(body) });
      res.end(body);
    });
    await new Promise<void>((r) => origin.listen(0, '127.0.0.1', () => r()));
    originPort = (origin.address() as net.AddressInfo).port;

    const vmessJson = (ps: string, port: number, o: Record<string, unknown>) =>
      `vmess://${Buffer.from(JSON.stringify({ v: '2', ps, add: '127.0.0.1', port: String(port), id: vmessId, aid: '0', scy: 'auto', ...o })).toString('base64')}`;
    const vless = (name: string, port: number, query: string) => `vless://${vlessId}@127.0.0.1:${port}?encryption=none&${query}#${name}`;
    const vmessIn = (port: number, streamSettings: object) => ({
      listen: '127.0.0.1',
      port,
      protocol: 'vmess',
      settings: { clients: [{ id: vmessId, alterId: 0 }] },
      streamSettings,
    });
    const vlessIn = (port: number, streamSettings: object) => ({
      listen: '127.0.0.1',
      port,
      protocol: 'vless',
      settings: { clients: [{ id: vlessId }], decryption: 'none' },
      streamSettings,
    });
    const ports = await Promise.all(Array.from({ length: 8 }, () => freePort()));
    carried = [
      {
        name: 'vm-ws',
        protocol: 'vmess',
        link: vmessJson('vm-ws', ports[0], { net: 'ws', type: 'none', host: '', path: '/vmws', tls: '' }),
        inbound: vmessIn(ports[0], { network: 'ws', wsSettings: { path: '/vmws' } }),
      },
      { name: 'vl-tcp', protocol: 'vless', link: vless('vl-tcp', ports[1], 'security=none&type=tcp'), inbound: vlessIn(ports[1], { network: 'tcp' }) },
      {
        name: 'vm-tcp-http',
        protocol: 'vmess',
        link: vmessJson('vm-tcp-http', ports[2], { net: 'tcp', type: 'http', host: 'www.example.com', path: '/', tls: '' }),
        inbound: vmessIn(ports[2], { network: 'tcp', tcpSettings: { header: { type: 'http', request: { path: ['/'] } } } }),
      },
      {
        name: 'vl-ws-tls-ed',
        protocol: 'vless',
        link: vless('vl-ws-tls-ed', ports[3], 'security=tls&sni=core.test&allowInsecure=1&type=ws&host=core.test&path=%2Fvlws%3Fed%3D2048'),
        inbound: vlessIn(ports[3], { network: 'ws', wsSettings: { path: '/vlws', maxEarlyData: 2048, earlyDataHeaderName: 'Sec-WebSocket-Protocol' }, ...tls }),
      },
      {
        name: 'vm-kcp',
        protocol: 'vmess',
        link: vmessJson('vm-kcp', ports[4], { net: 'kcp', type: 'wechat-video', path: 'kcp-s33d', tls: '' }),
        inbound: vmessIn(ports[4], { network: 'kcp', kcpSettings: { header: { type: 'wechat-video' }, seed: 'kcp-s33d' } }),
      },
      {
        name: 'vm-quic',
        protocol: 'vmess',
        link: vmessJson('vm-quic', ports[5], { net: 'quic', type: 'srtp', host: 'aes-128-gcm', path: 'quic-k3y', tls: '' }),
        inbound: vmessIn(ports[5], { network: 'quic', quicSettings: { security: 'aes-128-gcm', key: 'quic-k3y', header: { type: 'srtp' } } }),
      },
      {
        name: 'vl-h2-tls',
        protocol: 'vless',
        link: vless('vl-h2-tls', ports[6], 'security=tls&sni=core.test&allowInsecure=1&type=http&host=core.test&path=%2Fh2'),
        inbound: vlessIn(ports[6], { network: 'http', httpSettings: { path: '/h2', host: ['core.test'] }, ...tls }),
      },
      {
        name: 'vl-tcp-tls',
        protocol: 'vless',
        link: vless('vl-tcp-tls', ports[7], 'security=tls&sni=core.test&allowInsecure=1&type=tcp'),
        inbound: vlessIn(ports[7], { network: 'tcp', ...tls }),
      },
    ];
    const pbk = 'SbVKOEMjK0sIlbwg4akyBg5mL5KZwwB-ed4eEE7YnRc';
    refused = [
      {
        name: 'vl-reality-tcp',
        protocol: 'vless',
        link: vless('vl-reality-tcp', ports[1], `security=reality&pbk=${pbk}&sid=ab&sni=www.example.com&type=tcp`),
        errors: { security: 'export.realityNotInV2ray' },
      },
      {
        name: 'vl-reality-grpc',
        protocol: 'vless',
        link: vless('vl-reality-grpc', ports[1], `security=reality&pbk=${pbk}&sni=www.example.com&type=grpc&serviceName=g`),
        errors: { security: 'export.realityNotInV2ray', network: 'export.transportNotInV2ray' },
      },
      {
        name: 'vl-reality-xhttp',
        protocol: 'vless',
        link: vless('vl-reality-xhttp', ports[1], `security=reality&pbk=${pbk}&sni=www.example.com&type=xhttp&path=%2Fx`),
        errors: { security: 'export.realityNotInV2ray', network: 'export.transportNotInV2ray' },
      },
      {
        name: 'vm-grpc',
        protocol: 'vmess',
        link: vmessJson('vm-grpc', ports[0], { net: 'grpc', path: 'g', tls: 'tls' }),
        errors: { network: 'export.transportNotInV2ray' },
      },
      {
        name: 'vm-httpupgrade',
        protocol: 'vmess',
        link: vmessJson('vm-httpupgrade', ports[0], { net: 'httpupgrade', path: '/u', tls: '' }),
        errors: { network: 'export.transportNotInV2ray' },
      },
      {
        name: 'vl-xhttp',
        protocol: 'vless',
        link: vless('vl-xhttp', ports[1], 'security=tls&type=xhttp&path=%2Fx'),
        errors: { network: 'export.transportNotInV2ray' },
      },
      {
        name: 'vl-h2-plain',
        protocol: 'vless',
        link: vless('vl-h2-plain', ports[6], 'security=none&type=http&path=%2Fh2'),
        errors: { network: 'export.h2NeedsTls' },
      },
      {
        name: 'vl-ws-tls-fp',
        protocol: 'vless',
        link: vless('vl-ws-tls-fp', ports[3], 'security=tls&fp=chrome&type=ws&path=%2Fvlws'),
        errors: { fp: 'export.settingNotInV2ray' },
      },
    ];

    const server = startCore('server', { log: { loglevel: 'warning' }, inbounds: carried.map((p) => p.inbound), outbounds: [{ protocol: 'freedom' }] });
    for (const p of carried) {
      const port = p.inbound.port as number;
      // kcp and quic listen on UDP: the server's TCP ports answering means it has started them all.
      if (['vm-kcp', 'vm-quic'].includes(p.name)) continue;
      await waitForPort(port, server, server.output);
    }

    t = await createTestApp();
    c = await callers(t);
  });

  afterAll(async () => {
    for (const core of cores) if (core.exitCode === null) core.kill('SIGKILL');
    await new Promise((r) => origin?.close(r));
    await t?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('imports the links, hands them to the app encrypted, and every v2ray export it accepts reaches the origin', async () => {
    // As the top admin: an app (its keys are generated), a server at 127.0.0.1, the CSV import.
    const theApp = await makeApp(t, c, c.owner);
    const { data: detail } = (await t.app.inject({ method: 'GET', url: api(`apps/getApp/${theApp.id}`), headers: c.top.headers })).json();
    const { newCoreKey, newCoreIv } = detail.settings as { newCoreKey: string; newCoreIv: string };
    expect(newCoreKey).toHaveLength(32);
    const countries = (await t.app.inject({ method: 'GET', url: api('apps/countries'), headers: c.top.headers })).json().data as { id: number; code: string }[];
    const server = await t.app.inject({
      method: 'POST',
      url: api('apps/addServer'),
      headers: c.top.headers,
      payload: { appId: [theApp.id], countryId: countries.find((x) => x.code === 'NL')!.id, ip: '127.0.0.1', username: null, password: null, port: 22 },
    });
    expect(server.statusCode).toBe(200);
    const serverId = server.json().data.id as number;
    const links = [...carried, ...refused];
    const csv = ['address,name,protocol,type', ...links.map((l) => `${l.link},${l.name},${l.protocol},normal`)].join('\n') + '\n';
    const { payload, headers } = multipart({
      serverId: String(serverId),
      operator: 'wifi',
      csvFile: { filename: 'links.csv', content: csv, contentType: 'text/csv' },
    });
    const imported = await t.app.inject({ method: 'POST', url: api('apps/group/addProfiles'), headers: { ...headers, ...c.top.headers }, payload });
    expect(imported.json()).toEqual({ success: true, data: { inserted: links.length, skipped: 0 } });

    // As the mobile app: the config call, each config decrypted back to the imported link.
    const cfg = await t.app.inject({ method: 'GET', url: api('apps/client/config?versionCode=1&operator=wifi'), headers: { appapikey: theApp.apiKey } });
    expect(cfg.statusCode).toBe(200);
    const srv = (cfg.json().data.servers as { id: number; profiles: { id: number; name: string; config: string }[] }[]).find((s) => s.id === serverId)!;
    expect(srv.profiles.map((p) => p.name)).toEqual(links.map((l) => l.name));
    for (const [i, p] of srv.profiles.entries()) expect(decrypt(p.config, newCoreKey, newCoreIv)).toBe(links[i].link);
    const idOf = new Map(srv.profiles.map((p) => [p.name, p.id]));
    const exportOf = (name: string, format: string) =>
      t.app.inject({ method: 'GET', url: api(`apps/exportProfile/${idOf.get(name)}?format=${format}`), headers: c.top.headers });

    // What v2ray 4 cannot carry is refused, naming the field, never exported without it.
    for (const p of refused) {
      const res = await exportOf(p.name, 'v2ray');
      expect([p.name, res.statusCode, res.json().code, res.json().errors]).toEqual([p.name, 409, 'UNSUPPORTED_BY_CORE', p.errors]);
    }
    // The Xray config of a REALITY profile does not start in v2ray 4 (which ignores "security": "reality"
    // and would send the VLESS header and id in the clear): its network is one v2ray 4 refuses.
    for (const name of ['vl-reality-tcp', 'vl-reality-grpc', 'vl-reality-xhttp']) {
      const res = await exportOf(name, 'xray');
      expect([name, res.statusCode]).toEqual([name, 200]);
      const file = path.join(dir, `${name}.xray.json`);
      writeFileSync(file, res.body);
      const test = spawnSync(V2RAY!, ['-test', '-config', file], { encoding: 'utf8' });
      expect([name, test.status === 0, `${test.stdout}${test.stderr}`]).toEqual([name, false, expect.stringMatching(/unknown transport protocol/)]);
    }

    // The carried ones: each exported config's outbound, as written, in one client behind its own SOCKS inbound.
    const inbounds: object[] = [];
    const outbounds: object[] = [];
    const rules: object[] = [];
    for (const p of carried) {
      const res = await exportOf(p.name, 'v2ray');
      expect([p.name, res.statusCode]).toEqual([p.name, 200]);
      const exported = res.json() as { remarks: string; inbounds: { port: number; listen: string }[]; outbounds: { tag: string }[] };
      expect(exported.remarks).toBe(p.name);
      expect(exported.inbounds[0]).toMatchObject({ listen: '127.0.0.1', port: 10808 });
      expect(exported.outbounds.map((o) => o.tag)).toEqual(['proxy', 'direct']);
      // Tests run in parallel: the fixed 10808 becomes a free port.
      const port = await freePort();
      socksPorts.set(p.name, port);
      inbounds.push({ ...exported.inbounds[0], tag: `in-${p.name}`, port });
      outbounds.push({ ...exported.outbounds[0], tag: `out-${p.name}` });
      rules.push({ type: 'field', inboundTag: [`in-${p.name}`], outboundTag: `out-${p.name}` });
    }
    // The proof is not vacuous: the same outbound with a wrong id does not get through.
    const wrongPort = await freePort();
    socksPorts.set('wrong-id', wrongPort);
    const vlTcp = outbounds[carried.findIndex((p) => p.name === 'vl-tcp')] as { settings: { vnext: { users: { id: string }[] }[] } };
    const wrong = JSON.parse(JSON.stringify(vlTcp));
    wrong.tag = 'out-wrong-id';
    wrong.settings.vnext[0].users[0].id = randomUUID();
    inbounds.push({ tag: 'in-wrong-id', listen: '127.0.0.1', port: wrongPort, protocol: 'socks', settings: { auth: 'noauth' } });
    outbounds.push(wrong);
    rules.push({ type: 'field', inboundTag: ['in-wrong-id'], outboundTag: 'out-wrong-id' });
    client = startCore('client', { log: { loglevel: 'warning' }, inbounds, outbounds, routing: { rules } });
    for (const port of socksPorts.values()) await waitForPort(port, client, (client as ChildProcess & { output(): string }).output);
    const bodies = await Promise.all(
      carried.map(async (p) => ({ profile: p.name, body: await fetchViaSocks(socksPorts.get(p.name)!, originPort, `/${p.name}`) })),
    );
    expect(bodies).toEqual(carried.map((p) => ({ profile: p.name, body: `origin says ${secret} to /${p.name}` })));
  });

  it('a wrong id does not get through: the proof is not vacuous', async () => {
    expect(client?.exitCode).toBeNull();
    await expect(fetchViaSocks(socksPorts.get('wrong-id')!, originPort, '/wrong')).rejects.toThrow();
  });
});
