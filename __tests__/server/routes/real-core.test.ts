// Proof with a real VPN core (docs/architecture.md §9): Debian's v2ray (4.34) serves a VMess-over-WebSocket and
// a VLESS-over-TCP inbound on loopback with known ids, in front of a small HTTP origin. As the top
// admin the test creates an app, a server at 127.0.0.1 and imports the two matching share links
// through the CSV import; as the mobile app it calls apps/client/config and decrypts each profile's
// config (AES-256-CBC with newCoreKey/newCoreIv) back to the imported link; then, per profile, it
// downloads apps/exportProfile?format=v2ray, runs a v2ray client with it and fetches the origin
// through the client's SOCKS port. Skipped, saying why, only where the v2ray binary is absent
// (.ci/run installs it with apt).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createDecipheriv, randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { multipart } from '../helpers/multipart';
import { api, callers, makeApp, type Callers } from '../helpers/seed';
import { freePort } from '../../../bench/lib/server-process';

const V2RAY = ['/usr/bin/v2ray', '/usr/local/bin/v2ray'].find((p) => existsSync(p));
if (!V2RAY) {
  // eslint-disable-next-line no-console
  console.warn('real-core.test.ts skipped: no v2ray binary (apt-get install v2ray; .ci/run does)');
}
const describeWithCore = V2RAY ? describe : describe.skip;

async function waitForPort(port: number, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`v2ray exited with ${child.exitCode}: ${output()}`);
    const open = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1', () => {
        s.destroy();
        resolve(true);
      });
      s.on('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`nothing listens on ${port} after 15 s: ${output()}`);
}

/** GET http://127.0.0.1:{port}{path} through a SOCKS5 proxy (no auth, IPv4 target); answers the body. */
function fetchViaSocks(socksPort: number, port: number, pathName: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const s = net.connect(socksPort, '127.0.0.1');
    const timer = setTimeout(() => {
      s.destroy();
      reject(new Error('no answer through the SOCKS proxy within 15 s'));
    }, 15_000);
    let stage = 0;
    let buf = Buffer.alloc(0);
    s.on('connect', () => s.write(Buffer.from([5, 1, 0])));
    s.on('data', (chunk) => {
      buf = Buffer.concat([buf, chunk]);
      if (stage === 0 && buf.length >= 2) {
        if (buf[0] !== 5 || buf[1] !== 0) return reject(new Error(`SOCKS greeting refused: ${buf.toString('hex')}`));
        buf = buf.subarray(2);
        stage = 1;
        s.write(Buffer.from([5, 1, 0, 1, 127, 0, 0, 1, port >> 8, port & 255]));
      }
      if (stage === 1 && buf.length >= 10) {
        if (buf[1] !== 0) return reject(new Error(`SOCKS connect refused: ${buf[1]}`));
        buf = buf.subarray(10);
        stage = 2;
        s.write(`GET ${pathName} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`);
      }
    });
    s.on('end', () => {
      clearTimeout(timer);
      const text = buf.toString('utf8');
      const at = text.indexOf('\r\n\r\n');
      if (!text.startsWith('HTTP/1.1 200') || at < 0) return reject(new Error(`unexpected answer: ${text.slice(0, 200)}`));
      resolve(text.slice(at + 4));
    });
    s.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
  });
}

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
  let vmessPort: number;
  let vlessPort: number;
  let links: { name: string; link: string; protocol: string }[];

  function startCore(name: string, config: object): Promise<ChildProcess> {
    const file = path.join(dir, `${name}.json`);
    writeFileSync(file, JSON.stringify(config, null, 2));
    const child = spawn(V2RAY!, ['-config', file], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout!.on('data', (d) => (out += d));
    child.stderr!.on('data', (d) => (out += d));
    cores.push(child);
    return Promise.resolve(Object.assign(child, { output: () => out }));
  }

  beforeAll(async () => {
    expect(spawnSync(V2RAY!, ['-version']).stdout.toString()).toMatch(/V2Ray 4\./);
    dir = mkdtempSync(path.join(tmpdir(), 'real-core-'));
    origin = http.createServer((req, res) => {
      const body = `origin says ${secret} to ${req.url}`;
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': Buffer.byteLength(body) });
      res.end(body);
    });
    await new Promise<void>((r) => origin.listen(0, '127.0.0.1', () => r()));
    originPort = (origin.address() as net.AddressInfo).port;

    vmessPort = await freePort();
    vlessPort = await freePort();
    const server = await startCore('server', {
      log: { loglevel: 'warning' },
      inbounds: [
        { listen: '127.0.0.1', port: vmessPort, protocol: 'vmess', settings: { clients: [{ id: vmessId, alterId: 0 }] }, streamSettings: { network: 'ws', wsSettings: { path: '/vmws' } } },
        { listen: '127.0.0.1', port: vlessPort, protocol: 'vless', settings: { clients: [{ id: vlessId }], decryption: 'none' }, streamSettings: { network: 'tcp' } },
      ],
      outbounds: [{ protocol: 'freedom' }],
    });
    const out = () => (server as unknown as { output(): string }).output();
    await waitForPort(vmessPort, server, out);
    await waitForPort(vlessPort, server, out);

    links = [
      {
        name: 'vm-ws',
        protocol: 'vmess',
        link: `vmess://${Buffer.from(JSON.stringify({ v: '2', ps: 'vm-ws', add: '127.0.0.1', port: String(vmessPort), id: vmessId, aid: '0', scy: 'auto', net: 'ws', type: 'none', host: '', path: '/vmws', tls: '' })).toString('base64')}`,
      },
      { name: 'vl-tcp', protocol: 'vless', link: `vless://${vlessId}@127.0.0.1:${vlessPort}?encryption=none&security=none&type=tcp#vl-tcp` },
    ];

    t = await createTestApp();
    c = await callers(t);
  });

  afterAll(async () => {
    for (const core of cores) if (core.exitCode === null) core.kill('SIGKILL');
    await new Promise((r) => origin?.close(r));
    await t?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('imports the links, hands them to the app encrypted, and each exported client config reaches the origin', async () => {
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
    const csv = ['address,name,protocol,type', ...links.map((l) => `${l.link},${l.name},${l.protocol},normal`)].join('\n') + '\n';
    const { payload, headers } = multipart({ serverId: String(serverId), operator: 'wifi', csvFile: { filename: 'links.csv', content: csv, contentType: 'text/csv' } });
    const imported = await t.app.inject({ method: 'POST', url: api('apps/group/addProfiles'), headers: { ...headers, ...c.top.headers }, payload });
    expect(imported.json()).toEqual({ success: true, data: { inserted: 2 } });

    // As the mobile app: the config call, each config decrypted back to the imported link.
    const cfg = await t.app.inject({ method: 'GET', url: api('apps/client/config?versionCode=1&operator=wifi'), headers: { appapikey: theApp.apiKey } });
    expect(cfg.statusCode).toBe(200);
    const srv = (cfg.json().data.servers as { id: number; profiles: { id: number; name: string; config: string }[] }[]).find((s) => s.id === serverId)!;
    expect(srv.profiles.map((p) => p.name)).toEqual(['vm-ws', 'vl-tcp']);
    for (const [i, p] of srv.profiles.entries()) expect(decrypt(p.config, newCoreKey, newCoreIv)).toBe(links[i].link);

    // Per profile: the exported client config, run by a real core, fetches the origin via SOCKS.
    for (const p of srv.profiles) {
      const exported = await t.app.inject({ method: 'GET', url: api(`apps/exportProfile/${p.id}?format=v2ray`), headers: c.top.headers });
      expect(exported.statusCode).toBe(200);
      const clientConfig = exported.json() as { inbounds: { port: number; listen: string }[] };
      expect(clientConfig.inbounds[0]).toMatchObject({ listen: '127.0.0.1', port: 10808 });
      // Tests run in parallel: the fixed 10808 becomes a free port.
      const socksPort = await freePort();
      clientConfig.inbounds[0].port = socksPort;
      const client = await startCore(`client-${p.name}`, clientConfig);
      await waitForPort(socksPort, client, () => (client as unknown as { output(): string }).output());
      const body = await fetchViaSocks(socksPort, originPort, `/${p.name}`);
      expect({ profile: p.name, body }).toEqual({ profile: p.name, body: `origin says ${secret} to /${p.name}` });
      client.kill('SIGKILL');
    }
  });

  it('a wrong id does not get through: the proof is not vacuous', async () => {
    const wrong = {
      log: { loglevel: 'warning' },
      inbounds: [{ listen: '127.0.0.1', port: await freePort(), protocol: 'socks', settings: { auth: 'noauth' } }],
      outbounds: [{ protocol: 'vless', settings: { vnext: [{ address: '127.0.0.1', port: vlessPort, users: [{ id: randomUUID(), encryption: 'none' }] }] }, streamSettings: { network: 'tcp' } }],
    };
    const client = await startCore('client-wrong', wrong);
    await waitForPort(wrong.inbounds[0].port, client, () => '');
    await expect(fetchViaSocks(wrong.inbounds[0].port, originPort, '/wrong')).rejects.toThrow();
    client.kill('SIGKILL');
  });
});
