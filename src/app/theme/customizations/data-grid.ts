// x-data-grid look. (Its texts, MUI's faIR/enUS grid locale plus what faIR lacks, are set by
// DataTable itself so the grid locale ships with the table chunk: components/data-table/grid-locale.ts.)
import type { Components, Theme } from '@mui/material/styles';
import type {} from '@mui/x-data-grid/themeAugmentation';

export const dataGridCustomizations: Components<Theme> = {
  MuiDataGrid: {
    styleOverrides: {
      root: ({ theme }) => ({
        border: 'none',
        '--DataGrid-containerBackground': theme.palette.background.default,
        '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 700 },
        '& .MuiDataGrid-cell:focus, & .MuiDataGrid-columnHeader:focus': { outline: 'none' },
      }),
    },
  },
};
