// /settings/audit (docs/product.md §2 "Audit log", top admin only): every recorded change, sign-in, sign-out,
// reveal and export, paged on the server newest first, filtered by actor, action, target type and
// a date range (the Jalali calendar in Persian). A row opens its before/after side by side; the
// export button saves every record of the current filter (not only the page) as CSV, written and
// streamed by the server (GET audit/export) with a progress bar: stored values, ISO times.
import { useMemo, useState } from 'react';
import Stack from '@mui/material/Stack';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  DataTable,
  useTableFilters,
  useTableState,
  type DataTableColumn,
  type DataTableFilter,
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

export default function AuditPage() {
  const locale = useAppSelector(selectLocale);
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const table = useTableState(AUDIT_TABLE);
  const options = useGetAuditFiltersQuery(undefined, { refetchOnMountOrArgChange: true });
  const [from, setFrom] = useState<Date | null>(null);
  const [to, setTo] = useState<Date | null>(null);

  const filters = useMemo<DataTableFilter<AuditRow>[]>(
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
  const values = useTableFilters(AUDIT_TABLE, filters);
  const fromIso = valid(from) ? startOfDay(from) : undefined;
  const toIso = valid(to) ? endOfDay(to) : undefined;
  const query = useMemo<Omit<AuditArgs, 'page' | 'size'>>(
    () => ({
      actorId: values.actorId ? Number(values.actorId) : undefined,
      action: values.action || undefined,
      targetType: values.targetType || undefined,
      from: fromIso,
      to: toIso,
    }),
    [values.actorId, values.action, values.targetType, fromIso, toIso],
  );
  const audit = useGetAuditQuery({ page: table.page, size: table.pageSize, ...query }, { refetchOnMountOrArgChange: true });
  const serverExport = useMemo<ServerExport>(() => ({ path: 'audit/export', params: query, fileName: 'audit', errorMessageId: 'audit.export.error' }), [query]);
  const [details, setDetails] = useState<AuditRow | null>(null);

  const columns = useMemo<DataTableColumn<AuditRow>[]>(
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

  const rowActions = useMemo<RowAction<AuditRow>[]>(
    () => [{ key: 'details', labelId: 'audit.actions.details', icon: <InfoOutlinedIcon fontSize="small" />, onClick: setDetails }],
    [],
  );
  const { setPage } = table;
  const pick = (set: (d: Date | null) => void) => (d: Date | null) => {
    set(d);
    setPage(1);
  };

  return (
    <>
      <PageHeader titleId="audit.title" subtitle={audit.data && <FormattedMessage id="audit.count" values={{ count: audit.data.count }} />} />
      <CalendarProvider>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
          <DatePicker
            label={t('audit.filter.from')}
            value={from}
            onChange={pick(setFrom)}
            maxDate={valid(to) ? to : undefined}
            slotProps={{ field: { clearable: true }, textField: { size: 'small' } }}
          />
          <DatePicker
            label={t('audit.filter.to')}
            value={to}
            onChange={pick(setTo)}
            minDate={valid(from) ? from : undefined}
            slotProps={{ field: { clearable: true }, textField: { size: 'small' } }}
          />
        </Stack>
      </CalendarProvider>
      <DataTable<AuditRow>
        name={AUDIT_TABLE}
        rows={audit.data?.rows}
        columns={columns}
        filters={filters}
        server={{ rowCount: audit.data?.count ?? 0, serverExport }}
        loading={audit.isLoading}
        fetching={audit.isFetching}
        error={audit.error}
        onRetry={audit.refetch}
        rowActions={rowActions}
      />
      <AuditDetailsDialog row={details} onClose={() => setDetails(null)} />
    </>
  );
}
