// The share-link corpus (fixtures/share-link-corpus.ts) through the API, as staff use it: every
// link imported by CSV and added one by one, then revealed (apps/convertProfile) byte-identical to
// what was sent; the refused links answer 400 naming the reason and store nothing. Then exported
// (apps/exportProfile?format=xray|v2ray): each link of today's panels and clients (Marzban, 3x-ui,
// Remnawave, v2rayN, v2rayNG) reaches the Xray config field by field, and every field of every
// accepted link reaches each core's config, or the export is refused naming a field.
import { eq } from 'drizzle-orm';
import { countries, profiles, serverApps, servers } from '../../../server/src/db/schema';
import { ACCEPTED_LINKS, EXPORT_LINKS, REFUSED_LINKS } from '../fixtures/share-link-corpus';
import { parseShareLink } from '../../../server/src/domain/share-links';
import { xrayRefusal } from '../helpers/xray-conf';
import { multipart } from '../helpers/multipart';
import { ADMIN, createTestApp, type TestApp } from '../helpers/test-app';
import { api, appBody } from '../helpers/seed';

let t: TestApp;
let headers: { authorization: string };
const serverIds: number[] = [];

const protocolOf = (link: string) => link.slice(0, link.indexOf(':'));

beforeAll(async () => {
  t = await createTestApp();
  headers = t.auth(await t.signIn(ADMIN.username, ADMIN.password));
  const owner = await t.createUser({ role_id: 2 });
  const app = (await t.app.inject({ method: 'POST', url: api('apps/storeApp'), headers, payload: appBody(owner.id) })).json().data;
  const [country] = await t.db.select().from(countries).where(eq(countries.code, 'DE'));
  for (const ip of ['csv.example.com', 'one.example.com', 'export.example.com']) {
    const [server] = await t.db.insert(servers).values({ ip, countryId: country.id, port: 22 }).returning({ id: servers.id });
    await t.db.insert(serverApps).values({ serverId: server.id, appId: app.id });
    serverIds.push(server.id);
  }
});
afterAll(() => t?.close());

/** Every profile of the server revealed, in list order. */
async function revealAll(serverId: number): Promise<string[]> {
  // The list carries no sealed addresses: each token is fetched for its row, as the panel's reveal does.
  const list = (await t.app.inject({ method: 'GET', url: api(`apps/profiles/${serverId}`), headers })).json().data as { id: number }[];
  const links: string[] = [];
  for (const p of list) {
    const token = await t.app.inject({ method: 'GET', url: api(`apps/profileAddress/${p.id}`), headers });
    expect(token.statusCode).toBe(200);
    const res = await t.app.inject({ method: 'POST', url: api('apps/convertProfile'), headers, payload: { config: token.json().data.address } });
    expect(res.statusCode).toBe(200);
    links.push(res.json().data.link);
  }
  return links;
}

it(`imports the ${ACCEPTED_LINKS.length} accepted links by CSV and reveals each byte-identical`, async () => {
  expect(ACCEPTED_LINKS.length).toBeGreaterThanOrEqual(40);
  const quote = (v: string) => `"${v.replace(/"/g, '""')}"`;
  const csv = ['address,name,protocol,type', ...ACCEPTED_LINKS.map(([, link], i) => `${quote(link)},S-${i + 1},${protocolOf(link)},normal`)].join('\n');
  const { payload, headers: form } = multipart({ serverId: String(serverIds[0]), csvFile: { filename: 'links.csv', content: csv, contentType: 'text/csv' } });
  const res = await t.app.inject({ method: 'POST', url: api('apps/group/addProfiles'), payload, headers: { ...form, ...headers } });
  expect([res.statusCode, res.json()]).toEqual([200, { success: true, data: { inserted: ACCEPTED_LINKS.length, skipped: 0 } }]);
  expect(await revealAll(serverIds[0])).toEqual(ACCEPTED_LINKS.map(([, link]) => link));
});

it('adds each accepted link one by one and reveals it byte-identical; refuses the others with their reason', async () => {
  for (const [i, [name, link]] of ACCEPTED_LINKS.entries()) {
    const res = await t.app.inject({
      method: 'POST',
      url: api('apps/addProfile'),
      headers,
      payload: { name: `S-${i + 1}`, address: link, operator: 'mci', protocol: protocolOf(link), type: 'normal', serverId: serverIds[1] },
    });
    expect([name, res.statusCode]).toEqual([name, 200]);
  }
  expect(await revealAll(serverIds[1])).toEqual(ACCEPTED_LINKS.map(([, link]) => link));

  const before = (await t.db.select().from(profiles)).length;
  for (const [name, link, reason] of REFUSED_LINKS) {
    const res = await t.app.inject({
      method: 'POST',
      url: api('apps/addProfile'),
      headers,
      payload: { name: 'S-bad', address: link, operator: 'mci', protocol: protocolOf(link), type: 'normal', serverId: serverIds[1] },
    });
    expect([name, res.statusCode, res.json().errors]).toEqual([name, 400, { address: reason }]);
  }
  expect((await t.db.select().from(profiles)).length).toBe(before);
});

/** The value at a dotted path (`streamSettings.grpcSettings.authority`, `settings.vnext.0.address`). */
const at = (o: unknown, dotted: string): unknown => dotted.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], o);

it(`exports the ${EXPORT_LINKS.length} links of today's panels and clients for Xray with every field their writer meant`, async () => {
  for (const [i, [name, link, expected]] of EXPORT_LINKS.entries()) {
    const added = await t.app.inject({
      method: 'POST',
      url: api('apps/addProfile'),
      headers,
      payload: { name: `E-${i + 1}`, address: link, operator: 'mci', protocol: protocolOf(link), type: 'normal', serverId: serverIds[2] },
    });
    expect([name, added.statusCode]).toEqual([name, 200]);
    const res = await t.app.inject({ method: 'GET', url: api(`apps/exportProfile/${added.json().data.id}?format=xray`), headers });
    expect([name, res.statusCode]).toEqual([name, 200]);
    const config = res.json() as { remarks: string; outbounds: unknown[] };
    expect([name, xrayRefusal(config)]).toEqual([name, null]);
    for (const [path, value] of Object.entries(expected)) {
      const got = path === 'remarks' ? config.remarks : at(config.outbounds[0], path);
      expect([name, path, got]).toEqual([name, path, value]);
    }
  }
});

/** How a field's value reads in a config: JSON fields as their object, lists as their items, flags and numbers as such. */
function expectedValues(field: string, value: string): unknown[] {
  switch (field) {
    case 'scy':
    case 'aid':
    case 'encryption':
      return []; // the user's cipher and alterId: checked by the unit tests per core
    case 'headerType':
      return value === 'none' ? [] : [value === 'wechat-video' ? ['wechat-video', 'wechat'] : value];
    case 'mode':
      return value === 'multi' ? [true] : value === 'gun' ? [] : [value];
    case 'allowInsecure':
      return [true];
    case 'alpn':
    case 'host':
      return value
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean);
    case 'mtu':
    case 'tti':
    case 'heartbeatPeriod':
      return [Number(value)];
    case 'extra':
    case 'fm':
      return [JSON.parse(value.replace(/\+/g, ' '))];
    default:
      return [value];
  }
}

/** Every value somewhere in a JSON tree. */
function values(o: unknown): unknown[] {
  if (o === null || typeof o !== 'object') return [o];
  return [o, ...Object.values(o).flatMap(values)];
}

it("carries every field of every accepted link into each core's config, or refuses it naming a field", async () => {
  const list = (await t.app.inject({ method: 'GET', url: api(`apps/profiles/${serverIds[1]}`), headers })).json().data as { id: number }[];
  expect(list).toHaveLength(ACCEPTED_LINKS.length);
  const links = [...ACCEPTED_LINKS.map(([, link]) => link), ...EXPORT_LINKS.map(([, link]) => link)];
  const ids = [
    ...list.map((p) => p.id),
    ...(await t.app.inject({ method: 'GET', url: api(`apps/profiles/${serverIds[2]}`), headers })).json().data.map((p: { id: number }) => p.id),
  ];
  let carried = 0;
  for (const [i, link] of links.entries()) {
    const { fields } = parseShareLink(link);
    for (const core of ['xray', 'v2ray'] as const) {
      const res = await t.app.inject({ method: 'GET', url: api(`apps/exportProfile/${ids[i]}?format=${core}`), headers });
      if (res.statusCode === 409) {
        expect([link, core, res.json().code, Object.keys(res.json().errors).length > 0]).toEqual([link, core, 'UNSUPPORTED_BY_CORE', true]);
        continue;
      }
      expect([link, core, res.statusCode]).toEqual([link, core, 200]);
      carried += 1;
      const all = values(res.json().outbounds[0]);
      const has = (v: unknown) =>
        all.some((x) => JSON.stringify(x) === JSON.stringify(v) || (Array.isArray(v) && v.some((alt) => JSON.stringify(x) === JSON.stringify(alt))));
      for (const [field, value] of Object.entries(fields)) {
        for (const v of expectedValues(field, value!)) {
          // A Unicode name goes out as punycode; a seed or key goes wherever its core keeps it.
          const ok = has(v) || (field === 'host' && has(new URL(`http://${v}`).hostname));
          expect([link, core, field, ok]).toEqual([link, core, field, true]);
        }
      }
    }
  }
  expect(carried).toBeGreaterThan(links.length);
});

it('saves a link popular clients refuse or misread, with a warning naming why (addProfile and updateProfile)', async () => {
  const U = 'e2f6a1c4-3b7d-4f8e-a9c0-5d1b2e3f4a60';
  const vmessJson = (o: object) =>
    `vmess://${Buffer.from(JSON.stringify({ v: '2', ps: 'w', add: 'w.example.com', port: '443', id: U, aid: '0', ...o })).toString('base64')}`;
  const cases: [string, string[]][] = [
    [`vless://${U}@w.example.com:443#no-query`, ['linkWarning.noQuery']],
    [`vmess://${U}@w.example.com:443?type=ws#one-param`, ['linkWarning.vmessSingleParam']],
    [vmessJson({ path: '/', tls: 'tls' }), ['linkWarning.vmessNoNet']],
    [`vless://${U}@w.example.com:443?type=ws&security=tls&path=/ws?ed=2048#raw-path`, ['linkWarning.unencodedInPath']],
    [`vless://${U}@w.example.com:443?type=ws&path=/a=b#raw-eq`, ['linkWarning.unencodedInPath']],
    [`vless://${U}@w.example.com:443?type=ws&security=tls&path=%2Fws%3Fed%3D2048#encoded`, []],
    [vmessJson({ net: 'ws', path: '/ws?ed=2048', tls: 'tls' }), []],
    [`vmess://${U}@w.example.com:443?type=ws&encryption=auto#two-params`, []],
  ];
  const add = (address: string, name: string) =>
    t.app.inject({
      method: 'POST',
      url: api('apps/addProfile'),
      headers,
      payload: { name, address, operator: 'mci', protocol: protocolOf(address), type: 'normal', serverId: serverIds[2] },
    });
  for (const [i, [link, warnings]] of cases.entries()) {
    const res = await add(link, `W-${i + 1}`);
    expect([link, res.statusCode, res.json().warnings]).toEqual([link, 200, warnings.length ? warnings : undefined]);
    expect(res.json().data).toMatchObject({ name: `W-${i + 1}` });
  }
  // An update warns for the link the profile keeps: the one sent, or the stored one when none is.
  const stored = (await add(cases[0][0], 'W-upd')).json().data as { id: number };
  const update = (address?: string) =>
    t.app.inject({
      method: 'PUT',
      url: api(`apps/updateProfile/${stored.id}`),
      headers,
      payload: { name: 'W-upd', operator: 'mci', protocol: 'vless', serverId: serverIds[2], ...(address ? { address } : {}) },
    });
  expect((await update()).json().warnings).toEqual(['linkWarning.noQuery']);
  const fixed = await update(cases[5][0]);
  expect([fixed.statusCode, fixed.json().warnings]).toEqual([200, undefined]);
});
