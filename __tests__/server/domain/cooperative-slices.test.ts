// Long loops over request data hand the event loop back every SLICE_MS (server/src/domain/cooperative.ts),
// whatever one item costs, and the CSV import's parse does too, a chunk of text at a time: another
// request waiting meanwhile (a setImmediate chain here, standing for GET /api/health) runs every few
// milliseconds, not once per 5,000 rows or once per whole-file parse (100-500 ms each).
import { performance } from 'node:perf_hooks';
import { mapCooperatively, SLICE_MS } from '../../../server/src/domain/cooperative';
import { isCsvFailure, parseProfileCsv } from '../../../server/src/domain/csv-import';

/** Runs `work` while a chain of setImmediate callbacks ticks beside it: the gaps between ticks and the whole time, in ms. */
async function gapsDuring(work: () => Promise<unknown>): Promise<{ gaps: number[]; ms: number }> {
  const gaps: number[] = [];
  const started = performance.now();
  let last = started;
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
  return { gaps, ms: performance.now() - started };
}

/** The slice cooperative.ts promises (checked below against its SLICE_MS). */
const SLICE = 10;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * The other callbacks ran about once a slice: at least once per 3 slices' time, whatever the
 * machine's speed or load (a slice is measured on the clock, so a loaded machine makes more of them),
 * and half the waits were short. (Every wait may run longer on a loaded machine, where the process
 * itself waits for a core: the check is on how often, and on the median.)
 */
function expectServedEverySlice({ gaps, ms }: { gaps: number[]; ms: number }) {
  expect(gaps.length).toBeGreaterThanOrEqual(Math.floor(ms / (3 * SLICE)));
  expect(median(gaps)).toBeLessThan(5 * SLICE);
}

/** Holds the thread for `us` microseconds, as a row's work does. */
const busy = (us: number) => {
  const end = performance.now() + us / 1000;
  while (performance.now() < end);
};

it('slices by time: items of 50 µs yield every ~10 ms, not once per 5,000 items', async () => {
  const items = Array.from({ length: 6000 }, (_, i) => i); // 300 ms of work
  let out: number[] = [];
  const served = await gapsDuring(async () => (out = await mapCooperatively(items, (n) => (busy(50), n * 2))));
  expect(out).toEqual(items.map((n) => n * 2));
  expectServedEverySlice(served);
  expect(SLICE_MS).toBe(SLICE);
});

it('parses and validates a 60,000-row CSV without holding the event loop for more than a slice or a chunk of text', async () => {
  const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
  const csv = `address,name,protocol,type\n${Array.from({ length: 60_000 }, (_, i) => `vless://${uuid(i)}@s${i % 50}.example.com:443?type=ws,S-${i},vless,normal`).join('\n')}\n`;
  let rows = 0;
  const served = await gapsDuring(async () => {
    const r = await parseProfileCsv(csv);
    if (isCsvFailure(r)) throw new Error(JSON.stringify(r.errors.slice(0, 3)));
    rows = r.rows.length;
  });
  expect(rows).toBe(60_000);
  expectServedEverySlice(served);
});
