// POST apps/group/addProfiles and the same CSV twice: rows whose address the server already has
// (or an earlier row of the file has) refuse the file with their count, 409 DUPLICATE_PROFILES,
// inserting nothing, unless the call says `duplicates=skip` (leave them out) or `import` (add them).
// Addresses on another server do not count.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { auditLog, countries, profiles, servers } from '../../../server/src/db/schema';
import { ADMIN, createTestApp, type TestApp } from '../helpers/test-app';
import { multipart } from '../helpers/multipart';

const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const line = (n: number) => `vless://${uuid(n)}@s${n}.example.com:443?encryption=none&security=tls&type=ws&path=%2Fws#S-${n},S-${n},vless,normal`;
const csv = (...ns: number[]) => ['address,name,protocol,type', ...ns.map(line)].join('\n') + '\n';

let t: TestApp;
let token: string;

async function newServer(): Promise<number> {
  const [country] = await t.db.select().from(countries).where(eq(countries.code, 'NL'));
  const [server] = await t.db
    .insert(servers)
    .values({ ip: `dup${randomBytes(4).toString('hex')}.example.com`, countryId: country.id })
    .returning({ id: servers.id });
  return server.id;
}

function upload(serverId: number, content: string, fields: Record<string, string> = {}) {
  const { payload, headers } = multipart({ serverId: String(serverId), ...fields, csvFile: { filename: 'p.csv', content, contentType: 'text/csv' } });
  return t.app.inject({ method: 'POST', url: '/api/v1/apps/group/addProfiles', payload, headers: { ...headers, ...t.auth(token) } });
}
const namesOn = async (serverId: number) =>
  (await t.db.select({ name: profiles.name }).from(profiles).where(eq(profiles.serverId, serverId)).orderBy(profiles.id)).map((p) => p.name);

beforeAll(async () => {
  t = await createTestApp();
  token = await t.signIn(ADMIN.username, ADMIN.password);
});
afterAll(() => t?.close());

it('the same file twice: 409 with the count, nothing inserted; skip adds only the new rows', async () => {
  const serverId = await newServer();
  const first = await upload(serverId, csv(1, 2, 3));
  expect(first.statusCode).toBe(200);
  expect(first.json().data).toEqual({ inserted: 3, skipped: 0 });

  const again = await upload(serverId, csv(1, 2, 3, 4));
  expect(again.statusCode).toBe(409);
  expect(again.json()).toMatchObject({ code: 'DUPLICATE_PROFILES', duplicateRows: 3, importRows: 4 });
  expect(await namesOn(serverId)).toEqual(['S-1', 'S-2', 'S-3']);

  const skipped = await upload(serverId, csv(1, 2, 3, 4), { duplicates: 'skip' });
  expect(skipped.statusCode).toBe(200);
  expect(skipped.json().data).toEqual({ inserted: 1, skipped: 3 });
  expect(await namesOn(serverId)).toEqual(['S-1', 'S-2', 'S-3', 'S-4']);
  const [record] = await t.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, 'profile.import'))
    .orderBy(auditLog.id)
    .limit(1)
    .offset((await t.db.select().from(auditLog).where(eq(auditLog.action, 'profile.import'))).length - 1);
  expect(record.detail).toEqual({ count: 1, skipped: 3 });
});

it('import adds the duplicates anyway; a row repeating an earlier row counts too', async () => {
  const serverId = await newServer();
  expect((await upload(serverId, csv(5))).statusCode).toBe(200);
  const repeated = await upload(serverId, csv(6, 6, 5));
  expect(repeated.json()).toMatchObject({ code: 'DUPLICATE_PROFILES', duplicateRows: 2, importRows: 3 });
  const all = await upload(serverId, csv(6, 6, 5), { duplicates: 'import' });
  expect(all.json().data).toEqual({ inserted: 3, skipped: 0 });
  expect(await namesOn(serverId)).toEqual(['S-5', 'S-6', 'S-6', 'S-5']);
});

it('an address on another server is no duplicate, and a bad duplicates value is a 400', async () => {
  const a = await newServer();
  const b = await newServer();
  expect((await upload(a, csv(7))).statusCode).toBe(200);
  expect((await upload(b, csv(7))).json().data).toEqual({ inserted: 1, skipped: 0 });
  const bad = await upload(b, csv(8), { duplicates: 'maybe' });
  expect(bad.statusCode).toBe(400);
  expect(bad.json().errors).toEqual({ duplicates: 'validation.oneOf' });
});
