// Debian's v2ray (4.34) for the tests that carry traffic through what the panel hands out
// (real-core.test.ts, subscription-core.test.ts): where it is, waiting for a core to listen, and a
// request through a core's SOCKS inbound.
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';

/** The v2ray binary, or undefined (and a warning naming the test) where it is not installed. */
export function v2rayBinary(test = 'real-core.test.ts'): string | undefined {
  const found = ['/usr/bin/v2ray', '/usr/local/bin/v2ray'].find((p) => existsSync(p));
  // eslint-disable-next-line no-console
  if (!found) console.warn(`${test} skipped: no v2ray binary (apt-get install v2ray; .ci/run does)`);
  return found;
}

/** Waits until something listens on 127.0.0.1:{port}, failing early when the core has exited. */
export async function waitForPort(port: number, child: ChildProcess, output: () => string) {
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
export function fetchViaSocks(socksPort: number, port: number, pathName: string): Promise<string> {
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
