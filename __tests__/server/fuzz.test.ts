// Malformed requests to every operation (docs/architecture.md §5): for each route of the app's route table (so
// a new route is covered without touching this file), a fixed corpus of the inputs that once
// answered 500 (NUL characters, ids past 32 bits, `0x1`, broken JSON and multipart, wrong content
// type and length) plus seeded fast-check cases built from the route's own schemas, each with at
// least one part that must be refused. Every answer is below 500, every error has {message, code},
// and no table changes (a hash of every row of every table, before and after each route).
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import type { RouteEntry } from '../../server/src/app';
import { ADMIN, createTestApp, type TestApp } from './helpers/test-app';
import { api, appBody } from './helpers/seed';

/** Requests per operation, at least (docs/architecture.md §5 asks for 40). */
const MIN_PER_ROUTE = 40;
const SEED = 20261124;

type Json = Record<string, any>;
interface Request {
  label: string;
  method: string;
  url: string;
  headers?: Record<string, string>;
  payload?: string | Buffer | object;
}

let t: TestApp;
let auth: Record<string, string>;
let apiKey: string;

beforeAll(async () => {
  t = await createTestApp();
  auth = t.auth(await t.signIn(ADMIN.username, ADMIN.password));
  // Some rows for ids to point at, so a request that slipped through validation would find data to change.
  const owner = await t.createUser({ role_id: 2 });
  const app = (await t.app.inject({ method: 'POST', url: api('apps/storeApp'), headers: auth, payload: appBody(owner.id) })).json().data;
  apiKey = app.apiKey;
  const server = await t.app.inject({
    method: 'POST',
    url: api('apps/addServer'),
    headers: auth,
    payload: { appId: [app.id], countryId: 1, ip: 'fuzz.example.com', port: 22 },
  });
  expect(server.statusCode).toBe(200);
  const device = await t.app.inject({
    method: 'POST',
    url: api('apps/addDevice'),
    headers: { appapikey: apiKey },
    payload: { fcmToken: 'tok', uniqueDeviceId: 'dev-1' },
  });
  expect(device.statusCode).toBe(200);
});
afterAll(() => t?.close());

/** md5 of every row of every table in the public schema, by table. */
async function snapshot(): Promise<Record<string, string>> {
  const rows = (await t.db.execute(
    sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
  )) as unknown;
  const names = ((rows as { rows?: Json[] }).rows ?? (rows as Json[])).map((r) => String(r.table_name));
  const out: Record<string, string> = {};
  for (const name of names) {
    // A session's last_seen_at moves once a minute whatever the request (a long run under load
    // crosses that minute); it is not a change the request made.
    const row = name === 'sessions' ? '(x.id, x.user_id, x.created_at, x.revoked_at)' : 'x';
    const res = (await t.db.execute(sql.raw(`SELECT md5(coalesce(string_agg(${row}::text, '|' ORDER BY ${row}::text), '')) AS h FROM "${name}" x`))) as unknown;
    out[name] = String(((res as { rows?: Json[] }).rows ?? (res as Json[]))[0].h);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Values from a route's JSON schema (derived from the contract's yup schemas by yupSchema()).

const props = (schema: unknown): Record<string, Json> => ((schema as Json | undefined)?.properties ?? {}) as Record<string, Json>;

/** A value of the field's type, often valid, never guaranteed so. */
function plausible(s: Json): fc.Arbitrary<unknown> {
  if (Array.isArray(s.enum) && s.enum.length) return fc.constantFrom(...s.enum);
  switch (s.type) {
    case 'string':
      return fc.string({ maxLength: Math.min(Number(s.maxLength ?? 20), 20) });
    case 'integer':
      return fc.integer({ min: 1, max: 50 });
    case 'number':
      return fc.integer({ min: 0, max: 50 });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(s.items ? plausible(s.items) : fc.integer({ min: 1, max: 5 }), { maxLength: 3 });
    case 'object':
      return fc.record(Object.fromEntries(Object.entries(props(s)).map(([k, v]) => [k, plausible(v)])), { requiredKeys: [] });
    default:
      return fc.string({ maxLength: 10 });
  }
}

/** The names the phones show (app, profile, operator and server names): no bidi control or zero-width character. */
const PHONE_NAMES = new Set(['name', 'ip', 'wifiOperatorName', 'mciOperatorName', 'irancellOperatorName', 'othersOperatorName']);

/** A value the field (named `key` in its body) must refuse, whatever else the request holds. */
function refused(s: Json, key?: string): fc.Arbitrary<unknown> {
  const nul = fc.string({ maxLength: 10 }).map((v) => `${v}\u0000${v}`);
  const notText = fc.constantFrom<unknown>({ $gt: '' }, ['x'], { toString: 1 });
  switch (s.type) {
    case 'string': {
      const tooLong = 'x'.repeat(Number(s.maxLength ?? 255) + 1);
      if (Array.isArray(s.enum)) return fc.oneof(nul, notText, fc.constant(`${s.enum[0]}\u00e9-not`));
      if (!key) return fc.oneof(nul, notText, fc.constant(tooLong));
      // In a JSON body (`key` given) a number or a boolean is not text either.
      const notString = fc.constantFrom<unknown>(5, true);
      const bidi = fc
        .tuple(fc.stringMatching(/^[a-z]{1,6}$/), fc.constantFrom('\u202E', '\u202A', '\u2066', '\u2069', '\u200B', '\u200F'))
        .map(([v, c]) => `${v}${c}${v}`);
      return PHONE_NAMES.has(key) ? fc.oneof(nul, notText, notString, fc.constant(tooLong), bidi) : fc.oneof(nul, notText, notString, fc.constant(tooLong));
    }
    case 'integer':
    case 'number':
      return fc.constantFrom<unknown>('abc', '0x1', '1e20', 1e20, 99999999999, -99999999999, '99999999999', {}, [1], true, 'Infinity');
    case 'boolean':
      return fc.constantFrom<unknown>('maybe', 2, {}, [true], 'yes\u0000');
    case 'array':
      return fc.oneof(fc.constantFrom<unknown>('x', { a: 1 }, 5), s.items ? fc.array(refused(s.items), { minLength: 1, maxLength: 2 }) : nul);
    case 'object':
      return fc.constantFrom<unknown>('x', 1, [], null);
    default:
      return nul;
  }
}

const PATH_IDS = ['0x1', '1e20', '99999999999', '2147483648', '-1', 'abc', '1.5', '+1', '1e0', 'a%00b'];
const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);
const isMultipart = (r: RouteEntry) => ((r.schema as Json | undefined)?.consumes ?? []).includes('multipart/form-data');

/** The route's URL with its params filled in (`1` unless given). */
function urlOf(route: RouteEntry, params: Record<string, string> = {}, query = ''): string {
  const path = route.url.replace(/:(\w+)/g, (_m, name: string) => params[name] ?? '1');
  return query ? `${path}?${query}` : path;
}

const paramNames = (route: RouteEntry) => [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]);
const qs = (o: Json) =>
  Object.entries(o)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(typeof v === 'object' ? JSON.stringify(v) : String(v))}`)
    .join('&');

/** The fixed corpus: the cases of docs/architecture.md §5 that apply to this route. */
function corpus(route: RouteEntry): Request[] {
  const out: Request[] = [];
  const add = (label: string, r: Omit<Request, 'label' | 'method'> & { method?: string }) => out.push({ label, method: route.method, ...r });
  const url = urlOf(route);
  const join = (extra: string) => (url.includes('?') ? `${url}&${extra}` : `${url}?${extra}`);
  add('NUL in a header', { url, headers: { ...auth, 'x-note': 'a\u0000b' } });
  add('NUL in appapikey', { url, headers: { appapikey: 'a\u0000b' } });
  add('NUL in the token', { url, headers: { authorization: 'JWT a\u0000b' } });
  add('NUL in a query value', { url: join('q=a%00b'), headers: auth });
  add('NUL in a query key', { url: join('a%00b=1'), headers: auth });
  add('NUL in a query, signed out', { url: join('appId=%00'), headers: {} });
  add('NUL in the path', { url: `${url.replace(/\/[^/]*$/, '')}/a%00b`, headers: auth });
  add('overlong query with NUL', { url: join(`x=${'a'.repeat(5000)}%00`), headers: auth });
  for (const name of paramNames(route)) for (const id of PATH_IDS) add(`path ${name}=${id}`, { url: urlOf(route, { [name]: id }), headers: auth });
  for (const [name, s] of Object.entries(props(route.schema?.querystring))) {
    for (const v of ['99999999999', '1e20', '0x1', 'a%00b'])
      if (s.type !== 'string' || v.includes('%00')) add(`query ${name}=${v}`, { url: join(`${encodeURIComponent(name)}=${v}`), headers: auth });
  }
  if (!METHODS_WITH_BODY.has(route.method)) return out;
  const json = { ...auth, 'content-type': 'application/json' };
  add('invalid JSON', { url, headers: json, payload: '{"email":' });
  add('content-length mismatch', { url, headers: { ...json, 'content-length': '3' }, payload: '{"a":"bcdefgh"}' });
  add('unsupported media type', { url, headers: { ...auth, 'content-type': 'text/x-fuzz' }, payload: 'x' });
  add('over the body limit', { url, headers: json, payload: JSON.stringify({ email: 'a'.repeat(1_100_000) }) });
  add('prototype poisoning', { url, headers: json, payload: '{"__proto__":{"admin":true},"name":"x"}' });
  add('NUL deep in JSON', { url, headers: json, payload: { a: [{ b: { c: 'x\u0000' } }] } });
  add('NUL in a JSON key', { url, headers: json, payload: { 'na\u0000me': 'x' } });
  add('lone surrogate in JSON', { url, headers: json, payload: '{"name":"a\\ud800b","privacy":"\\udc00"}' });
  add('1,000,000-character text with NUL', { url, headers: json, payload: { email: `${'a'.repeat(1_000_000)}\u0000`, password: 'x' } });
  if (route.schema?.body && !isMultipart(route)) {
    for (const body of ['[]', '"text"', 'null', '123']) add(`body ${body}`, { url, headers: json, payload: body });
  }
  if (isMultipart(route)) {
    const mp = (boundary: string) => ({ ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` });
    add('multipart without a boundary', { url, headers: { ...auth, 'content-type': 'multipart/form-data' }, payload: 'abc' });
    add('multipart truncated part', {
      url,
      headers: mp('B'),
      payload: '--B\r\nContent-Disposition: form-data; name="csvFile"; filename="a.csv"\r\n\r\naddress',
    });
    add('multipart boundary not found', { url, headers: mp('B'), payload: 'no boundary here at all' });
    add('multipart malformed part header', { url, headers: mp('B'), payload: '--B\r\nnot a header\r\n\r\nx\r\n--B--\r\n' });
    add('multipart NUL in a field', { url, headers: mp('B'), payload: '--B\r\nContent-Disposition: form-data; name="serverId"\r\n\r\n1\u0000\r\n--B--\r\n' });
    add('multipart NUL in a file name', {
      url,
      headers: mp('B'),
      payload: '--B\r\nContent-Disposition: form-data; name="avatar"; filename="a\u0000.png"\r\n\r\nx\r\n--B--\r\n',
    });
  }
  return out;
}

/** Seeded requests from the route's schemas; each carries at least one part the route must refuse. */
function generated(route: RouteEntry): fc.Arbitrary<Request> {
  const body = props(route.schema?.body);
  const query = props(route.schema?.querystring);
  const params = paramNames(route);
  const usesBody = METHODS_WITH_BODY.has(route.method) && Object.keys(body).length > 0 && !isMultipart(route);
  const bodyArb = usesBody ? plausible(route.schema!.body as Json) : fc.constant(undefined);
  const queryArb = plausible({ type: 'object', properties: query });
  const corruptions: fc.Arbitrary<(r: { body: Json | undefined; query: Json; params: Record<string, string>; headers: Record<string, string> }) => string>[] = [
    // NUL in a header or an extra query field: every route refuses both.
    fc.string({ maxLength: 8 }).map((v) => (r) => ((r.headers['x-fuzz'] = `${v}\u0000`), 'NUL header')),
    fc.string({ maxLength: 8 }).map((v) => (r) => ((r.query[`f${v.length}`] = `${v}\u0000${v}`), 'NUL query')),
  ];
  if (usesBody) {
    corruptions.push(fc.constantFrom(...Object.keys(body)).chain((k) => refused(body[k], k).map((v) => (r) => ((r.body![k] = v), `body.${k}`))));
  }
  for (const [k, s] of Object.entries(query)) {
    if (s.type === 'string' && !s.enum) {
      corruptions.push(fc.constant((r) => ((r.query[k] = `${'q'.repeat(Number(s.maxLength ?? 255) + 1)}`), `query.${k} too long`)));
    } else {
      corruptions.push(refused(s).map((v) => (r) => ((r.query[k] = v), `query.${k}`)));
    }
  }
  for (const name of params) corruptions.push(fc.constantFrom(...PATH_IDS).map((v) => (r) => ((r.params[name] = v), `path ${name}`)));
  return fc.record({ body: bodyArb, query: queryArb, corrupt: fc.oneof(...corruptions) }).map(({ body: b, query: q, corrupt }) => {
    const r = { body: b as Json | undefined, query: { ...(q as Json) }, params: {} as Record<string, string>, headers: { ...auth } };
    if (r.body && typeof r.body === 'object') r.body = { ...r.body };
    const label = corrupt(r);
    const headers = r.body !== undefined ? { ...r.headers, 'content-type': 'application/json' } : r.headers;
    return { label: `generated: ${label}`, method: route.method, url: urlOf(route, r.params, qs(r.query)), headers, payload: r.body as object | undefined };
  });
}

describe('malformed requests to every operation', () => {
  it('the route table holds the whole API', () => {
    const ops = t.app.routeTable.filter((r) => r.url.startsWith('/api/v1/'));
    expect(ops.length).toBeGreaterThanOrEqual(54);
  });

  it('never answer 5xx, always {message, code} on errors, and change no row', async () => {
    const routes = t.app.routeTable.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'));
    const problems: string[] = [];
    const counts: Record<string, number> = {};
    expect(Object.keys(await snapshot()).length).toBeGreaterThan(15); // the hash sees the schema's tables
    for (const [i, route] of routes.entries()) {
      const key = `${route.method} ${route.url}`;
      const before = await snapshot();
      const fixed = corpus(route);
      const samples = fc.sample(generated(route), { seed: SEED + i, numRuns: Math.max(MIN_PER_ROUTE - fixed.length, 25) });
      for (const req of [...fixed, ...samples]) {
        const res = await t.app.inject({ method: req.method, url: req.url, headers: req.headers, payload: req.payload } as InjectOptions);
        counts[key] = (counts[key] ?? 0) + 1;
        if (res.statusCode >= 500) problems.push(`${key} [${req.label}] → ${res.statusCode} ${res.body.slice(0, 200)}`);
        if (res.statusCode >= 400) {
          let body: Json | undefined;
          try {
            body = res.json();
          } catch {
            body = undefined;
          }
          if (typeof body?.message !== 'string' || typeof body?.code !== 'string')
            problems.push(`${key} [${req.label}] → ${res.statusCode} without {message, code}: ${res.body.slice(0, 120)}`);
        }
      }
      const after = await snapshot();
      const changed = Object.keys(before).filter((table) => before[table] !== after[table]);
      if (changed.length) problems.push(`${key} changed ${changed.join(', ')}`);
    }
    expect(problems).toEqual([]);
    expect(Object.values(counts).every((n) => n >= MIN_PER_ROUTE)).toBe(true);
    expect(Object.keys(counts).length).toBe(routes.length);
    // About 3,000 requests: ~30 s alone, more beside other test files on two cores.
  }, 300_000);
});
