// The test suite's own cost (`npm test` under 10 minutes in CI on this 2-core machine, no
// assertion dropped). Prints, for each step of `npm test` run alone: its wall time, the CPU of its
// processes (jest, its workers and what they start and wait for: the e2e servers, webpack, Chromium's
// browser process; not Chromium's renderers, which its zygote starts and nobody here reaps) and the
// machine's busy CPU over the same time (which adds those renderers, PostgreSQL's backends and
// anything else running); then the floor, the steps' busy CPU spread perfectly over the cores; then the
// whole `npm test` as CI runs it (three jest workers, every project at once), next to that floor
// and to the 600 s target.
// Like CI, each jest run starts from an empty transform cache, and the panel build is a step of its
// own (CI's e2e global setup builds it while the first files run). The server project runs on
// PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set (`.ci/run` sets it).
// Prints figures; asserts nothing. Takes about 35 minutes. Usage: npm run bench:suite
// (BENCH_SUITE=steps for the steps alone, BENCH_SUITE=whole for the whole run alone). The whole run
// removes dist/ first, as on a clean clone; its e2e global setup builds it again.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(__dirname, '..');
const TARGET_S = 600;
const CORES = cpus().length;
const WHAT = process.env.BENCH_SUITE ?? 'steps,whole';
const TICK = 100; // USER_HZ: /proc counts CPU in hundredths of a second on Linux

/** CPU seconds of this process's waited-for descendants (/proc/self/stat cutime + cstime). */
function childrenCpu(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[13]) + Number(fields[14])) / TICK; // fields 16 and 17 of proc(5)
}

/** The whole machine's busy CPU seconds so far (/proc/stat: everything but idle and iowait). */
function machineBusy(): number {
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  const n = ticks.map(Number);
  return (n.reduce((a, b) => a + b, 0) - n[3] - n[4]) / TICK;
}

interface JestSummary {
  files: number;
  tests: number;
  failed: number;
  slowest: { file: string; s: number }[];
}
interface Step {
  name: string;
  wall: number;
  cpu: number;
  busy: number;
  ok: boolean;
  jest?: JestSummary;
}

function readJest(file: string): JestSummary {
  const r = JSON.parse(readFileSync(file, 'utf8')) as {
    numTotalTests: number;
    numFailedTests: number;
    testResults: { name: string; startTime: number; endTime: number }[];
  };
  const slowest = r.testResults
    .map((t) => ({ file: path.relative(path.join(root, '__tests__'), t.name), s: (t.endTime - t.startTime) / 1000 }))
    .sort((a, b) => b.s - a.s)
    .slice(0, 4);
  return { files: r.testResults.length, tests: r.numTotalTests, failed: r.numFailedTests, slowest };
}

function run(name: string, command: string, args: string[], jestOut?: string): Step {
  const cpu0 = childrenCpu();
  const busy0 = machineBusy();
  const t0 = process.hrtime.bigint();
  const r = spawnSync(command, args, { cwd: root, stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 1 << 28 });
  const wall = Number(process.hrtime.bigint() - t0) / 1e9;
  const step: Step = { name, wall, cpu: childrenCpu() - cpu0, busy: machineBusy() - busy0, ok: r.status === 0 };
  if (jestOut) {
    try {
      step.jest = readJest(jestOut);
    } catch {
      /* no report: the run failed before writing it */
    }
  }
  if (!step.ok) process.stderr.write(`${name} failed (exit ${r.status}):\n${String(r.stderr).slice(-4000)}\n`);
  return step;
}

/** One jest run from an empty transform cache, as on a clean clone. */
function jest(name: string, projects: string[]): Step {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-suite-'));
  const out = path.join(dir, 'report.json');
  const select = projects.length ? ['--selectProjects', ...projects] : [];
  try {
    return run(
      name,
      process.execPath,
      [path.join(root, 'node_modules/jest/bin/jest.js'), ...select, '--cacheDirectory', path.join(dir, 'cache'), '--json', '--outputFile', out],
      out,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const s = (x: number) => `${x.toFixed(0)} s`;
const pad = (x: string, n: number) => x.padStart(n);

function print(steps: Step[]) {
  console.log(`${'step'.padEnd(34)}${pad('wall', 8)}${pad('CPU', 8)}${pad('busy', 8)}${pad('cores', 7)}  files / tests`);
  for (const st of steps) {
    const tests = st.jest ? `${st.jest.files} / ${st.jest.tests}${st.jest.failed ? ` (${st.jest.failed} failed)` : ''}` : '';
    console.log(
      `${st.name.padEnd(34)}${pad(s(st.wall), 8)}${pad(s(st.cpu), 8)}${pad(s(st.busy), 8)}${pad((st.busy / st.wall).toFixed(2), 7)}  ${tests}${st.ok ? '' : '  FAILED'}`,
    );
    for (const f of st.jest?.slowest ?? []) console.log(`${''.padEnd(36)}${pad(s(f.s), 6)}  ${f.file}`);
  }
}

function main() {
  if (process.platform !== 'linux') throw new Error('bench:suite reads /proc: Linux only');
  const pg = Boolean(process.env.TEST_DATABASE_URL);
  console.log(
    `${CORES} cores; server suite on PGlite${pg ? ' and PostgreSQL (TEST_DATABASE_URL)' : ' only (set TEST_DATABASE_URL to add the PostgreSQL run, as CI does)'}\n`,
  );

  let floor: number | undefined;
  if (WHAT.includes('steps')) {
    const steps: Step[] = [
      run('lint', 'npm', ['run', '--silent', 'lint']),
      run('typecheck', 'npm', ['run', '--silent', 'typecheck']),
      run('panel build (webpack, production)', 'npm', ['run', '--silent', 'build']),
      jest('jest: web', ['web']),
      jest('jest: server on PGlite', ['server']),
      ...(pg ? [jest('jest: server on PostgreSQL', ['server-postgres'])] : []),
      jest('jest: e2e (dist/ already built)', ['e2e']),
    ];
    console.log('each step alone (CPU: its processes; busy: the whole machine, PostgreSQL included)');
    print(steps);
    const busy = steps.reduce((a, st) => a + st.busy, 0);
    floor = busy / CORES;
    console.log(
      `\nthe steps' busy CPU, ${s(busy)}, spread perfectly over ${CORES} cores: ${s(floor)} (the floor), against the ${s(TARGET_S)} target: ×${(floor / TARGET_S).toFixed(2)}\n`,
    );
  }
  if (WHAT.includes('whole')) {
    // CI's order: lint, typecheck, then every project in one jest (its e2e global setup rebuilds dist/).
    rmSync(path.join(root, 'dist'), { recursive: true, force: true });
    const steps = [
      run('lint', 'npm', ['run', '--silent', 'lint']),
      run('typecheck', 'npm', ['run', '--silent', 'typecheck']),
      jest('jest: every project, as `npm test`', []),
    ];
    console.log('the whole `npm test`, as CI runs it (no dist/, empty cache)');
    print(steps);
    const wall = steps.reduce((a, st) => a + st.wall, 0);
    const busy = steps.reduce((a, st) => a + st.busy, 0);
    console.log(
      `\nwhole: ${s(wall)} wall, ${s(busy)} busy CPU (${(busy / wall).toFixed(2)} of ${CORES} cores), against the ${s(TARGET_S)} target: ×${(wall / TARGET_S).toFixed(2)}` +
        (floor ? `; against the floor, ${s(floor)}: ×${(wall / floor).toFixed(2)}` : ''),
    );
  }
}

main();
