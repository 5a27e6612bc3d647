// Long synchronous loops over request data (a 100,000-row CSV import: parse, validate, seal) hand
// the event loop back every SLICE_MS milliseconds, so one import never stalls everybody else's
// requests: a GET /api/health arriving mid-import waits for one slice, not for the whole file.
// Slices are measured by the clock, not by a count of items: an item's cost differs between a
// loaded two-core machine and an idle one (5,000 rows of validation took 20-40 ms on one, 150 ms on
// the other), and a slice should hold the loop about as long on both.
import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';

/** How long one slice of work may hold the event loop before it yields. */
export const SLICE_MS = 10;
/** Items between two looks at the clock: a look costs about 0.1 µs, an item of CSV work 10-30 µs. */
const CLOCK_EVERY = 64;

/** Resolves on a later turn of the event loop, after the I/O and timers already waiting. */
export const yieldToEventLoop = (): Promise<void> => nextTurn();

/**
 * The yield points of one loop: call `due()` before each item after the first and, when it says so,
 * `await next()`. A slice ends after SLICE_MS of work, or after `items` items when that is given
 * (tests that need to know where the yields fall).
 */
export class Slices {
  private count = 0;
  private since = performance.now();

  constructor(private readonly items?: number) {}

  due(): boolean {
    this.count++;
    if (this.items !== undefined) return this.count % this.items === 0;
    return this.count % CLOCK_EVERY === 0 && performance.now() - this.since >= SLICE_MS;
  }

  async next(): Promise<void> {
    await yieldToEventLoop();
    this.since = performance.now();
  }
}

/** `items.map(fn)`, yielding to the event loop between slices (of SLICE_MS, or of `slice` items). */
export async function mapCooperatively<T, U>(items: readonly T[], fn: (item: T, index: number) => U, slice?: number): Promise<U[]> {
  const out: U[] = [];
  const slices = new Slices(slice);
  for (let i = 0; i < items.length; i++) {
    if (i > 0 && slices.due()) await slices.next();
    out.push(fn(items[i], i));
  }
  return out;
}
