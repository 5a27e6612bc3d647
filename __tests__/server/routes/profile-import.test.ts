// POST apps/group/addProfiles: the CSV batch import end to end (multipart, parse, validate, seal,
// insert). All rows land in one transaction or none do; a refusal names every failing row.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { CSV_MAX_BYTES, CSV_MAX_ROWS } from '../../../src/contract';
import { apps, countries, profiles, serverApps, servers } from '../../../server/src/db/schema';
import { INSERT_BATCH } from '../../../server/src/repositories/profiles';
import { ADMIN, createTestApp, type TestApp } from '../helpers/test-app';
import { multipart, type FilePart } from '../helpers/multipart';

const SAMPLE = readFileSync(path.join(__dirname, '../../../public/sample-profiles.csv'));

const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const vless = (n: number) => `vless://${uuid(n)}@s${n % 50}.example.com:443?encryption=none&security=tls&type=ws&path=%2Fws#S-${n}`;
const vmess = (n: number) =>
  'vmess://' + Buffer.from(JSON.stringify({ v: '2', ps: `S-${n}`, add: 'vm.example.com', port: 443, id: uuid(n), net: 'ws', tls: 'tls' })).toString('base64');
const HEADER = 'address,name,protocol,type';
const good = (n: number) => (n % 2 ? `${vless(n)},S-${n},vless,normal` : `${vmess(n)},S_${n},vmess,normal`);
const csv = (...lines: string[]) => [HEADER, ...lines].join('\n') + '\n';

let t: TestApp;
let admin: string;
let alice: { id: number; token: string };
let rita: { id: number; token: string }; // role_id 5
let aliceServer: number;
let bobServer: number;
let ritaServer: number;

let seq = 0;
async function serverFor(adminId: number): Promise<number> {
  const n = `${++seq}${randomBytes(3).toString('hex')}`;
  const [app] = await t.db
    .insert(apps)
    .values({ name: `App ${n}`, packageName: `com.test.i${n}`, adminId, sign: 's', apiKey: randomBytes(32).toString('hex') })
    .returning({ id: apps.id });
  const [country] = await t.db.select().from(countries).where(eq(countries.code, 'NL'));
  const [server] = await t.db
    .insert(servers)
    .values({ ip: `imp${n}.example.com`, countryId: country.id, port: 22 })
    .returning({ id: servers.id });
  await t.db.insert(serverApps).values({ serverId: server.id, appId: app.id });
  return server.id;
}

function upload(token: string, parts: Record<string, string | FilePart>) {
  const { payload, headers } = multipart(parts);
  return t.app.inject({ method: 'POST', url: '/api/v1/apps/group/addProfiles', payload, headers: { ...headers, ...t.auth(token) } });
}
const file = (content: string | Buffer): FilePart => ({ filename: 'profiles.csv', content, contentType: 'text/csv' });
const countOn = async (serverId: number) => (await t.db.select().from(profiles).where(eq(profiles.serverId, serverId))).length;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn(ADMIN.username, ADMIN.password);
  const a = await t.signedInUser({ role_id: 2 });
  const b = await t.signedInUser({ role_id: 2 });
  const r = await t.signedInUser({ role_id: 5 });
  alice = { id: a.user.id, token: a.token };
  rita = { id: r.user.id, token: r.token };
  aliceServer = await serverFor(alice.id);
  bobServer = await serverFor(b.user.id);
  ritaServer = await serverFor(rita.id);
});
afterAll(() => t?.close());

describe('successful imports', () => {
  it('imports the sample CSV of public/ (the panel offers it for download)', async () => {
    const lines = SAMPLE.toString('utf8').trim().split(/\r?\n/);
    expect(lines[0]).toBe(HEADER);
    expect(lines.length - 1).toBeGreaterThanOrEqual(3);
    const before = await countOn(aliceServer);
    const res = await upload(alice.token, { serverId: String(aliceServer), csvFile: file(SAMPLE) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { inserted: lines.length - 1, skipped: 0 } });
    expect(await countOn(aliceServer)).toBe(before + lines.length - 1);
  });

  it('stores every row sealed, typed normal, with the default operator, listed in file order', async () => {
    const serverId = await serverFor(alice.id);
    const res = await upload(admin, { csvFile: file(csv(good(1), good(2), good(3))), serverId: String(serverId) });
    expect(res.json()).toEqual({ success: true, data: { inserted: 3, skipped: 0 } });
    const list = (await t.app.inject({ method: 'GET', url: `/api/v1/apps/profiles/${serverId}`, headers: t.auth(admin) })).json().data;
    expect(list.map((p: { name: string }) => p.name)).toEqual(['S-1', 'S_2', 'S-3']);
    for (const [i, p] of list.entries()) {
      expect(p).toMatchObject({ type: 'normal', operator: 'others', protocol: i === 1 ? 'vmess' : 'vless', serverId });
      const token = (await t.app.inject({ method: 'GET', url: `/api/v1/apps/profileAddress/${p.id}`, headers: t.auth(admin) })).json().data.address;
      expect(t.app.secrets.open(token, 'profile.address')).toBe(i === 1 ? vmess(2) : vless(i + 1));
    }
  });

  it('takes an optional operator field, a BOM, CRLF lines and role_id 5 callers', async () => {
    const body = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from([HEADER, good(5), good(6)].join('\r\n'))]);
    const res = await upload(rita.token, { serverId: String(ritaServer), operator: 'mci', csvFile: file(body) });
    expect(res.json()).toEqual({ success: true, data: { inserted: 2, skipped: 0 } });
    const rows = await t.db.select().from(profiles).where(eq(profiles.serverId, ritaServer));
    expect(rows.map((r) => [r.operator, r.type])).toEqual([
      ['mci', 'normal'],
      ['mci', 'normal'],
    ]);
  });
});

describe('refused imports: 400, every failing row named, nothing inserted', () => {
  it('one bad row among 1,000 good ones: names that row and inserts nothing', async () => {
    const lines = Array.from({ length: 1000 }, (_, i) => good(i + 1));
    lines.splice(736, 0, `${vless(9999)},Bad name!,vless,normal`); // data row 737
    const before = await countOn(aliceServer);
    const res = await upload(alice.token, { serverId: String(aliceServer), csvFile: file(csv(...lines)) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: expect.any(String),
      code: 'VALIDATION_FAILED',
      errors: { csvFile: 'validation.checkInput' },
      rows: [{ row: 737, field: 'name', reason: 'validation.profileName' }],
      failedRows: 1,
    });
    expect(await countOn(aliceServer)).toBe(before);
  });

  it('lists every failing row: a Persian name, a protocol/link mismatch, a broken link, a smart type', async () => {
    const res = await upload(admin, {
      serverId: String(aliceServer),
      csvFile: file(
        csv(
          good(1),
          `${vless(2)},سرور ایران,vless,normal`,
          `${vmess(3)},S-3,vless,normal`,
          good(4),
          'vless://broken,S-5,vless,normal',
          `${vless(6)},S-6,vless,smart`,
        ),
      ),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().rows).toEqual([
      { row: 2, field: 'name', reason: 'validation.profileName' },
      { row: 3, field: 'address', reason: 'shareLink.protocolMismatch' },
      { row: 5, field: 'address', reason: 'shareLink.badId' },
      { row: 6, field: 'type', reason: 'csv.typeNotNormal' },
    ]);
  });

  it('refuses a file with a missing column, naming the column as a whole-file problem (row 0)', async () => {
    const before = await countOn(aliceServer);
    const res = await upload(admin, { serverId: String(aliceServer), csvFile: file(`address,name,protocol\n${vless(1)},S-1,vless\n`) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { csvFile: 'csv.missingColumn' },
      rows: [{ row: 0, field: 'type', reason: 'csv.missingColumn' }],
    });
    expect(await countOn(aliceServer)).toBe(before);
  });

  it('refuses an empty file and a header-only file', async () => {
    for (const [content, reason] of [
      ['', 'csv.empty'],
      ['\n  \n', 'csv.empty'],
      [`${HEADER}\n`, 'csv.noRows'],
    ] as const) {
      const res = await upload(admin, { serverId: String(aliceServer), csvFile: file(content) });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ errors: { csvFile: reason }, rows: [{ row: 0, field: null, reason }] });
    }
  });

  it('refuses a request with no file: selectFileFirst', async () => {
    const noFile = await upload(admin, { serverId: String(aliceServer) });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json()).toEqual({ message: expect.any(String), code: 'VALIDATION_FAILED', errors: { csvFile: 'validation.selectFileFirst' } });
    const wrongField = await upload(admin, { serverId: String(aliceServer), file: file(csv(good(1))) });
    expect(wrongField.json().errors).toEqual({ csvFile: 'validation.selectFileFirst' });
    const json = await t.app.inject({ method: 'POST', url: '/api/v1/apps/group/addProfiles', headers: t.auth(admin), payload: { serverId: aliceServer } });
    expect(json.statusCode).toBe(400);
    expect(json.json().errors).toEqual({ csvFile: 'validation.selectFileFirst' });
  });

  it('refuses a missing or bad serverId and a bad operator with 400 naming the field', async () => {
    const cases: [Record<string, string>, string][] = [
      [{}, 'serverId'],
      [{ serverId: 'abc' }, 'serverId'],
      [{ serverId: String(aliceServer), operator: 'x' }, 'operator'],
    ];
    for (const [fields, field] of cases) {
      const res = await upload(admin, { ...fields, csvFile: file(csv(good(1))) });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual([field]);
    }
  });
});

describe('one transaction', () => {
  it('a database failure in a later batch leaves none of the earlier batches behind', async () => {
    // A trigger that fails on a row of the second INSERT batch stands in for any failure
    // mid-import: a lost connection, a full disk.
    const failing = INSERT_BATCH + 1001; // odd, so good() names it S-<n>
    await t.db.execute(
      sql.raw(`CREATE FUNCTION fail_mid_import() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.name = 'S-${failing}' THEN RAISE EXCEPTION 'boom'; END IF; RETURN NEW; END $$`),
    );
    await t.db.execute(sql.raw('CREATE TRIGGER fail_mid_import BEFORE INSERT ON profiles FOR EACH ROW EXECUTE FUNCTION fail_mid_import()'));
    try {
      const before = await countOn(aliceServer);
      const lines = Array.from({ length: INSERT_BATCH + 2000 }, (_, i) => good(i + 1));
      const res = await upload(admin, { serverId: String(aliceServer), csvFile: file(csv(...lines)) });
      expect(res.statusCode).toBe(500);
      expect(res.body).not.toContain('boom');
      expect(await countOn(aliceServer)).toBe(before);
    } finally {
      await t.db.execute(sql.raw('DROP TRIGGER fail_mid_import ON profiles'));
      await t.db.execute(sql.raw('DROP FUNCTION fail_mid_import()'));
    }
  });
});

describe('profiles repository: insertMany', () => {
  it('keeps any text intact through the array parameters, in order, past one batch', async () => {
    const serverId = await serverFor(alice.id);
    const awkward = ['a "quoted", {braced} name', 'back\\slash \\"', 'NULL', '', ' spaced ', 'ایران 🇮🇷'];
    const rows = Array.from({ length: INSERT_BATCH + 3 }, (_, i) => ({
      serverId,
      name: awkward[i % awkward.length] + i,
      addressEnc: `tok-${i}`,
      operator: 'wifi' as const,
      protocol: 'vmess' as const,
      type: 'smart' as const,
    }));
    expect(await t.repos.profiles.insertMany(rows)).toBe(rows.length);
    const back = await t.repos.profiles.listByServer(serverId);
    const tokens = await Promise.all(back.map(async (p) => (await t.repos.profiles.findById(p.id))!.address));
    expect(back.map((p, i) => [p.name, tokens[i], p.operator, p.protocol, p.type])).toEqual(rows.map((r) => [r.name, r.addressEnc, 'wifi', 'vmess', 'smart']));
  });
});

describe('limits and ownership', () => {
  it('answers 413 for a file over 10 MB and for more than 100,000 rows, inserting nothing', async () => {
    const before = await countOn(aliceServer);
    const big = await upload(admin, { serverId: String(aliceServer), csvFile: file(Buffer.alloc(CSV_MAX_BYTES + 1, 'a')) });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', errors: { csvFile: 'csv.tooLarge' } });
    const many = `${HEADER}\n${'a,b,c,d\n'.repeat(CSV_MAX_ROWS + 1)}`;
    const res = await upload(admin, { serverId: String(aliceServer), csvFile: file(many) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', errors: { csvFile: 'csv.tooManyRows' } });
    expect(await countOn(aliceServer)).toBe(before);
  });

  it("answers 404 to an app admin or role_id 5 importing into another admin's server, inserting nothing", async () => {
    for (const token of [alice.token, rita.token]) {
      const res = await upload(token, { serverId: String(bobServer), csvFile: file(csv(good(1))) });
      expect(res.statusCode).toBe(404);
    }
    expect((await upload(admin, { serverId: '999999', csvFile: file(csv(good(1))) })).statusCode).toBe(404);
    expect(await countOn(bobServer)).toBe(0);
  });

  it('answers 401 without a token', async () => {
    const { payload, headers } = multipart({ serverId: String(aliceServer), csvFile: file(csv(good(1))) });
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/apps/group/addProfiles', payload, headers })).statusCode).toBe(401);
  });
});
