// The share-link corpus (fixtures/share-link-corpus.ts) through the API, as staff use it: every
// link imported by CSV and added one by one, then revealed (apps/convertProfile) byte-identical to
// what was sent; the refused links answer 400 naming the reason and store nothing.
import { eq } from 'drizzle-orm';
import { countries, profiles, serverApps, servers } from '../../../server/src/db/schema';
import { ACCEPTED_LINKS, REFUSED_LINKS } from '../fixtures/share-link-corpus';
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
  for (const ip of ['csv.example.com', 'one.example.com']) {
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
  expect([res.statusCode, res.json()]).toEqual([200, { success: true, data: { inserted: ACCEPTED_LINKS.length } }]);
  expect(await revealAll(serverIds[0])).toEqual(ACCEPTED_LINKS.map(([, link]) => link));
});

it('adds each accepted link one by one and reveals it byte-identical; refuses the others with their reason', async () => {
  for (const [i, [name, link]] of ACCEPTED_LINKS.entries()) {
    const res = await t.app.inject({
      method: 'POST', url: api('apps/addProfile'), headers,
      payload: { name: `S-${i + 1}`, address: link, operator: 'mci', protocol: protocolOf(link), type: 'normal', serverId: serverIds[1] },
    });
    expect([name, res.statusCode]).toEqual([name, 200]);
  }
  expect(await revealAll(serverIds[1])).toEqual(ACCEPTED_LINKS.map(([, link]) => link));

  const before = (await t.db.select().from(profiles)).length;
  for (const [name, link, reason] of REFUSED_LINKS) {
    const res = await t.app.inject({
      method: 'POST', url: api('apps/addProfile'), headers,
      payload: { name: 'S-bad', address: link, operator: 'mci', protocol: protocolOf(link), type: 'normal', serverId: serverIds[1] },
    });
    expect([name, res.statusCode, res.json().errors]).toEqual([name, 400, { address: reason }]);
  }
  expect((await t.db.select().from(profiles)).length).toBe(before);
});
