// The order `npm test` runs its files in (jest's `testSequencer`). With timings from an earlier run
// in jest's cache, jest's own order stands: failed files first, then the slowest first, so the
// workers finish together. A clean clone (CI) has no timings, and jest then puts the largest files
// first; the page audit's files are small but each is minutes of browser walk, so they came last
// and ran alone at the end. Files without timings go in this order instead: the two largest web or
// server files (one per worker, while the e2e global setup builds the panel in the background),
// then e2e files (the page audit's parts first) alternating with the others, largest first, so
// a browser walk, which waits on the page much of the time, mostly runs next to a file that keeps
// a core busy.
'use strict';
const Sequencer = require('@jest/test-sequencer').default;

// One file per role and language, the longest walks first (the Persian ones add the direction check).
const PAGE_AUDIT = ['admin-fa', 'admin-en', 'app-admin-fa', 'app-admin-en', 'restricted-fa', 'restricted-en'];

/** The page audit's parts in PAGE_AUDIT's order (longest walk first), then the other e2e files; null for the rest. */
function e2eRank(path) {
  const p = path.split('\\').join('/');
  const part = /\/__tests__\/e2e\/page-audit\/([^/]+)\.test\.ts$/.exec(p);
  if (part) return PAGE_AUDIT.indexOf(part[1]) === -1 ? PAGE_AUDIT.length : PAGE_AUDIT.indexOf(part[1]);
  return p.includes('/__tests__/e2e/') ? PAGE_AUDIT.length + 1 : null;
}

class SuiteSequencer extends Sequencer {
  sort(tests) {
    // jest's order: failed first, then files without timings (largest first), then by time.
    const sorted = super.sort(tests);
    const untimed = sorted.filter((t) => t.duration == null && !this.hasFailed(t));
    const order = new Map(untimed.map((t, i) => [t, i]));
    const e2e = untimed.filter((t) => e2eRank(t.path) !== null).sort((a, b) => e2eRank(a.path) - e2eRank(b.path) || order.get(a) - order.get(b));
    const others = untimed.filter((t) => e2eRank(t.path) === null);
    const mixed = others.splice(0, e2e.length ? 2 : others.length);
    while (e2e.length || others.length) {
      if (e2e.length) mixed.push(e2e.shift());
      if (others.length) mixed.push(others.shift());
    }
    let next = 0;
    return sorted.map((t) => (order.has(t) ? mixed[next++] : t));
  }
}

module.exports = SuiteSequencer;
