// Slow clients are timed out (server/src/config.ts HTTP_*_TIMEOUT_MS, applied in server/src/app.ts):
// over a real socket, a request whose body stalls, or whose headers never end, is answered 408
// REQUEST_TIMEOUT and closed within the configured time, and an idle keep-alive connection is
// closed. The timeouts are set short here so the file runs in a few seconds.
import { connect, type AddressInfo, type Socket } from 'node:net';
import { ERROR_CODES } from '../../src/contract';
import { ConfigError, loadConfig } from '../../server/src/config';
import { createTestApp, type TestApp } from './helpers/test-app';

const REQUEST_MS = 1_000;
const HEADERS_MS = 500;
const KEEP_ALIVE_MS = 500;
/** How long after its timeout a connection may still be open: the server checks every few hundred ms here. */
const SLACK_MS = 700;
/** Node closes an idle keep-alive socket 1 s after the timeout it advertises, so a client never reuses one mid-close. */
const NODE_KEEP_ALIVE_BUFFER_MS = 1_000;

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp({
    env: { HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_MS), HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_MS), HTTP_KEEP_ALIVE_TIMEOUT_MS: String(KEEP_ALIVE_MS) },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t?.close());

interface Outcome {
  /** Everything the server sent. */
  text: string;
  /** The server closed the connection (false: still open when the test gave up). */
  closed: boolean;
  /** From the last write to the close (or to giving up). */
  ms: number;
}

/** Opens a connection, writes the given chunks, then waits for the server to close it, for `giveUpMs` at most. */
function exchange(chunks: string[], giveUpMs: number): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const socket: Socket = connect({ port, host: '127.0.0.1' });
    let text = '';
    let wroteAt = 0;
    const finish = (closed: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ text, closed, ms: Date.now() - wroteAt });
    };
    const timer = setTimeout(() => finish(false), giveUpMs);
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => (text += d));
    socket.on('close', () => finish(true));
    socket.on('error', (e: NodeJS.ErrnoException) => (e.code === 'ECONNRESET' ? finish(true) : reject(e)));
    socket.on('connect', () => {
      for (const c of chunks) socket.write(c);
      wroteAt = Date.now();
    });
  });
}

const statusOf = (text: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]);
const bodyOf = (text: string) => JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4));

describe('slow clients over a real socket', () => {
  it('answers a body that stops short of its Content-Length with 408 and closes, within the request timeout', async () => {
    const head = 'POST /api/v1/users/signin HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n';
    const out = await exchange([head, '{"email'], REQUEST_MS + SLACK_MS + 2_000);
    expect(out.closed).toBe(true);
    expect(statusOf(out.text)).toBe(408);
    expect(bodyOf(out.text)).toMatchObject({ code: ERROR_CODES.timeout });
    expect(out.ms).toBeGreaterThanOrEqual(REQUEST_MS - 100);
    expect(out.ms).toBeLessThan(REQUEST_MS + SLACK_MS);
  });

  it('answers headers that never end with 408 and closes, within the headers timeout', async () => {
    const out = await exchange(['GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Slow: 1\r\n'], HEADERS_MS + SLACK_MS + 2_000);
    expect(out.closed).toBe(true);
    expect(statusOf(out.text)).toBe(408);
    expect(out.ms).toBeLessThan(HEADERS_MS + SLACK_MS);
  });

  it('closes a connection that opens and sends nothing, within the headers timeout', async () => {
    const out = await exchange([], HEADERS_MS + SLACK_MS + 2_000);
    expect(out.closed).toBe(true);
    expect(out.ms).toBeLessThan(HEADERS_MS + SLACK_MS);
  });

  it('answers a whole request as usual, then closes the idle keep-alive connection after the keep-alive timeout', async () => {
    const out = await exchange(['GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n'], KEEP_ALIVE_MS + NODE_KEEP_ALIVE_BUFFER_MS + SLACK_MS + 2_000);
    expect(statusOf(out.text)).toBe(200);
    expect(out.text).toMatch(/keep-alive: timeout=\d+/i);
    expect(out.closed).toBe(true);
    expect(out.ms).toBeLessThan(KEEP_ALIVE_MS + NODE_KEEP_ALIVE_BUFFER_MS + SLACK_MS);
  });

  it('runs with the configured values on the Node server', () => {
    expect(t.app.server.requestTimeout).toBe(REQUEST_MS);
    expect(t.app.server.headersTimeout).toBe(HEADERS_MS);
    expect(t.app.server.keepAliveTimeout).toBe(KEEP_ALIVE_MS);
  });
});

describe('HTTP timeout configuration', () => {
  const secrets = { JWT_SECRET: 'x'.repeat(32), SECRETS_KEY: 'ab'.repeat(32) };

  it('defaults to 120 s for a request (a slow upload), 10 s for its headers, 72 s for an idle keep-alive connection and 30 s of socket silence (a stalled body)', () => {
    expect(loadConfig({ ...secrets }).http).toEqual({ requestTimeoutMs: 120_000, headersTimeoutMs: 10_000, keepAliveTimeoutMs: 72_000, idleTimeoutMs: 30_000 });
  });

  it('reads each variable, and 0 turns the idle timeout off', () => {
    const c = loadConfig({
      ...secrets,
      HTTP_REQUEST_TIMEOUT_MS: '60000',
      HTTP_HEADERS_TIMEOUT_MS: '15000',
      HTTP_KEEP_ALIVE_TIMEOUT_MS: '5000',
      HTTP_IDLE_TIMEOUT_MS: '0',
    });
    expect(c.http).toEqual({ requestTimeoutMs: 60_000, headersTimeoutMs: 15_000, keepAliveTimeoutMs: 5_000, idleTimeoutMs: 0 });
  });

  it('refuses 0 (no timeout) for the request and headers, a non-number, and headers longer than the request', () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig({ ...secrets, ...env });
      } catch (e) {
        if (e instanceof ConfigError) return e.problems.map((p) => p.split(' ')[0]);
        throw e;
      }
      return [];
    };
    expect(problems({ HTTP_REQUEST_TIMEOUT_MS: '0', HTTP_KEEP_ALIVE_TIMEOUT_MS: '-1' })).toEqual(['HTTP_REQUEST_TIMEOUT_MS', 'HTTP_KEEP_ALIVE_TIMEOUT_MS']);
    expect(problems({ HTTP_HEADERS_TIMEOUT_MS: '0', HTTP_IDLE_TIMEOUT_MS: '10s' })).toEqual(['HTTP_HEADERS_TIMEOUT_MS', 'HTTP_IDLE_TIMEOUT_MS']);
    expect(problems({ HTTP_REQUEST_TIMEOUT_MS: '5000', HTTP_HEADERS_TIMEOUT_MS: '6000' })).toEqual(['HTTP_HEADERS_TIMEOUT_MS']);
  });
});
