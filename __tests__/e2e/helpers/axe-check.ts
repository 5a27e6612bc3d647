// The accessibility audit of issue 10 as a PageCheck: axe-core on every state at 1366 px, and at
// 390 px on what only a phone shows (the header and the folded row actions). Critical and serious
// violations are problems; moderate and minor ones are collected for the test to print.
import AxeBuilder from '@axe-core/playwright';
import type { PageCheck } from './audit';

export interface AxeFinding {
  rule: string;
  impact: string;
  where: string;
}

/** `minor` collects the moderate and minor violations, keyed by rule, for the report. */
export function axeCheck(minor: Map<string, Set<string>>): PageCheck {
  return {
    name: 'axe',
    widths: [1366, 390],
    async run({ page, width, state, role, locale }) {
      let builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
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
        const targets = v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ');
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
