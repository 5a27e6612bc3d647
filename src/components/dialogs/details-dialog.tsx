// Read-only "details" views: a list of label/value pairs (DetailList) and the popup that shows one
// with a close button (DetailsDialog). Features give ids and values as data; the layouts, the empty
// placeholder and the LTR wrapping of technical values live here once.
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FormattedMessage } from 'react-intl';
import type { MessageValues } from '@/lib/i18n';
import { Ltr } from '../ltr';
import { InfoDialog } from './info-dialog';

export interface DetailItem {
  labelId: string;
  /** null, undefined, false and '' show the list's `empty` placeholder. */
  value: ReactNode;
  /** A technical value (key, URL, e-mail, id): kept left to right inside RTL text. */
  ltr?: boolean;
}

/**
 * - `grid`: labels and values in two aligned columns.
 * - `rows`: one row per pair with dividers between; label above value on narrow screens.
 * - `stacked`: a small label above each value.
 */
export type DetailLayout = 'grid' | 'rows' | 'stacked';

export interface DetailListProps {
  items: DetailItem[];
  layout?: DetailLayout;
  /** Larger values and spacing, for a page rather than a popup (rows layout). */
  size?: 'small' | 'medium';
  /** What an empty value shows; defaults to common.none. */
  empty?: ReactNode;
  'data-testid'?: string;
}

const isEmpty = (value: ReactNode) => value === null || value === undefined || value === false || value === '';

export function DetailList({ items, layout = 'grid', size = 'small', empty, 'data-testid': testId }: DetailListProps) {
  const placeholder = empty ?? <FormattedMessage id="common.none" />;
  const shown = (item: DetailItem) => (isEmpty(item.value) ? placeholder : item.ltr ? <Ltr>{item.value}</Ltr> : item.value);
  const label = (item: DetailItem) => <FormattedMessage id={item.labelId} />;

  if (layout === 'grid') {
    return (
      <Box component="dl" data-testid={testId} sx={{ display: 'grid', gridTemplateColumns: 'minmax(8rem, auto) 1fr', columnGap: 2, rowGap: 1.25, m: 0 }}>
        {items.map((item) => (
          <Box key={item.labelId} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label(item)}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
              {shown(item)}
            </Typography>
          </Box>
        ))}
      </Box>
    );
  }

  if (layout === 'rows') {
    const medium = size === 'medium';
    return (
      <Stack divider={<Divider flexItem />} sx={{ flex: 1 }} data-testid={testId}>
        {items.map((item) => (
          <Stack
            key={item.labelId}
            direction={{ xs: 'column', sm: 'row' }}
            spacing={{ xs: medium ? 0.5 : 0.25, sm: 2 }}
            sx={{ py: medium ? 1.5 : 1, alignItems: { sm: 'baseline' } }}
          >
            <Typography variant="body2" color="text.secondary" sx={{ minWidth: medium ? 160 : 150, flexShrink: 0 }}>
              {label(item)}
            </Typography>
            <Typography variant={medium ? 'body1' : 'body2'} component="div" sx={{ overflowWrap: 'anywhere' }}>
              {shown(item)}
            </Typography>
          </Stack>
        ))}
      </Stack>
    );
  }

  return (
    <Stack spacing={1.5} data-testid={testId}>
      {items.map((item) => (
        <Stack key={item.labelId} spacing={0.25}>
          <Typography variant="caption" color="text.secondary">
            {label(item)}
          </Typography>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {shown(item)}
          </Typography>
        </Stack>
      ))}
    </Stack>
  );
}

export interface DetailsDialogProps {
  open: boolean;
  onClose: () => void;
  titleId: string;
  values?: MessageValues;
  /** The pairs to list; leave out to show only `children` (e.g. while loading). */
  items?: DetailItem[];
  layout?: DetailLayout;
  empty?: ReactNode;
  /** Shown after the list: loading and error states, or extra content. */
  children?: ReactNode;
}

export function DetailsDialog({ open, onClose, titleId, values, items, layout = 'grid', empty, children }: DetailsDialogProps) {
  return (
    // The side-by-side layouts sit between content dividers; the stacked one reads without.
    <InfoDialog open={open} onClose={onClose} titleId={titleId} values={values} dividers={layout !== 'stacked'}>
      {items && <DetailList items={items} layout={layout} empty={empty} />}
      {children}
    </InfoDialog>
  );
}
