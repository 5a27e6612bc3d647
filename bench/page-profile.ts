// What fills a page's long tasks on a phone-like CPU (TBT is what keeps /dashboard and
// /servers/{id} under their Lighthouse targets). A cold load of the page for a stored session, in
// Debian's Chromium at a 412 px viewport with the CPU slowed 4× (Lighthouse's mobile factor), under
// V8's sampling profiler and a trace of the renderer's tasks; then, for every task over 50 ms (the
// browser's own task, as Lighthouse counts it: a render React slices into 5 ms pieces is many tasks),
// where its time went: by package or source folder, by function (mapped through dist/'s source
// maps), by the outermost three app frames on the stack, and along React's own path (a render
// sliced into a transition shows renderRootConcurrent; one React had to do at once, renderRootSync;
// work a commit spawned, flushSpawnedWork). Times are at the slowed CPU, as Lighthouse counts them.
//   npm run build && npm run bench:page-profile            (/servers/{id} with 1,000 profiles)
//   BENCH_PAGE=/dashboard npm run bench:page-profile
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SourceMapConsumer } from 'source-map-js';
import { launchChromium } from '../__tests__/e2e/helpers/chromium';
import { ADMIN, startServer } from '../__tests__/e2e/helpers/server';
import { seedProfiles } from '../__tests__/e2e/helpers/seed-profiles';

const root = path.resolve(__dirname, '..');
const PAGE = process.env.BENCH_PAGE ?? '/servers/{id}';
const CPU_SLOWDOWN = Number(process.env.BENCH_CPU_SLOWDOWN ?? 4);
/** How long after navigation the profile runs: the page's data, grid and idle prefetches are in by then. */
const WINDOW_MS = Number(process.env.BENCH_WINDOW_MS ?? 8000);
const REACT_PATH =
  /^(renderRootSync|renderRootConcurrent|commitRoot|flushSpawnedWork|flushSyncWorkAcrossRoots_impl|flushLayoutEffects|flushPassiveEffects|forceStoreRerender|performWorkOnRootViaSchedulerTask)$/;

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}
interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string };
}
/** A task of the renderer's main thread, in the profile's clock (µs). */
interface Task {
  start: number;
  end: number;
  rendering: Map<string, { count: number; ms: number }>;
}
/** The browser's own rendering work inside a task (a layout forced by script shows up here too). */
const RENDERING = new Set(['Layout', 'UpdateLayoutTree', 'ParseAuthorStyleSheet', 'PrePaint', 'Paint', 'Layerize']);

function mapper() {
  const maps = new Map<string, SourceMapConsumer | null>();
  const position = (cf: CallFrame) => {
    if (!cf.url.startsWith('http')) return undefined;
    const { pathname } = new URL(cf.url);
    if (!maps.has(pathname)) {
      const file = path.join(root, 'dist', `${pathname}.map`);
      maps.set(pathname, existsSync(file) ? new SourceMapConsumer(JSON.parse(readFileSync(file, 'utf8'))) : null);
    }
    return maps.get(pathname)?.originalPositionFor({ line: cf.lineNumber + 1, column: cf.columnNumber });
  };
  const source = (cf: CallFrame) => (position(cf)?.source ?? '').replace(/^webpack:\/\/[^/]+\//, '');
  return {
    /** The function and where it is, e.g. `measureScrollbarSize nm/@mui/x-virtualizer/…:182`. */
    fn(cf: CallFrame): string {
      const p = position(cf);
      if (!p) return cf.functionName || `(${cf.url || 'native'})`;
      return `${p.name ?? cf.functionName ?? '?'} ${source(cf).replace(/.*node_modules\//, 'nm/')}:${p.line}`;
    },
    /** The package (node_modules) or the first three folders of an app source. */
    where(cf: CallFrame): string {
      if (!cf.url.startsWith('http')) return '(native)';
      const s = source(cf);
      return s.match(/node_modules\/((@[^/]+\/)?[^/]+)/)?.[1] ?? s.split('/').slice(0, 3).join('/');
    },
    isApp: (cf: CallFrame) => cf.url.startsWith('http') && source(cf).startsWith('src/'),
  };
}

const add = (m: Map<string, number>, key: string, ms: number) => m.set(key, (m.get(key) ?? 0) + ms);
const top = (m: Map<string, number>, n: number) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `    ${v.toFixed(1).padStart(7)} ms  ${k}`)
    .join('\n');

/**
 * The page's main-thread tasks from the trace: the renderer main thread (CrRendererMain) that ran the
 * most, its top-level RunTask events.
 */
function mainThreadTasks(events: TraceEvent[]): Task[] {
  const mains = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const byThread = new Map<string, TraceEvent[]>();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if ((e.name === 'RunTask' || RENDERING.has(e.name)) && e.ph === 'X' && e.dur !== undefined && mains.has(key))
      byThread.set(key, [...(byThread.get(key) ?? []), e]);
  }
  const runTime = (list: TraceEvent[]) => list.reduce((sum, e) => sum + (e.name === 'RunTask' ? e.dur! : 0), 0);
  const busiest = [...byThread.values()].sort((a, b) => runTime(b) - runTime(a))[0] ?? [];
  // top level only: a RunTask nested in another (a nested message loop) belongs to its parent, and
  // so does the rendering work inside it (a parent before its children where they start together)
  const tasks: Task[] = [];
  for (const e of busiest.sort((a, b) => a.ts - b.ts || b.dur! - a.dur!)) {
    const last = tasks[tasks.length - 1];
    if (e.name !== 'RunTask') {
      if (!last || e.ts >= last.end) continue;
      const r = last.rendering.get(e.name) ?? { count: 0, ms: 0 };
      last.rendering.set(e.name, { count: r.count + 1, ms: r.ms + e.dur! / 1000 });
    } else if (!last || e.ts >= last.end) tasks.push({ start: e.ts, end: e.ts + e.dur!, rendering: new Map() });
  }
  return tasks;
}

function report(profile: Profile, tasks: Task[]) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, ProfileNode>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n);
  const map = mapper();
  const times: number[] = [];
  let t = profile.startTime;
  for (const d of profile.timeDeltas) times.push((t += d));
  const sampleMs = (i: number) => ((times[i + 1] ?? times[i]) - times[i]) / 1000;

  // each long task's samples (the samples are in time order, and so are the tasks)
  let blocking = 0;
  let next = 0;
  tasks = tasks.filter((task) => task.start >= profile.startTime && task.end <= times[times.length - 1]);
  for (const task of tasks) {
    const ms = (task.end - task.start) / 1000;
    while (next < times.length && times[next] < task.start) next++;
    const idx: number[] = [];
    for (let i = next; i < times.length && times[i] < task.end; i++) idx.push(i);
    // as Lighthouse's phone would count it (its 4x over this run's own slowdown)
    const scaled = ms * (4 / CPU_SLOWDOWN);
    if (scaled <= 50) continue;
    blocking += scaled - 50;
    const where = new Map<string, number>();
    const fns = new Map<string, number>();
    const app = new Map<string, number>();
    const react = new Map<string, number>();
    for (const i of idx) {
      const leaf = nodes.get(profile.samples[i])!;
      add(where, map.where(leaf.callFrame), sampleMs(i));
      add(fns, map.fn(leaf.callFrame), sampleMs(i));
      const appFrames: string[] = [];
      const seen = new Set<string>();
      for (let n: ProfileNode | undefined = leaf; n; n = parent.get(n.id)) {
        if (map.isApp(n.callFrame)) appFrames.unshift(map.fn(n.callFrame).replace(/ .*\//, ' '));
        const fn = map.fn(n.callFrame).split(' ')[0]; // the source map's name (the build is minified)
        if (REACT_PATH.test(fn)) seen.add(fn);
      }
      add(app, appFrames.slice(0, 3).join(' > ') || '(no app frame)', sampleMs(i));
      for (const f of seen) add(react, f, sampleMs(i));
    }
    const start = (task.start - profile.startTime) / 1000;
    console.log(`\ntask ${ms.toFixed(0)} ms from ${start.toFixed(0)} ms${CPU_SLOWDOWN === 4 ? '' : ` (${scaled.toFixed(0)} ms at 4x)`}`);
    console.log(`  by package or folder:\n${top(where, 6)}\n  by function:\n${top(fns, 8)}\n  by app frames:\n${top(app, 5)}`);
    if (react.size) console.log(`  React's path:\n${top(react, 8)}`);
    if (task.rendering.size)
      console.log(
        `  the browser's rendering (forced by script or its own):\n${[...task.rendering]
          .sort((a, b) => b[1].ms - a[1].ms)
          .map(([name, r]) => `    ${r.ms.toFixed(1).padStart(7)} ms  ${name} ×${r.count}`)
          .join('\n')}`,
      );
  }
  const long = tasks.filter((task) => ((task.end - task.start) * 4) / CPU_SLOWDOWN > 50_000).length;
  console.log(
    `\n${tasks.length} tasks, ${long} over 50 ms; their time past 50 ms: ${blocking.toFixed(0)} ms (a rough TBT: every task of the window, not only those between FCP and TTI as Lighthouse counts)`,
  );
}

async function main() {
  if (!existsSync(path.join(root, 'dist/index.html'))) throw new Error('no dist/: run npm run build first');
  const server = await startServer();
  const browser = await launchChromium({ viewport: { width: 412, height: 823 } });
  try {
    const admin = await server.signIn(ADMIN.username, ADMIN.password);
    const url = PAGE === '/servers/{id}' ? `/servers/${await seedProfiles(server, admin, 1000)}` : PAGE;
    const token = await server.signIn(ADMIN.username, ADMIN.password);
    const page = await browser.context.newPage();
    await page.goto(`${server.url}/favicon.svg`);
    await page.evaluate((tk) => localStorage.setItem('token', tk), token);
    const cdp = await browser.context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])));
    const traced = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
    await cdp.send('Tracing.start', {
      transferMode: 'ReportEvents',
      traceConfig: { includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', '__metadata'] },
    });
    await cdp.send('Profiler.start');
    await page.goto(`${server.url}${url}`);
    await page.waitForTimeout(WINDOW_MS);
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
    await cdp.send('Tracing.end');
    await traced;
    console.log(`${PAGE}, cold load for a stored session, 412 px, CPU ×${CPU_SLOWDOWN}, ${WINDOW_MS / 1000} s profiled; main-thread tasks over 50 ms:`);
    report(profile, mainThreadTasks(events));
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
