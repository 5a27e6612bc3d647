// The app as a whole (server/src/app.ts): health, OpenAPI docs, the error shape of docs/architecture.md §5
// (404 JSON, 400 with field ids, no stack in a 500), security headers and the panel fallback.
import { writeFileSync, mkdirSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import * as yup from 'yup';
import { yupSchema } from '../../server/src/http/validation';
import { ADMIN, createTestApp, isPostgresMode, tempDir, type TestApp } from './helpers/test-app';

describe('API basics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      beforeReady(app) {
        app.get('/api/v1/test/boom', async () => {
          throw new Error('secret internals at /srv/app.ts:42');
        });
        app.get('/api/v1/test/bad-sql', async (request) => request.db.execute(sql`SELECT * FROM no_such_table`));
        const trimSchema = yup.object({ name: yup.string().trim().required('validation.required'), note: yup.string().trim() });
        app.post(
          '/api/v1/test/trim',
          { schema: { body: yupSchema(trimSchema) }, config: { audit: { action: 'test.trim', target: 'session' } } },
          async (request) => request.body,
        );
        app.get(
          '/api/v1/test/query',
          {
            schema: {
              querystring: yupSchema(
                yup.object({ page: yup.number().typeError('validation.number').integer('validation.integer').min(1, 'validation.min').default(1) }),
              ),
            },
          },
          async (request) => request.query,
        );
      },
    });
  });
  afterAll(() => t?.close());

  it('GET /api/health answers ok with the database kind', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', db: isPostgresMode() ? 'postgres' : 'pglite' });
  });

  it('serves OpenAPI JSON listing every route, with bodies and the token requirement', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/api/v1/users/signin',
        '/api/v1/users/current',
        '/api/v1/users/logout',
        '/api/v1/users/changepass',
        '/api/v1/users/avatar',
        '/api/v1/files/avatars/{id}',
      ]),
    );
    const signin = doc.paths['/api/v1/users/signin'].post;
    expect(signin.requestBody.content['application/json'].schema).toMatchObject({ type: 'object', required: ['email', 'password'] });
    expect(signin.security).toEqual([]); // public: no token
    const change = doc.paths['/api/v1/users/changepass'].post;
    expect(Object.keys(change.requestBody.content['application/json'].schema.properties)).toEqual(['currentPassword', 'password', 'repassword']);
    expect(change.security).toEqual([{ jwt: [] }]);
    expect(doc.paths['/api/v1/users/avatar'].post.requestBody.content).toHaveProperty('multipart/form-data');
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });

  it('answers unknown /api routes with a JSON 404', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/nope'],
      ['POST', '/api/v1/users/nope'],
      ['GET', '/api'],
      ['DELETE', '/api/v1/users/current'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json()).toEqual({ message: expect.any(String), code: 'NOT_FOUND' });
    }
  });

  it('never shows a stack, a path or SQL in a 500', async () => {
    for (const url of ['/api/v1/test/boom', '/api/v1/test/bad-sql']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ message: 'Internal server error', code: 'INTERNAL' });
      expect(res.body).not.toMatch(/secret|\.ts|no_such_table|at /);
    }
  });

  it('answers bad input with 400, never a 500', async () => {
    const post = (payload: string, contentType = 'application/json') =>
      t.app.inject({ method: 'POST', url: '/api/v1/users/signin', payload, headers: { 'content-type': contentType } });
    const malformed = await post('{"email": ');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe('BAD_REQUEST');
    for (const body of ['[]', '"text"', 'null']) {
      const res = await post(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    const injection = await post('{"email": {"$ne": 1}, "password": ["x"]}');
    expect(injection.statusCode).toBe(400);
    expect(injection.json()).toEqual({
      message: expect.any(String),
      code: 'VALIDATION_FAILED',
      errors: { email: 'validation.checkInput', password: 'validation.checkInput' },
    });
    // A plain yup trim() throws a TypeError on an object; the adapter still answers 400 naming the field.
    const trimmed = await t.app.inject({ method: 'POST', url: '/api/v1/test/trim', payload: { name: { $gt: '' }, note: 'ok' } });
    expect(trimmed.statusCode).toBe(400);
    expect(trimmed.json()).toEqual({ message: expect.any(String), code: 'VALIDATION_FAILED', errors: { name: 'validation.checkInput' } });
    expect((await post('email=a', 'application/x-www-form-urlencoded')).statusCode).toBe(415);
  });

  it('takes an empty JSON body as no body (the panel sends the JSON content type on bodyless DELETE/PUT) and still refuses prototype poisoning', async () => {
    const json = { 'content-type': 'application/json' };
    const token = await t.signIn(ADMIN.username, ADMIN.password);
    const empty = await t.app.inject({ method: 'DELETE', url: '/api/v1/users/destroy/999999', payload: '', headers: { ...json, ...t.auth(token) } });
    expect(empty.statusCode).toBe(404); // reached the handler instead of a 400 about the empty body
    const noBody = await t.app.inject({ method: 'POST', url: '/api/v1/users/signin', payload: '', headers: json });
    expect(noBody.statusCode).toBe(400);
    expect(noBody.json().code).toBe('VALIDATION_FAILED'); // validated as a missing body, not a parse failure
    const poisoned = await t.app.inject({ method: 'POST', url: '/api/v1/test/trim', payload: '{"name":"a","__proto__":{"x":1}}', headers: json });
    expect(poisoned.statusCode).toBe(400);
  });

  it('validates and casts query strings with yup, naming the field', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/test/query?page=3&junk=1' })).json()).toEqual({ page: 3 });
    const bad = await t.app.inject({ method: 'GET', url: '/api/v1/test/query?page=abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: expect.any(String), code: 'VALIDATION_FAILED', errors: { page: 'validation.number' } });
  });

  it("gives the 4xx answers Fastify and Node make themselves the API's {message, code} body", async () => {
    const json = { 'content-type': 'application/json' };
    const cases = [
      // content-length that does not match the body
      {
        status: 400,
        req: { method: 'POST', url: '/api/v1/users/signin', payload: '{"email":"a","password":"b"}', headers: { ...json, 'content-length': '5' } },
      },
      // over the 1 MiB body limit
      {
        status: 413,
        req: { method: 'POST', url: '/api/v1/users/signin', payload: JSON.stringify({ email: 'a'.repeat(1_100_000), password: 'x' }), headers: json },
      },
      // invalid JSON, unsupported media type, a malformed URL
      { status: 400, req: { method: 'POST', url: '/api/v1/users/signin', payload: '{"email":', headers: json } },
      { status: 415, req: { method: 'POST', url: '/api/v1/users/signin', payload: 'x', headers: { 'content-type': 'text/x-unknown' } } },
      { status: 400, req: { method: 'GET', url: '/api/v1/apps/getApp/%E0%A4%A' } },
    ] as const;
    for (const { status, req } of cases) {
      const res = await t.app.inject(req);
      expect([req.url, res.statusCode]).toEqual([req.url, status]);
      expect(res.json()).toEqual({ message: expect.any(String), code: expect.any(String) });
      expect([req.url, res.headers['cache-control']]).toEqual([req.url, 'no-store']);
    }
  });

  it("answers what Node's HTTP parser refuses (431, a malformed request) in the same shape", async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const raw = (text: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(Number(port), '127.0.0.1');
        let out = '';
        socket.on('data', (d) => (out += d.toString()));
        socket.on('error', () => resolve(out)); // the server closes the socket after answering
        socket.on('close', () => resolve(out));
        socket.setTimeout(5000, () => reject(new Error(`no answer: ${out}`)));
        socket.write(text);
      });
    const split = (res: string) => {
      const [head, body] = res.split('\r\n\r\n');
      return { status: Number(head.split(' ')[1]), head: head.toLowerCase(), body: JSON.parse(body) };
    };
    const big = split(await raw(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`));
    expect(big.status).toBe(431);
    expect(big.body).toEqual({ message: expect.any(String), code: 'HEADERS_TOO_LARGE' });
    expect(big.head).toContain('cache-control: no-store');
    const junk = split(await raw('GARBAGE\r\n\r\n'));
    expect(junk.status).toBe(400);
    expect(junk.body).toEqual({ message: expect.any(String), code: 'BAD_REQUEST' });
  });

  it('marks API answers no-store, successes and errors alike, but lets public files be cached', async () => {
    for (const url of ['/api/health', '/api/v1/users/current', '/api/v1/nope']) {
      expect((await t.app.inject({ method: 'GET', url })).headers['cache-control']).toBe('no-store');
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/flags/ir.svg' })).headers['cache-control']).toContain('max-age');
  });

  it('sends a CSP with no inline script, allowing inline styles and data:/blob: images', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

it('refuses at startup a route whose body schema does not come from yup', async () => {
  await expect(
    createTestApp({
      beforeReady(app) {
        app.post(
          '/api/v1/test/plain',
          { schema: { body: { type: 'object' } }, config: { audit: { action: 'test.plain', target: 'session' } } },
          async () => ({}),
        );
      },
    }),
  ).rejects.toThrow(/yupSchema\(\) or docsOnly\(\)/);
});

describe('the built panel', () => {
  const BIG_ASSET = `export const rows = [${'"a row of text",'.repeat(500)}];`;
  const dist = tempDir();
  let t: TestApp;
  beforeAll(async () => {
    writeFileSync(path.join(dist.dir, 'index.html'), '<!doctype html><title>panel</title>');
    mkdirSync(path.join(dist.dir, 'assets'));
    writeFileSync(path.join(dist.dir, 'assets', 'main.0123abcd.js'), 'console.log(1)');
    // the build's precompressed twins of a bigger asset
    writeFileSync(path.join(dist.dir, 'assets', 'page.89abcdef.js'), BIG_ASSET);
    writeFileSync(path.join(dist.dir, 'assets', 'page.89abcdef.js.br'), brotliCompressSync(BIG_ASSET));
    writeFileSync(path.join(dist.dir, 'assets', 'page.89abcdef.js.gz'), gzipSync(BIG_ASSET));
    t = await createTestApp({ configure: (c) => (c.staticDir = dist.dir) });
  });
  afterAll(async () => {
    await t?.close();
    dist.remove();
  });

  it('serves files, falls back to index.html for panel routes, and keeps /api 404s JSON', async () => {
    const root = await t.app.inject({ method: 'GET', url: '/' });
    expect(root.statusCode).toBe(200);
    expect(root.body).toContain('<title>panel</title>');

    const asset = await t.app.inject({ method: 'GET', url: '/assets/main.0123abcd.js' });
    expect(asset.body).toBe('console.log(1)');
    expect(asset.headers['cache-control']).toContain('immutable');

    const deep = await t.app.inject({ method: 'GET', url: '/servers/12', headers: { accept: 'text/html' } });
    expect(deep.statusCode).toBe(200);
    expect(deep.body).toContain('<title>panel</title>');
    expect(deep.headers['cache-control']).toBe('no-cache');

    expect((await t.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
    const api = await t.app.inject({ method: 'GET', url: '/api/v1/unknown', headers: { accept: 'text/html' } });
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe('NOT_FOUND');
  });

  it('sends each built asset in the best precompressed encoding the browser accepts, keeping the immutable cache', async () => {
    const url = '/assets/page.89abcdef.js';
    const br = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_ASSET);

    const gz = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(BIG_ASSET);
    expect(gz.headers['cache-control']).toContain('immutable');

    const plain = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['vary']).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(BIG_ASSET);
  });

  it('compresses API JSON over 1 KB and leaves small answers alone', async () => {
    const { token } = await t.signedInUser({ role_id: 1 });
    const big = await t.app.inject({ method: 'GET', url: '/api/v1/apps/countries', headers: { ...t.auth(token), 'accept-encoding': 'br, gzip' } });
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    const countries = JSON.parse(brotliDecompressSync(big.rawPayload).toString()).data;
    expect(countries.length).toBeGreaterThan(200);
    expect(big.rawPayload.length).toBeLessThan(JSON.stringify({ data: countries }).length / 3);

    const gz = await t.app.inject({ method: 'GET', url: '/api/v1/apps/countries', headers: { ...t.auth(token), 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString()).data).toHaveLength(countries.length);

    const small = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().status).toBeDefined();
  });
});
