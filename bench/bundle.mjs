// Bundle budget (docs/architecture.md §8): gzip size of every chunk in dist/, and what the login route
// loads before its form is usable. The second figure is measured, not derived from the chunk
// graph: the real server serves dist/ to headless Chromium, and every response that arrives before
// the sign-in button is on screen is counted at its size on the wire (brotli, as served), HTML,
// JS, CSS and fonts alike. Budget: 150 KB on the wire for the HTML, JS and CSS (docs/architecture.md §8); the
// fonts are printed beside it. It fails too when a package the sign-in page does without (yup,
// react-hook-form, MUI X) is among the files it loads.
// Usage: npm run bench:bundle [-- --rebuild]   (builds when dist/ has no bundle-stats.json)
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const root = new URL('..', import.meta.url).pathname;
const dist = process.env.BUNDLE_DIST ?? join(root, 'dist'); // BUNDLE_DIST: measure another build's output
const statsFile = join(dist, 'bundle-stats.json');
const BUDGET_KB = 150;
const LOGIN_GROUP = 'page-login';
/**
 * Packages the sign-in page does without (docs/architecture.md §8): their arrival in its files fails the bench. The
 * light page of src/boot needs none of MUI, emotion, react-intl, the router, Redux or RTK Query either.
 */
const KEPT_OUT = [
  'yup',
  'react-hook-form',
  '@hookform/resolvers',
  '@mui/x-data-grid',
  '@mui/x-date-pickers',
  '@mui/x-charts',
  '@mui/material',
  '@emotion/react',
  'react-router',
  '@reduxjs/toolkit',
  'react-redux',
  'redux-persist',
  'react-intl',
];
const MESSAGES_GROUP = 'messages-fa';

if (process.argv.includes('--rebuild') || !existsSync(statsFile)) {
  console.log('building the panel (webpack --mode production) ...');
  const r = spawnSync(join(root, 'node_modules/.bin/webpack'), ['--mode', 'production'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const stats = JSON.parse(readFileSync(statsFile, 'utf8'));
const kb = (n) => (n / 1024).toFixed(1).padStart(8);
const sizes = new Map();
const sizeOf = (file) => {
  if (!sizes.has(file)) {
    const buf = readFileSync(join(dist, file));
    sizes.set(file, { raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length });
  }
  return sizes.get(file);
};

const assets = ['js', 'css']
  .flatMap((dir) => (existsSync(join(dist, dir)) ? readdirSync(join(dist, dir)).map((f) => `${dir}/${f}`) : []))
  .filter((f) => /\.(js|css)$/.test(f))
  .sort();
console.log(`\n${'chunk'.padEnd(48)}${'raw KB'.padStart(8)}${'gzip KB'.padStart(9)}`);
for (const file of assets) {
  const { raw, gzip } = sizeOf(file);
  console.log(`${file.padEnd(48)}${kb(raw)} ${kb(gzip)}`);
}

const entryFiles = Object.values(stats.entry).flat();
for (const group of [LOGIN_GROUP, MESSAGES_GROUP]) {
  if (!stats.chunkGroups[group]) {
    console.error(`no chunk group named ${group}; is it still loaded with webpackChunkName "${group}"?`);
    process.exit(1);
  }
}
const allJs = assets.filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + sizeOf(f).gzip, 0);
console.log(`\nall JS gzip: ${(allJs / 1024).toFixed(1)} KB in ${assets.filter((f) => f.endsWith('.js')).length} chunks`);

// The login route, as Chromium loads it from the real server.
const { startServer } = await import('../__tests__/e2e/helpers/server.ts');
const { launchChromium } = await import('../__tests__/e2e/helpers/chromium.ts');
const { t } = await import('../__tests__/e2e/helpers/messages.ts');
const server = await startServer();
const browser = await launchChromium();
let total = 0;
try {
  const page = await browser.context.newPage();
  const loaded = [];
  // Every request Chromium starts before the sign-in button is in the page is counted, once it has
  // finished; what starts later (the app's chunks, prefetched while the form waits) is not. The
  // page notes the moment the button appears itself (a MutationObserver from the first byte), and
  // each request's start time is compared with it. The fonts, which the text on screen asks for as
  // it is laid out, are counted whenever they start (beside the budget).
  const label = t('fa', 'auth.login.submit');
  await page.addInitScript((text) => {
    const seen = () => [...document.querySelectorAll('button')].some((b) => b.textContent?.trim() === text);
    new MutationObserver((_records, observer) => {
      if (!seen()) return;
      window.__formShownAt = Date.now();
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true, characterData: true });
  }, label);
  const finished = [];
  page.on('requestfinished', (request) => {
    if (!new URL(request.url()).pathname.startsWith('/api/')) finished.push(request);
  });
  await page.goto(`${server.url}/login`);
  await page.getByRole('button', { name: label }).waitFor();
  const shownAt = await page.waitForFunction(() => window.__formShownAt).then((h) => h.jsonValue());
  await page.waitForLoadState('load'); // the fonts are in
  await page.waitForTimeout(200); // let the last requestfinished events land
  for (const request of finished) {
    if (request.timing().startTime > shownAt && !/\.(woff2?|ttf)$/.test(new URL(request.url()).pathname)) continue;
    const sizes = await request.sizes();
    const response = await request.response();
    loaded.push({
      path: new URL(request.url()).pathname,
      wire: sizes.responseBodySize + sizes.responseHeadersSize,
      encoding: response?.headers()['content-encoding'] ?? 'none',
    });
  }
  console.log(`\nlogin route, as loaded by Chromium until the sign-in button shows (requests started before it; size on the wire, headers included):`);
  for (const f of loaded) console.log(`  ${f.path.padEnd(46)}${kb(f.wire)} KB  ${f.encoding}`);
  const isFont = (f) => /\.(woff2?|ttf)$/.test(f.path);
  total = loaded.filter((f) => !isFont(f)).reduce((sum, f) => sum + f.wire, 0);
  const fonts = loaded.filter(isFont).reduce((sum, f) => sum + f.wire, 0);
  const js = loaded.filter((f) => f.path.endsWith('.js')).reduce((sum, f) => sum + f.wire, 0);
  console.log(
    `  of it JS ${(js / 1024).toFixed(1)} KB; the Vazirmatn fonts ${(fonts / 1024).toFixed(1)} KB more (not in the budget: immutable files cached for a year; the CSS asks for them, index.html preloads the two Persian faces)`,
  );
  const inStats = new Set([...entryFiles, ...stats.chunkGroups[LOGIN_GROUP], ...stats.chunkGroups[MESSAGES_GROUP]].map((f) => `/${f}`));
  const extra = loaded.filter((f) => f.path.endsWith('.js') && !inStats.has(f.path)).map((f) => f.path);
  if (extra.length) console.log(`  (JS beyond the entry, ${LOGIN_GROUP} and ${MESSAGES_GROUP}: ${extra.join(', ')})`);
  // which packages those files carry (from their source maps), and none of those kept out
  const packages = new Set();
  for (const f of loaded.filter((l) => l.path.endsWith('.js'))) {
    const mapFile = join(dist, `${f.path}.map`);
    if (!existsSync(mapFile)) continue;
    for (const source of JSON.parse(readFileSync(mapFile, 'utf8')).sources) {
      const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
      if (m) packages.add(m[1]);
    }
  }
  const unwanted = KEPT_OUT.filter((p) => packages.has(p));
  console.log(`  packages in it: ${[...packages].sort().join(', ')}`);
  if (unwanted.length) {
    console.log(`  KEPT-OUT PACKAGES LOADED: ${unwanted.join(', ')}`);
    process.exitCode = 1;
  }
  console.log(
    `login route on the wire (HTML, JS, CSS): ${(total / 1024).toFixed(1)} KB (budget ${BUDGET_KB} KB) ${total <= BUDGET_KB * 1024 ? 'OK' : 'OVER BUDGET'}`,
  );
} finally {
  await browser.close();
  await server.stop();
}
if (total > BUDGET_KB * 1024) process.exitCode = 1;
