// The shape of a page audit: one check that looks at a rendered page state and names what is wrong.
// The audits of docs/architecture.md §9 (layout, axe, direction and digits) are each a PageCheck; one walker opens
// every state of PAGE_STATES once per role and locale, resizes it through the audit widths, and
// runs every check (helpers/walk.ts), so the panel is loaded once per state however many checks there are.
import type { Page } from 'playwright-core';
import type { PageState } from './pages';
import type { RoleKey, Seeded } from './seed';

export const AUDIT_WIDTHS = [390, 760, 1366, 1920] as const;
export type AuditWidth = (typeof AUDIT_WIDTHS)[number];
export type Locale = 'fa' | 'en';

export interface AuditContext {
  page: Page;
  baseUrl: string;
  role: RoleKey;
  locale: Locale;
  state: PageState;
  width: AuditWidth;
  seeded: Seeded;
  /** True on the steps reached by crossing the 800 px breakpoint (760 after 1920, 1366 after 390). */
  resized?: boolean;
}

export interface PageCheck {
  name: string;
  /** Widths at which the check runs (all of AUDIT_WIDTHS when left out). */
  widths?: readonly AuditWidth[];
  /** Locales in which the check runs (both when left out). */
  locales?: readonly Locale[];
  /** Roles for which the check runs (all three when left out). */
  roles?: readonly RoleKey[];
  /** Also run on the steps reached by crossing the breakpoint (see WALK_STEPS in walk.ts). */
  afterResize?: boolean;
  /** Each problem found, as one line a reviewer can act on; an empty list when the state is clean. */
  run(ctx: AuditContext): Promise<string[]>;
}
