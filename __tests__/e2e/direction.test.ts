// Direction and digits (issue 10): every page state of the catalogue, in Persian, as the top admin
// (and the app admin and restricted user for the pages of their own), passes the direction audit:
// technical tokens (links, C++, IPs, package and host names, versions) sit in left-to-right
// isolates and formatted numbers use Persian digits. The audit is first shown to catch the
// defects it is for on a page made to have them.
import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { directionCheck, directionProblems } from './audits/direction';
import type { AuditContext } from './helpers/audit';
import { launchChromium, type LaunchedBrowser } from './helpers/chromium';
import { openState, PAGE_STATES, type PageState } from './helpers/pages';
import { seed, useSession, type RoleKey, type Seeded } from './helpers/seed';
import { startServer, type RunningServer } from './helpers/server';

/** Pages only the other roles have of their own; the top admin walks every state. */
const OWN_STATES: Record<Exclude<RoleKey, 'admin'>, string[]> = {
  appAdmin: ['apps-mine', 'servers-mine', 'help-app-admin', 'devices', 'app-settings', 'app-versions-active'],
  restricted: ['apps-mine', 'servers-mine', 'server-profiles-list'],
};

let server: RunningServer;
let browser: LaunchedBrowser;
let page: Page;
let seeded: Seeded;
const shots = process.env.DIRECTION_SHOTS;

beforeAll(async () => {
  server = await startServer();
  seeded = await seed(server);
  browser = await launchChromium({ viewport: { width: 1366, height: 900 } });
  page = await browser.context.newPage();
  if (shots) mkdirSync(shots, { recursive: true });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

test('the audit catches a reversed token, a bare direction and Latin digits, and passes isolated ones', async () => {
  await page.setContent(`<html dir="rtl" lang="fa"><body>
    <label id="a">کلید C++</label>
    <label id="b">کلید \u2066C++\u2069</label>
    <p id="c">آدرس <span style="direction: ltr">vless://x@198.51.100.7:443</span></p>
    <p id="d">آدرس <bdi dir="ltr">vless://x@198.51.100.7:443</bdi> و بسته <span dir="ltr">com.alpha.vpn</span></p>
    <p id="e">حداقل 8 نویسه</p>
    <p id="f">حداقل ۸ نویسه، نسخه <bdi dir="ltr">1.2.3</bdi>، مدل Redmi Note 10</p>
    <div style="direction: ltr">2001:db8::7</div>
  </body></html>`);
  const found = (await directionProblems(page)).map((p) => `${p.kind} ${p.token}`);
  expect(found).toEqual(['not-isolated C++', 'not-isolated vless://x@198.51.100.7:443', 'latin-digits 8']);
});

async function audit(role: RoleKey, state: PageState): Promise<string[]> {
  await openState(page, server.url, state, seeded, 'fa');
  if (shots) await page.screenshot({ path: join(shots, `${role}-${state.name}-fa.png`), fullPage: true });
  const ctx: AuditContext = { page, baseUrl: server.url, role, locale: 'fa', state, width: 1366, seeded };
  return (await directionCheck.run(ctx)).map((line) => `${role} ${state.name}: ${line}`);
}

test('every page state in Persian keeps technical text left to right and numbers in Persian digits', async () => {
  const problems: string[] = [];
  const login = PAGE_STATES.find((s) => s.public)!;
  await page.goto(`${server.url}/login`);
  await page.evaluate(() => localStorage.clear());
  problems.push(...(await audit('admin', login)));

  const walk: [RoleKey, PageState[]][] = [
    ['admin', PAGE_STATES.filter((s) => !s.public)],
    ...Object.entries(OWN_STATES).map(([role, names]) => [role as RoleKey, PAGE_STATES.filter((s) => names.includes(s.name))] as [RoleKey, PageState[]]),
  ];
  for (const [role, states] of walk) {
    await useSession(page, server.url, seeded.users[role], 'fa');
    for (const state of states) problems.push(...(await audit(role, state)));
  }
  if (problems.length) console.log(problems.join('\n'));
  expect(problems).toEqual([]);
}, 600_000);
