// /settings/audit (docs/product.md §2 "Audit log", top admin only): every recorded change, sign-in, sign-out,
// reveal and export, paged on the server newest first, filtered by actor, action, target type and
// a date range (the Jalali calendar in Persian). A row opens its before/after side by side; the
// export button saves every record of the current filter (not only the page) as CSV, written and
// streamed by the server (GET audit/export) with a progress bar: stored values, ISO times.
import { useCallback, useMemo, useState } from 'react';
import Stack from '@mui/material/Stack';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  ServerDataTable,
  useServerList,
  useTableState,
  type DataTableColumn,
  type DataTableFilter,
  type ListParams,
  type RowAction,
  type ServerExport,
} from '@/components/data-table';
import { CalendarProvider } from '@/components/form';
import { PageHeader } from '@/components/layout/page-header';
import { formatDate } from '@/lib/i18n';
import { selectLocale, useAppSelector } from '@/lib/state';
import { useGetAuditFiltersQuery, useGetAuditQuery, type AuditArgs, type AuditRow } from '../api';
import { AuditDetailsDialog } from '../components/audit-details-dialog';
import { changedFields, labelOf, targetText } from '../components/audit-values';
import { fieldLabel } from '../components/field-labels';

export const AUDIT_TABLE = 'audit';
const when = { dateStyle: 'short', timeStyle: 'medium' } as const;

const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).toISOString();
const endOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate(), 23, 59, 59, 999).toISOString();
const valid = (d: Date | null): d is Date => d !== null && !Number.isNaN(d.getTime());

type AuditQuery = Omit<AuditArgs, 'page' | 'size'>;

/** Every page is asked again when the page opens: the log grows while nobody looks. */
const useAuditPage = (args: AuditArgs) => useGetAuditQuery(args, { refetchOnMountOrArgChange: true });
const exportOf = (params: AuditQuery): ServerExport => ({ path: 'audit/export', params, fileName: 'audit', errorMessageId: 'audit.export.error' });

/** Actor, action and target type, with the choices recorded so far. */
function useAuditFilters(): DataTableFilter<AuditRow>[] {
  const intl = useIntl();
  const options = useGetAuditFiltersQuery(undefined, { refetchOnMountOrArgChange: true });
  return useMemo(
    () => [
      {
        kind: 'select',
        key: 'actorId',
        labelId: 'audit.fields.actor',
        options: (options.data?.actors ?? []).map((a) => ({ value: String(a.id), label: a.name })),
      },
      {
        kind: 'select',
        key: 'action',
        labelId: 'audit.fields.action',
        options: (options.data?.actions ?? []).map((a) => ({ value: a, label: labelOf('actionNames', a, intl) })),
      },
      {
        kind: 'select',
        key: 'targetType',
        labelId: 'audit.fields.targetType',
        options: (options.data?.targetTypes ?? []).map((type) => ({ value: type, label: labelOf('targetTypes', type, intl) })),
      },
    ],
    [options.data, intl],
  );
}

function useAuditColumns(): DataTableColumn<AuditRow>[] {
  const locale = useAppSelector(selectLocale);
  const intl = useIntl();
  return useMemo(
    () => [
      { field: 'at', headerId: 'audit.fields.at', sortable: false, minWidth: 150, value: (r) => formatDate(r.at, locale, when) },
      { field: 'actorName', headerId: 'audit.fields.actor', sortable: false, minWidth: 120, ltr: true },
      { field: 'action', headerId: 'audit.fields.action', sortable: false, minWidth: 170, value: (r) => labelOf('actionNames', r.action, intl) },
      {
        field: 'target',
        headerId: 'audit.fields.target',
        sortable: false,
        minWidth: 180,
        value: (r) =>
          targetText(
            r,
            (type) => labelOf('targetTypes', type, intl),
            (n) => intl.formatNumber(n),
          ),
      },
      {
        field: 'changes',
        headerId: 'audit.fields.changes',
        sortable: false,
        minWidth: 160,
        value: (r) =>
          intl.formatList(
            changedFields(r.before, r.after).map((f) => fieldLabel(r.targetType, f, intl)),
            { type: 'unit', style: 'short' },
          ),
      },
      { field: 'ip', headerId: 'audit.fields.ip', sortable: false, minWidth: 120, ltr: true },
    ],
    [locale, intl],
  );
}

/** The date range: two pickers (the Jalali calendar in Persian); a change goes back to page 1. */
function DateRange({ from, to, onFrom, onTo }: { from: Date | null; to: Date | null; onFrom: (d: Date | null) => void; onTo: (d: Date | null) => void }) {
  const intl = useIntl();
  const { setPage } = useTableState(AUDIT_TABLE);
  const pick = (set: (d: Date | null) => void) => (d: Date | null) => {
    set(d);
    setPage(1);
  };
  const field = { field: { clearable: true }, textField: { size: 'small' } } as const;
  return (
    <CalendarProvider>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <DatePicker
          label={intl.formatMessage({ id: 'audit.filter.from' })}
          value={from}
          onChange={pick(onFrom)}
          maxDate={valid(to) ? to : undefined}
          slotProps={field}
        />
        <DatePicker
          label={intl.formatMessage({ id: 'audit.filter.to' })}
          value={to}
          onChange={pick(onTo)}
          minDate={valid(from) ? from : undefined}
          slotProps={field}
        />
      </Stack>
    </CalendarProvider>
  );
}

export default function AuditPage() {
  const [from, setFrom] = useState<Date | null>(null);
  const [to, setTo] = useState<Date | null>(null);
  const fromIso = valid(from) ? startOfDay(from) : undefined;
  const toIso = valid(to) ? endOfDay(to) : undefined;
  const toQuery = useCallback(
    ({ filter }: ListParams): AuditQuery => ({
      actorId: filter.actorId ? Number(filter.actorId) : undefined,
      action: filter.action || undefined,
      targetType: filter.targetType || undefined,
      from: fromIso,
      to: toIso,
    }),
    [fromIso, toIso],
  );
  const list = useServerList({
    name: AUDIT_TABLE,
    columns: useAuditColumns(),
    filters: useAuditFilters(),
    toQuery,
    useQuery: useAuditPage,
    serverExport: exportOf,
  });
  const [details, setDetails] = useState<AuditRow | null>(null);
  const rowActions = useMemo<RowAction<AuditRow>[]>(
    () => [{ key: 'details', labelId: 'audit.actions.details', icon: <InfoOutlinedIcon fontSize="small" />, onClick: setDetails }],
    [],
  );
  const count = list.result.data?.count;

  return (
    <>
      <PageHeader titleId="audit.title" subtitle={count !== undefined && <FormattedMessage id="audit.count" values={{ count }} />} />
      <DateRange from={from} to={to} onFrom={setFrom} onTo={setTo} />
      <ServerDataTable list={list} rowActions={rowActions} />
      <AuditDetailsDialog row={details} onClose={() => setDetails(null)} />
    </>
  );
}
