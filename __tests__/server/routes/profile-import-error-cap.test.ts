// POST apps/group/addProfiles with a big file of bad rows: the 400 names at most 100 row errors and
// counts the failing rows (`failedRows`), so a 100,000-row file of bad rows answers a few KB, not
// the 24.9 MB (23 × the upload) it once did.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { CSV_MAX_ROWS } from '../../../src/contract';
import { apps, countries, profiles, serverApps, servers } from '../../../server/src/db/schema';
import { ADMIN, createTestApp, type TestApp } from '../helpers/test-app';
import { multipart } from '../helpers/multipart';

let t: TestApp;
let token: string;
let serverId: number;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.signIn(ADMIN.username, ADMIN.password);
  const admin = await t.repos.users.findByLogin(ADMIN.username);
  const [app] = await t.db
    .insert(apps)
    .values({ name: 'Cap', packageName: 'com.test.cap', adminId: admin!.id, sign: 's', apiKey: randomBytes(32).toString('hex') })
    .returning({ id: apps.id });
  const [country] = await t.db.select().from(countries).where(eq(countries.code, 'NL'));
  const [server] = await t.db.insert(servers).values({ ip: 'cap.example.com', countryId: country.id, port: 22 }).returning({ id: servers.id });
  await t.db.insert(serverApps).values({ serverId: server.id, appId: app.id });
  serverId = server.id;
});
afterAll(() => t?.close());

function upload(csv: string) {
  const { payload, headers } = multipart({ serverId: String(serverId), csvFile: { filename: 'p.csv', content: csv, contentType: 'text/csv' } });
  return t.app.inject({ method: 'POST', url: '/api/v1/apps/group/addProfiles', payload, headers: { ...headers, ...t.auth(token) } });
}

it('answers a 100,000-row file of bad rows with its first 100 errors and the count, in a few KB', async () => {
  // each row fails twice (a broken link and an unknown protocol)
  const csv = `address,name,protocol,type\n${Array.from({ length: CSV_MAX_ROWS }, (_, i) => `x${i},S-${i},ftp,normal`).join('\n')}\n`;
  const res = await upload(csv);
  expect(res.statusCode).toBe(400);
  const body = res.json();
  expect(body).toMatchObject({ code: 'VALIDATION_FAILED', errors: { csvFile: 'validation.checkInput' }, failedRows: CSV_MAX_ROWS });
  expect(body.rows).toHaveLength(100);
  expect(body.rows[0]).toEqual({ row: 1, field: 'protocol', reason: 'validation.oneOf' });
  expect(Math.max(...body.rows.map((r: { row: number }) => r.row))).toBe(50);
  expect(body.message).toMatch(/100,000|100000/);
  expect(res.body.length).toBeLessThan(20_000);
  expect(await t.db.select().from(profiles).where(eq(profiles.serverId, serverId))).toHaveLength(0);
});

it('counts one failing row among good ones as 1', async () => {
  const vless = (n: number) => `vless://00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}@s.example.com:443?type=ws`;
  const res = await upload(`address,name,protocol,type\n${vless(1)},S-1,vless,normal\n${vless(2)},Bad!,vless,normal\n`);
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({
    message: expect.any(String),
    code: 'VALIDATION_FAILED',
    errors: { csvFile: 'validation.checkInput' },
    rows: [{ row: 2, field: 'name', reason: 'validation.profileName' }],
    failedRows: 1,
  });
});
