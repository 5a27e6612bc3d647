// A subscription carries traffic (docs/architecture.md §9 "Real peers"): a client-like fetch of
// GET sub/{token} with no staff token and v2rayNG's User-Agent answers base64; its lines, decoded,
// are the links as imported, and each one, turned into a v2ray 4 client config the way the export
// does (domain/v2ray-config.ts), reaches an HTTP origin through Debian's v2ray on loopback (a VLESS
// inbound over TCP and a VMess one over WebSocket). Skipped, saying why, where v2ray is absent.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../../bench/lib/server-process';
import { parseShareLink } from '../../../server/src/domain/share-links';
import { clientConfig } from '../../../server/src/domain/v2ray-config';
import { api, callers, makeApp, seedServer } from '../helpers/seed';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { fetchViaSocks, v2rayBinary, waitForPort } from '../helpers/v2ray';

const V2RAY = v2rayBinary('subscription-core.test.ts');
const describeWithCore = V2RAY ? describe : describe.skip;

describeWithCore('a subscription fetched like a client carries traffic through a real v2ray core', () => {
  let t: TestApp;
  let dir: string;
  let origin: http.Server;
  const cores: ChildProcess[] = [];
  const secret = randomBytes(8).toString('hex');

  function startCore(name: string, config: object) {
    const file = path.join(dir, `${name}.json`);
    writeFileSync(file, JSON.stringify(config));
    const child = spawn(V2RAY!, ['-config', file], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout!.on('data', (d) => (out += d));
    child.stderr!.on('data', (d) => (out += d));
    cores.push(child);
    return { child, output: () => out };
  }

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'subscription-core-'));
    origin = http.createServer((req, res) => res.end(`origin says ${secret} to ${req.url}`));
    await new Promise<void>((r) => origin.listen(0, '127.0.0.1', () => r()));
    t = await createTestApp();
  });
  afterAll(async () => {
    for (const core of cores) if (core.exitCode === null) core.kill('SIGKILL');
    await new Promise((r) => origin?.close(r));
    await t?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('decodes to the imported links, and each one reaches the origin', async () => {
    const originPort = (origin.address() as net.AddressInfo).port;
    const [vlessPort, vmessPort] = [await freePort(), await freePort()];
    const [vlessId, vmessId] = [randomUUID(), randomUUID()];
    const server = startCore('server', {
      inbounds: [
        {
          listen: '127.0.0.1',
          port: vlessPort,
          protocol: 'vless',
          settings: { clients: [{ id: vlessId }], decryption: 'none' },
          streamSettings: { network: 'tcp' },
        },
        {
          listen: '127.0.0.1',
          port: vmessPort,
          protocol: 'vmess',
          settings: { clients: [{ id: vmessId, alterId: 0 }] },
          streamSettings: { network: 'ws', wsSettings: { path: '/sub-ws' } },
        },
      ],
      outbounds: [{ protocol: 'freedom' }],
    });
    for (const port of [vlessPort, vmessPort]) await waitForPort(port, server.child, server.output);

    const c = await callers(t);
    const app = await makeApp(t, c, c.owner);
    const serverId = await seedServer(t, [app.id]);
    const links = [
      `vless://${vlessId}@127.0.0.1:${vlessPort}?encryption=none&security=none&type=tcp#sub-vless`,
      `vmess://${Buffer.from(JSON.stringify({ v: '2', ps: 'sub-vmess', add: '127.0.0.1', port: String(vmessPort), id: vmessId, aid: '0', net: 'ws', path: '/sub-ws', tls: '' })).toString('base64')}`,
    ];
    for (const [i, address] of links.entries()) {
      const res = await t.call(c.top.token, 'POST', 'apps/addProfile', {
        name: `S-${i}`,
        address,
        protocol: address.slice(0, 5),
        operator: 'mci',
        type: 'normal',
        serverId,
      });
      expect(res.statusCode).toBe(200);
    }
    const sub = (await t.call(c.top.token, 'POST', 'apps/subscriptions', { serverId, label: 'core' })).json().data as { path: string };

    const fetched = await t.app.inject({ method: 'GET', url: api(sub.path), headers: { 'user-agent': 'v2rayNG/1.9.16' } });
    expect(fetched.statusCode).toBe(200);
    const decoded = Buffer.from(fetched.body, 'base64').toString('utf8').trim().split('\n');
    expect(decoded).toEqual(links);

    const inbounds: object[] = [];
    const outbounds: object[] = [];
    const rules: object[] = [];
    const socks: number[] = [];
    for (const [i, link] of decoded.entries()) {
      const cfg = clientConfig(parseShareLink(link), 'v2ray') as { inbounds: object[]; outbounds: object[] };
      const port = await freePort();
      socks.push(port);
      inbounds.push({ ...cfg.inbounds[0], tag: `in-${i}`, port });
      outbounds.push({ ...cfg.outbounds[0], tag: `out-${i}` });
      rules.push({ type: 'field', inboundTag: [`in-${i}`], outboundTag: `out-${i}` });
    }
    const client = startCore('client', { inbounds, outbounds, routing: { rules } });
    for (const port of socks) await waitForPort(port, client.child, client.output);
    const bodies = await Promise.all(socks.map((port, i) => fetchViaSocks(port, originPort, `/sub-${i}`)));
    expect(bodies).toEqual([`origin says ${secret} to /sub-0`, `origin says ${secret} to /sub-1`]);
  }, 60_000);
});
