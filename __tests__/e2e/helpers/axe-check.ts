// The accessibility audit of docs/architecture.md §9 as a PageCheck: axe-core on every state at 1366 px, and at
// 390 px on what only a phone shows (the header and the folded row actions, as the top admin). Critical and serious
// violations are problems; moderate and minor ones are collected for the test to print.
// axe runs in the page itself (AxeBuilder's legacy mode, axe.run): the panel has no frames, and the
// default mode's runPartial in every frame plus finishRun in a new blank page took 2-13 s per call
// against 0.5-1 s in the page (it was most of the walk's time; the findings are the same, and
// axe-check.test.ts shows the check still finds what it must).
import AxeBuilder from '@axe-core/playwright';
import type { PageCheck } from './audit';

export interface AxeFinding {
  rule: string;
  impact: string;
  where: string;
}

/**
 * `minor` collects the moderate and minor violations, keyed by rule, for the report. Two checks:
 * the whole page at 1366 px for every role, and the phone-only elements at 390 px (the same for
 * every role, so checked as the top admin).
 */
export function axeChecks(minor: Map<string, Set<string>>): PageCheck[] {
  return [axeCheck(minor, 1366), { ...axeCheck(minor, 390), roles: ['admin'] }];
}

function axeCheck(minor: Map<string, Set<string>>, at: 1366 | 390): PageCheck {
  return {
    name: at === 390 ? 'axe (phone)' : 'axe',
    widths: [at],
    async run({ page, width, state, role, locale }) {
      // the in-page run reaches same-origin frames only: a frame in the panel needs the default mode back
      if (page.frames().length > 1) return [`${page.frames().length - 1} frame(s) in the page: axe's in-page run may not reach them`];
      // axe-core stays in the page across the walk's in-app navigations: injected by the state's first
      // run, and not parsed and set up again (twice per analyze) by every later one
      const loaded = await page.evaluate(() => typeof (window as unknown as { axe?: { run?: unknown } }).axe?.run === 'function');
      let builder = new AxeBuilder({ page, ...(loaded ? { axeSource: ';' } : {}) }).setLegacyMode(true).options({ resultTypes: ['violations'] });
      if (width === 390) {
        const parts = ['header', 'main .DataTable-actions'];
        const present: string[] = [];
        for (const part of parts) if (await page.locator(part).count()) present.push(part);
        if (!present.length) return [];
        for (const part of present) builder = builder.include(part);
      }
      const result = await builder.analyze();
      const problems: string[] = [];
      for (const v of result.violations) {
        const targets = v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ');
        if (v.impact === 'critical' || v.impact === 'serious') {
          problems.push(`${v.id} (${v.impact}, ${v.nodes.length} nodes): ${v.help} — ${targets}`);
        } else {
          const key = `${v.id} (${v.impact})`;
          if (!minor.has(key)) minor.set(key, new Set());
          minor.get(key)!.add(`${role}/${locale} ${state.name} @${width}: ${targets}`);
        }
      }
      return problems;
    },
  };
}
