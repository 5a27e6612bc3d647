// The data grid's texts for the UI language: MUI's faIR/enUS grid locale plus what faIR leaves
// out (the pagination footer, the empty-columns overlay), supplied from our messages, whose
// `{n, number}` arguments put the footer's numbers in the locale's digits. It lives
// with DataTable so the grid's locale ships in the table's chunk, not in the sign-in bundle.
import { useMemo } from 'react';
import { enUS, faIR } from '@mui/x-data-grid/locales';
import type { GridLocaleText } from '@mui/x-data-grid';
import { useIntl } from 'react-intl';
import type { Locale } from '@/contract';

const gridLocales = { fa: faIR, en: enUS } as const;

export function useGridLocaleText(locale: Locale): Partial<GridLocaleText> {
  const intl = useIntl();
  return useMemo(() => {
    return {
      ...gridLocales[locale].components.MuiDataGrid.defaultProps.localeText,
      paginationDisplayedRows: ({ from, to, count }) =>
        count === -1 || count === undefined || count === null
          ? intl.formatMessage({ id: 'dataGrid.paginationDisplayedRowsMore' }, { from, to })
          : intl.formatMessage({ id: 'dataGrid.paginationDisplayedRows' }, { from, to, count }),
      noColumnsOverlayLabel: intl.formatMessage({ id: 'dataGrid.noColumns' }),
    };
  }, [intl, locale]);
}
