// What phones do in the field, on loopback, for the field health proof: real v2ray processes (a
// server with one inbound per profile, and one client per operator whose outbounds leave from that
// operator's loopback address), an HTTP origin, and an nftables table that plays an operator's
// firewall. Each piece is started and stopped by the test that uses it.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';

export const V2RAY = ['/usr/bin/v2ray', '/usr/local/bin/v2ray'].find((p) => existsSync(p));

/** Why nftables cannot be used here (no binary, no permission), or undefined when it can. */
export function nftUnusable(): string | undefined {
  const nft = ['/usr/sbin/nft', '/usr/bin/nft', '/sbin/nft'].find((p) => existsSync(p));
  if (!nft) return 'no nft binary (apt-get install nftables; .ci/run does)';
  const probe = `fh_probe_${process.pid}`;
  const made = spawnSync(nft, ['add', 'table', 'inet', probe], { encoding: 'utf8' });
  if (made.status !== 0) return `nft cannot add a table here: ${made.stderr.trim()}`;
  spawnSync(nft, ['delete', 'table', 'inet', probe]);
  return undefined;
}

/** An nftables table of its own: drops TCP from `from` to `port` on loopback until removed. */
export function firewall(table: string) {
  const nft = (...args: string[]) => {
    const r = spawnSync('nft', args, { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`nft ${args.join(' ')}: ${r.stderr}`);
  };
  return {
    drop(from: string, port: number) {
      nft('add', 'table', 'inet', table);
      nft('add', 'chain', 'inet', table, 'input', '{ type filter hook input priority 0; policy accept; }');
      nft('add', 'rule', 'inet', table, 'input', 'ip', 'saddr', from, 'tcp', 'dport', String(port), 'drop');
    },
    remove() {
      spawnSync('nft', ['delete', 'table', 'inet', table]);
    },
  };
}

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

/** Starts v2ray with `config` (written to `dir/name.json`) once `port` listens. */
export async function startCore(dir: string, name: string, config: object, port: number): Promise<ChildProcess> {
  const file = path.join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify(config));
  const child = spawn(V2RAY!, ['-config', file], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  await waitForPort(port, child, () => out);
  return child;
}

/** A vmess server inbound per port. */
export const serverConfig = (id: string, ports: number[]) => ({
  log: { loglevel: 'warning' },
  inbounds: ports.map((port) => ({
    listen: '127.0.0.1',
    port,
    protocol: 'vmess',
    settings: { clients: [{ id, alterId: 0 }] },
    streamSettings: { network: 'tcp' },
  })),
  outbounds: [{ protocol: 'freedom' }],
});

/** A client: one SOCKS inbound per outbound, each outbound leaving from `source`. */
export const clientConfig = (source: string, links: { socksPort: number; address: string; port: number; id: string }[]) => ({
  log: { loglevel: 'warning' },
  inbounds: links.map((l, i) => ({ tag: `in${i}`, listen: '127.0.0.1', port: l.socksPort, protocol: 'socks', settings: { udp: false } })),
  outbounds: links.map((l, i) => ({
    tag: `out${i}`,
    protocol: 'vmess',
    sendThrough: source,
    settings: { vnext: [{ address: l.address, port: l.port, users: [{ id: l.id, alterId: 0 }] }] },
  })),
  routing: { rules: links.map((_, i) => ({ type: 'field', inboundTag: [`in${i}`], outboundTag: `out${i}` })) },
});

/** Whether GET http://127.0.0.1:{port}/ answers `expected` through the SOCKS proxy within `timeoutMs`. */
export function fetchesThrough(socksPort: number, port: number, expected: string, timeoutMs: number): Promise<{ ok: boolean; ms: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const s = net.connect(socksPort, '127.0.0.1');
    let buf = Buffer.alloc(0);
    let stage = 0;
    const done = (ok: boolean) => {
      clearTimeout(timer);
      s.destroy();
      resolve({ ok, ms: Date.now() - started });
    };
    const timer = setTimeout(() => done(false), timeoutMs);
    s.on('connect', () => s.write(Buffer.from([5, 1, 0])));
    s.on('data', (chunk) => {
      buf = Buffer.concat([buf, chunk]);
      if (stage === 0 && buf.length >= 2) {
        buf = buf.subarray(2);
        stage = 1;
        s.write(Buffer.from([5, 1, 0, 1, 127, 0, 0, 1, port >> 8, port & 255]));
      }
      if (stage === 1 && buf.length >= 10) {
        buf = buf.subarray(10);
        stage = 2;
        s.write(`GET / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`);
      }
      if (stage === 2 && buf.toString('utf8').includes(expected)) done(true);
    });
    s.on('error', () => done(false));
    s.on('end', () => done(buf.toString('utf8').includes(expected)));
  });
}

/** An HTTP origin answering `body` to everything. */
export async function startOrigin(body: string): Promise<{ server: http.Server; port: number }> {
  const server = http.createServer((_req, res) => res.end(body));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as net.AddressInfo).port };
}
