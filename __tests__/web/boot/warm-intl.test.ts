// warmIntl (src/boot/warm-intl.ts): the locale's number and date formats are built once the page has
// painted, each in an idle task of its own, and never before the first contentful paint (a task
// before it would hold the paint up).
import { warmIntl } from '../../../src/boot/warm-intl';

type PaintCallback = (list: { getEntriesByName: (name: string) => unknown[] }) => void;

describe('warmIntl', () => {
  const idleTasks: (() => void)[] = [];
  let paintObserver: PaintCallback | undefined;
  let disconnected = false;
  const realObserver = globalThis.PerformanceObserver;
  const realIdle = window.requestIdleCallback;

  beforeEach(() => {
    idleTasks.length = 0;
    paintObserver = undefined;
    disconnected = false;
    window.requestIdleCallback = ((task: () => void) => idleTasks.push(task)) as unknown as typeof window.requestIdleCallback;
    class FakeObserver {
      static supportedEntryTypes = ['paint'];
      constructor(callback: PaintCallback) {
        paintObserver = callback;
      }
      observe() {}
      disconnect() {
        disconnected = true;
      }
    }
    globalThis.PerformanceObserver = FakeObserver as unknown as typeof PerformanceObserver;
  });

  afterEach(() => {
    globalThis.PerformanceObserver = realObserver;
    window.requestIdleCallback = realIdle;
    jest.restoreAllMocks();
  });

  it('builds the Persian number format, then the date format, in idle tasks after the first contentful paint', () => {
    const numbers = jest.spyOn(Intl, 'NumberFormat');
    const dates = jest.spyOn(Intl, 'DateTimeFormat');
    warmIntl('fa');
    expect(idleTasks).toHaveLength(0);
    // a first paint (the background) is not the first contentful one
    paintObserver!({ getEntriesByName: () => [] });
    expect(idleTasks).toHaveLength(0);
    paintObserver!({ getEntriesByName: (name) => (name === 'first-contentful-paint' ? [{}] : []) });
    expect(disconnected).toBe(true);
    expect(idleTasks).toHaveLength(1);
    expect(numbers).not.toHaveBeenCalled();

    idleTasks.shift()!();
    expect(numbers.mock.calls.map((call) => call[0])).toEqual(['fa-IR']);
    expect(dates).not.toHaveBeenCalled();
    expect(idleTasks).toHaveLength(1);

    idleTasks.shift()!();
    expect(dates.mock.calls.map((call) => call[0])).toEqual(['fa-IR-u-ca-persian-nu-arabext']);
  });
});
