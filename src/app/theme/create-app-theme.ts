// The MUI theme for a locale: direction, MUI's own faIR/enUS core texts, the font, and our
// customizations grouped by component family (theme/customizations/*), and no motion when the system
// asks for reduced motion. The data grid's faIR/enUS
// texts are applied by DataTable (components/data-table/grid-locale.ts) to keep them out of the
// sign-in bundle.
import { createTheme, type Theme } from '@mui/material/styles';
import { enUS as coreEnUS, faIR as coreFaIR } from '@mui/material/locale';
import type { Locale } from '@/contract';
import { directionOf } from '@/lib/state';
import { baseOptions } from './palette';
import { inputsCustomizations } from './customizations/inputs';
import { navigationCustomizations } from './customizations/navigation';
import { surfacesCustomizations } from './customizations/surfaces';
import { feedbackCustomizations } from './customizations/feedback';
import { dataDisplayCustomizations } from './customizations/data-display';
import { dataGridCustomizations } from './customizations/data-grid';

const coreLocales = { fa: coreFaIR, en: coreEnUS } as const;

/** Every MUI transition lasts 0 ms: for people who ask their system for reduced motion (WCAG 2.3.3). */
const NO_MOTION = { duration: { shortest: 0, shorter: 0, short: 0, standard: 0, complex: 0, enteringScreen: 0, leavingScreen: 0 } };

export function createAppTheme(locale: Locale, { reducedMotion = false }: { reducedMotion?: boolean } = {}): Theme {
  return createTheme(
    {
      ...baseOptions,
      ...(reducedMotion ? { transitions: NO_MOTION } : {}),
      direction: directionOf(locale),
      components: {
        ...inputsCustomizations,
        ...navigationCustomizations,
        ...surfacesCustomizations,
        ...feedbackCustomizations,
        ...dataDisplayCustomizations,
        ...dataGridCustomizations,
      },
    },
    coreLocales[locale],
  );
}
