// Long synchronous loops over request data (a 100,000-row CSV import: parse, validate, seal) hand
// the event loop back every few thousand items, so one import never stalls everybody else's
// requests for a second or more. Each slice stays in the tens of milliseconds.
import { setImmediate as nextTurn } from 'node:timers/promises';

/** Items handled between two yields by default: about 20-40 ms of CSV validation or sealing. */
export const DEFAULT_SLICE = 5_000;

/** Resolves on a later turn of the event loop, after the I/O and timers already waiting. */
export const yieldToEventLoop = (): Promise<void> => nextTurn();

/** `items.map(fn)`, yielding to the event loop after every `slice` items. */
export async function mapCooperatively<T, U>(items: readonly T[], fn: (item: T, index: number) => U, slice = DEFAULT_SLICE): Promise<U[]> {
  const out: U[] = [];
  for (let i = 0; i < items.length; i++) {
    if (i > 0 && i % slice === 0) await yieldToEventLoop();
    out.push(fn(items[i], i));
  }
  return out;
}
