// The OpenAPI document (docs/architecture.md §5) under Redocly's recommended ruleset: no error, no warning.
// Also what the linters ask for, checked directly: a unique operationId on every operation, the
// top-level tag list, `security: []` on public calls, `servers`, a 2xx answer for the file routes,
// and the {message, code, errors} error schema on every operation.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { createTestApp, tempDir, type TestApp } from './helpers/test-app';

type Json = Record<string, any>;
let t: TestApp;
let doc: Json;
const dir = tempDir('openapi-');

beforeAll(async () => {
  t = await createTestApp();
  doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
});
afterAll(async () => {
  await t?.close();
  dir.remove();
});

const operations = () =>
  Object.entries(doc.paths as Record<string, Record<string, Json>>).flatMap(([p, item]) =>
    Object.entries(item).map(([method, op]) => ({ path: p, method, op })),
  );

it("passes Redocly's recommended ruleset with 0 errors and 0 warnings", () => {
  const file = path.join(dir.dir, 'openapi.json');
  writeFileSync(file, JSON.stringify(doc));
  // @redocly/openapi-core is ESM only; the helper runs it in its own Node process.
  const out = execFileSync(process.execPath, [path.join(__dirname, 'helpers/redocly-lint.mjs'), file], { encoding: 'utf8' });
  expect(JSON.parse(out)).toEqual([]);
});

it('gives every operation a unique, stable operationId, close to the panel endpoint names', () => {
  const ids = operations().map(({ op }) => op.operationId);
  expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z0-9]*$/.test(id))).toBe(true);
  expect(new Set(ids).size).toBe(ids.length);
  const idOf = (p: string, m: string) => doc.paths[p][m].operationId;
  expect(idOf('/api/v1/apps/destroyServer/{id}', 'delete')).toBe('destroyServer');
  expect(idOf('/api/v1/apps/servers', 'get')).toBe('getServers');
  expect(idOf('/api/v1/users/signin', 'post')).toBe('signin');
});

it('lists the tags, the servers, and marks public calls `security: []`', () => {
  const used = new Set(operations().flatMap(({ op }) => op.tags ?? []));
  expect(doc.tags.map((tag: Json) => tag.name).sort()).toEqual([...used].sort());
  expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })]);
  for (const [p, m] of [
    ['/api/health', 'get'],
    ['/api/v1/users/signin', 'post'],
    ['/api/v1/files/avatars/{id}', 'get'],
    ['/api/v1/flags/{code}.svg', 'get'],
  ]) {
    expect([p, doc.paths[p][m].security]).toEqual([p, []]);
  }
  expect(doc.paths['/api/v1/users/current'].get.security).toEqual([{ jwt: [] }]);
});

it('documents a 2xx for avatars and flags, and the error schema on every operation', () => {
  expect(doc.paths['/api/v1/flags/{code}.svg'].get.responses['200'].content).toHaveProperty('image/svg+xml');
  expect(doc.paths['/api/v1/files/avatars/{id}'].get.responses['200'].content).toHaveProperty('image/png');
  expect(doc.components.schemas.Error).toMatchObject({ required: ['message', 'code'], properties: { message: {}, code: {}, errors: {} } });
  for (const { path: p, op } of operations()) {
    expect([p, op.responses['4XX']?.content?.['application/json']?.schema?.$ref]).toEqual([p, '#/components/schemas/Error']);
  }
});
