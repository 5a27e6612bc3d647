// Lighthouse on the panel (docs/architecture.md §8): the mobile preset (simulated slow 4G and a 4× slower CPU)
// and the desktop preset on /login, /dashboard and /servers/{id} with 1,000 profiles, next to a
// hello-world React page served the same way (the same static handler, precompressed the same
// way) in the same run: the floor. Each page is loaded cold (HTTP cache cleared) 3 times per preset;
// the run with the median score is printed with its FCP, LCP, TBT and bytes transferred.
// Targets (mobile): /login ≥ 0.95 and LCP ≤ 2.5 s, /dashboard ≥ 0.9, /servers/{id} ≥ 0.85.
// Prints figures; asserts nothing. Uses the production build in dist/ (npm run build first) and
// Debian's Chromium (/usr/bin/chromium, or CHROME_PATH). Usage: npm run bench:lighthouse
// (BENCH_RUNS=1 for a quick look, BENCH_PRESETS=mobile to skip desktop, BENCH_PAGES=/login to
// measure only the floor and the pages named, BENCH_REPORTS=dir to keep each median run's report).
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import Fastify from 'fastify';
import { registerPanel } from '../server/src/http/panel';
import { ADMIN, startServer } from '../__tests__/e2e/helpers/server';
import { seedProfiles } from '../__tests__/e2e/helpers/seed-profiles';

const root = path.resolve(__dirname, '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PRESETS = (process.env.BENCH_PRESETS ?? 'mobile,desktop').split(',') as ('mobile' | 'desktop')[];
const PAGES = process.env.BENCH_PAGES?.split(',');
const REPORTS = process.env.BENCH_REPORTS;
const PROFILES = 1000;
const TARGETS: Record<string, { score: number; lcpMs?: number }> = {
  '/login': { score: 0.95, lcpMs: 2500 },
  '/dashboard': { score: 0.9 },
  '/servers/{id}': { score: 0.85 },
};

/** The floor: a hello-world React page, built minified and precompressed like the panel. */
async function helloWorldDir(): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-hello-'));
  const entry = path.join(dir, 'entry.jsx');
  writeFileSync(entry, "import { createRoot } from 'react-dom/client';\ncreateRoot(document.getElementById('root')).render(<h1>Hello, world</h1>);\n");
  const out = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    write: false,
    format: 'iife',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    nodePaths: [path.join(root, 'node_modules')],
  });
  const js = Buffer.from(out.outputFiles[0].contents);
  const name = `hello.${createHash('sha256').update(js).digest('hex').slice(0, 10)}.js`;
  const html = Buffer.from(
    `<!doctype html><html lang=en><head><meta charset=utf-8><meta name=viewport content="width=device-width,initial-scale=1"><title>hello</title><script defer src=/${name}></script></head><body><div id=root></div></body></html>`,
  );
  for (const [file, content] of [
    [name, js],
    ['index.html', html],
  ] as const) {
    writeFileSync(path.join(dir, file), content);
    writeFileSync(path.join(dir, `${file}.br`), brotliCompressSync(content, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }));
    writeFileSync(path.join(dir, `${file}.gz`), gzipSync(content, { level: 9 }));
  }
  rmSync(entry);
  return dir;
}

interface Figures {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  bytes: number;
  report: unknown;
}

async function main() {
  if (!existsSync(path.join(root, 'dist/index.html'))) throw new Error('no dist/: run npm run build first');
  const { default: lighthouse } = await import('lighthouse');
  const { default: desktopConfig } = await import('lighthouse/core/config/desktop-config.js');
  const chromeLauncher = await import('chrome-launcher');
  const puppeteer = await import('puppeteer-core');

  const server = await startServer();
  const helloDir = await helloWorldDir();
  const floor = Fastify({ logger: false });
  await registerPanel(floor, helloDir);
  const floorUrl = await floor.listen({ port: 0, host: '127.0.0.1' });
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  try {
    const admin = await server.signIn(ADMIN.username, ADMIN.password);
    const serverId = await seedProfiles(server, admin, PROFILES);
    // a session of its own for the browser (the seeding one stays valid too)
    const token = await server.signIn(ADMIN.username, ADMIN.password);
    const pages: { label: string; url: string; token?: string }[] = [
      { label: 'floor (hello world)', url: `${floorUrl}/` },
      { label: '/login', url: `${server.url}/login` },
      { label: '/dashboard', url: `${server.url}/dashboard`, token },
      { label: '/servers/{id}', url: `${server.url}/servers/${serverId}`, token },
    ].filter((p) => !PAGES || p.label.startsWith('floor') || PAGES.includes(p.label));

    /** Cold cache, and the session token in localStorage (or none) before Lighthouse loads the page. */
    async function prepare(origin: string, sessionToken?: string) {
      const page = await browser.newPage();
      // a plain file of the origin (on the floor's server it falls back to its page, which loads
      // its script), so the cache is cleared after it
      await page.goto(`${origin}/favicon.svg`);
      await page.evaluate((t) => (t ? localStorage.setItem('token', t) : localStorage.clear()), sessionToken ?? '');
      const cdp = await page.createCDPSession();
      await cdp.send('Network.clearBrowserCache');
      await page.close();
    }

    const ms = (n: number) => `${(n / 1000).toFixed(2)} s`.padStart(8);
    console.log(`Lighthouse ${RUNS} cold run(s) per page and preset; the run with the median score:`);
    for (const preset of PRESETS) {
      console.log(`\n${preset} preset${preset === 'mobile' ? ' (simulated slow 4G, 4× CPU slowdown)' : ''}`);
      console.log(
        `${'page'.padEnd(22)}${'score'.padStart(7)}${'FCP'.padStart(9)}${'LCP'.padStart(9)}${'TBT'.padStart(9)}${'CLS'.padStart(7)}${'bytes'.padStart(10)}   vs floor`,
      );
      let floorFigures: Figures | undefined;
      for (const p of pages) {
        const runs: Figures[] = [];
        let failed = 0;
        for (let i = 0; i < RUNS; i++) {
          await prepare(new URL(p.url).origin, p.token);
          const result = await lighthouse(
            p.url,
            { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: true },
            preset === 'desktop' ? desktopConfig : undefined,
          );
          const lhr = result!.lhr;
          if (lhr.runtimeError) {
            // a failed recording (NO_NAVSTART now and then) is no measurement: it is run again, not counted as a score of 0
            console.log(`  ${p.label}: Lighthouse could not measure it, run again: ${lhr.runtimeError.code}`);
            if (++failed <= RUNS) i--;
            continue;
          }
          const warnings = lhr.runWarnings.filter((w) => !/throttl|extensions/i.test(w));
          if (warnings.length) console.log(`  ${p.label}: ${warnings.join(' / ')}`);
          const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
          runs.push({
            score: lhr.categories.performance.score ?? 0,
            fcp: audit('first-contentful-paint'),
            lcp: audit('largest-contentful-paint'),
            tbt: audit('total-blocking-time'),
            cls: audit('cumulative-layout-shift'),
            // every response's transfer size, from the network log (total-byte-weight leaves out small files)
            bytes: ((lhr.audits['network-requests']?.details as { items?: { transferSize?: number }[] } | undefined)?.items ?? []).reduce(
              (sum, r) => sum + (r.transferSize ?? 0),
              0,
            ),
            report: lhr,
          });
        }
        if (!runs.length) {
          console.log(`${p.label.padEnd(22)}  no run could be measured`);
          continue;
        }
        runs.sort((a, b) => a.score - b.score);
        const m = runs[Math.floor(runs.length / 2)];
        floorFigures ??= m;
        if (REPORTS) writeFileSync(path.join(REPORTS, `${preset}-${p.label.replace(/\W+/g, '_')}.json`), JSON.stringify(m.report));
        const target = TARGETS[p.label];
        const verdict =
          preset === 'mobile' && target
            ? m.score >= target.score && (target.lcpMs === undefined || m.lcp <= target.lcpMs)
              ? `  OK (target ${target.score}${target.lcpMs ? `, LCP ≤ ${target.lcpMs / 1000} s` : ''})`
              : `  MISSED (target ${target.score}${target.lcpMs ? `, LCP ≤ ${target.lcpMs / 1000} s` : ''})`
            : '';
        const vsFloor = p.label.startsWith('floor') ? '' : `LCP ×${(m.lcp / floorFigures.lcp).toFixed(2)}, bytes ×${(m.bytes / floorFigures.bytes).toFixed(1)}`;
        console.log(
          `${p.label.padEnd(22)}${m.score.toFixed(2).padStart(7)}${ms(m.fcp)} ${ms(m.lcp)} ${`${Math.round(m.tbt)} ms`.padStart(8)}${m.cls.toFixed(3).padStart(7)}${`${(m.bytes / 1024).toFixed(0)} KB`.padStart(10)}   ${vsFloor}${verdict}` +
            (runs.length > 1 ? `  (scores ${runs.map((r) => r.score.toFixed(2)).join(', ')})` : ''),
        );
      }
    }
  } finally {
    await browser.disconnect();
    chrome.kill();
    await floor.close();
    await server.stop();
    rmSync(helloDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
