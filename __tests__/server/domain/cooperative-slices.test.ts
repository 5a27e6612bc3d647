// Long loops over request data hand the event loop back every SLICE_MS (server/src/domain/cooperative.ts),
// whatever one item costs, and the CSV import's parse does too, a chunk of text at a time: another
// request waiting meanwhile (a setImmediate chain here, standing for GET /api/health) runs every few
// milliseconds, not once per 5,000 rows or once per whole-file parse (100-500 ms each).
import { performance } from 'node:perf_hooks';
import { mapCooperatively, SLICE_MS } from '../../../server/src/domain/cooperative';
import { isCsvFailure, parseProfileCsv } from '../../../server/src/domain/csv-import';

/** Runs `work` while a chain of setImmediate callbacks ticks beside it; the gaps between ticks, in ms. */
async function gapsDuring(work: () => Promise<unknown>): Promise<number[]> {
  const gaps: number[] = [];
  let last = performance.now();
  let running = true;
  const tick = () => {
    const now = performance.now();
    gaps.push(now - last);
    last = now;
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  await work();
  running = false;
  return gaps;
}

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.ceil((p / 100) * values.length) - 1];

/** Holds the thread for `us` microseconds, as a row's work does. */
const busy = (us: number) => {
  const end = performance.now() + us / 1000;
  while (performance.now() < end);
};

it('slices by time: items of 50 µs yield every ~10 ms, not once per 5,000 items', async () => {
  const items = Array.from({ length: 6000 }, (_, i) => i); // 300 ms of work
  let out: number[] = [];
  const gaps = await gapsDuring(async () => (out = await mapCooperatively(items, (n) => (busy(50), n * 2))));
  expect(out).toEqual(items.map((n) => n * 2));
  expect(gaps.length).toBeGreaterThan(15);
  // (a few gaps may be longer on a loaded machine, where the process itself waits for a core)
  expect(percentile(gaps, 90)).toBeLessThan(40);
  expect(SLICE_MS).toBe(10);
});

it('parses and validates a 60,000-row CSV without holding the event loop for more than a slice or a chunk of text', async () => {
  const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
  const csv = `address,name,protocol,type\n${Array.from({ length: 60_000 }, (_, i) => `vless://${uuid(i)}@s${i % 50}.example.com:443?type=ws,S-${i},vless,normal`).join('\n')}\n`;
  let rows = 0;
  const gaps = await gapsDuring(async () => {
    const r = await parseProfileCsv(csv);
    if (isCsvFailure(r)) throw new Error(JSON.stringify(r.errors.slice(0, 3)));
    rows = r.rows.length;
  });
  expect(rows).toBe(60_000);
  expect(gaps.length).toBeGreaterThan(30);
  expect(percentile(gaps, 90)).toBeLessThan(40);
});
