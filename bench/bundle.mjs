// Bundle budget (ARCHITECTURE §8): gzip size of every chunk in dist/, and the JS the login route
// loads before its form is usable: the entry's chunks, the default locale's message catalogue and
// the login page's lazy chunk group.
// Usage: node bench/bundle.mjs [--rebuild]   (builds when dist/ has no bundle-stats.json)
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const root = new URL('..', import.meta.url).pathname;
const dist = process.env.BUNDLE_DIST ?? join(root, 'dist'); // BUNDLE_DIST: measure another build's output
const statsFile = join(dist, 'bundle-stats.json');
const BUDGET_KB = 250;
const LOGIN_GROUP = 'page-login';
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
const loginFiles = [...stats.chunkGroups[LOGIN_GROUP], ...stats.chunkGroups[MESSAGES_GROUP]];
const routeJs = [...new Set([...entryFiles, ...loginFiles])].filter((f) => f.endsWith('.js'));
const routeCss = [...new Set([...entryFiles, ...loginFiles])].filter((f) => f.endsWith('.css'));
const total = (files) => files.reduce((sum, f) => sum + sizeOf(f).gzip, 0);
const totalJs = total(routeJs);
const allJs = total(assets.filter((f) => f.endsWith('.js')));

console.log(`\nlogin route JS: ${routeJs.join(' + ')}`);
console.log(`login route JS gzip: ${(totalJs / 1024).toFixed(1)} KB (budget ${BUDGET_KB} KB) ${totalJs <= BUDGET_KB * 1024 ? 'OK' : 'OVER BUDGET'}`);
console.log(`login route CSS gzip: ${(total(routeCss) / 1024).toFixed(1)} KB`);
console.log(`all JS gzip: ${(allJs / 1024).toFixed(1)} KB in ${assets.filter((f) => f.endsWith('.js')).length} chunks`);
if (totalJs > BUDGET_KB * 1024) process.exit(1);
