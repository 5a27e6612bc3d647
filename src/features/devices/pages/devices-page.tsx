// /app/devices (docs/product.md §2 "Devices"): the devices registered for the caller's apps, paged on the
// server (30 per page from page 1) with a text filter (device id, model, FCM token) and an
// application filter, and sorted on the server by the column whose header was clicked (newest first
// when none). `?appId=<id>` (the apps pages' link) presets the application filter.
// Create, details, edit and delete; every change refreshes the page through the Device tags. Edit and
// delete show only when the role holds their operation grant, and without `GET apps` the page works
// without the application filter (docs/product.md §6). Export CSV is the server's
// (GET apps/devices/export): every device of the current filters and sort, streamed with a
// progress bar, never the 30 rows shown.
import { useEffect, useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import { FormattedMessage } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import { ConfirmDialog } from '@/components/dialogs';
import {
  DataTable,
  useTableFilters,
  useTableState,
  type DataTableColumn,
  type DataTableFilter,
  type RowAction,
  type ServerExport,
} from '@/components/data-table';
import { PageHeader } from '@/components/layout/page-header';
import { Ltr } from '@/components/ltr';
import type { DeviceSortKey } from '@/contract';
import { formatDate } from '@/lib/i18n';
import { selectLocale, useAppSelector } from '@/lib/state';
import { useGetAppsQuery, useMissingAppOption } from '@/lib/api';
import { useGrant } from '@/lib/authorization';
import { useDestroyDeviceMutation, useGetDevicesQuery, type Device } from '../api';
import { DeviceDetailsDialog } from '../components/device-details-dialog';
import { DeviceFormDialog } from '../components/device-form-dialog';

export const DEVICES_TABLE = 'devices';

/**
 * The server's order for each sortable column (DEVICE_SORT_KEYS): registration time is the id
 * order. The app and FCM token columns cannot be sorted (see the contract); a stored sort key that
 * is not here (the row-number column's) asks for the default order.
 */
const SERVER_SORT: Readonly<Partial<Record<string, DeviceSortKey>>> = {
  createdAt: 'id',
  model: 'model',
  uniqueDeviceId: 'uniqueDeviceId',
  appVersionCode: 'appVersionCode',
};

const positiveInt = (value: string | null | undefined): number | undefined => {
  const n = Number(value);
  return value && Number.isInteger(n) && n > 0 ? n : undefined;
};

/** Long FCM tokens are cut in the middle of the table; the details popup shows them whole. */
const shorten = (value: string, max = 24) => (value.length > max ? `${value.slice(0, max)}…` : value);

export default function DevicesPage() {
  const locale = useAppSelector(selectLocale);
  const table = useTableState(DEVICES_TABLE);
  const [searchParams] = useSearchParams();
  const presetAppId = positiveInt(searchParams.get('appId'));
  const canListApps = useGrant('GET', 'apps');
  const canEdit = useGrant('PUT', 'apps/updateDevice/{id}');
  const canDelete = useGrant('DELETE', 'apps/destroyDevice/{id}');
  const canExport = useGrant('GET', 'apps/devices/export');
  const apps = useGetAppsQuery(undefined, { skip: !canListApps });

  const chosenAppId = positiveInt(table.filter.appId) ?? presetAppId;
  // Until the apps arrive, or for an app the list lacks (another admin's), the chosen app stays
  // selectable, named by its own record or "unknown app": never a bare id.
  const missingApp = useMissingAppOption(chosenAppId, {
    listed: (apps.data ?? []).some((a) => a.id === chosenAppId),
    listPending: apps.isLoading,
  });
  const filters = useMemo<DataTableFilter<Device>[]>(() => {
    const options = [...(apps.data ?? []).map((a) => ({ value: String(a.id), label: a.name })), ...(missingApp ? [missingApp] : [])];
    const search: DataTableFilter<Device> = { kind: 'search', key: 'filter', labelId: 'devices.filter.search' };
    if (!canListApps && chosenAppId === undefined) return [search];
    return [search, { kind: 'select', key: 'appId', labelId: 'devices.fields.app', options }];
  }, [apps.data, missingApp, chosenAppId, canListApps]);
  const values = useTableFilters(DEVICES_TABLE, filters);
  const appId = positiveInt(values.appId);

  // The link's app wins over the remembered filter; the list waits for it, so it loads once.
  const presetPending = presetAppId !== undefined && appId !== presetAppId;
  const { setFilter } = table;
  useEffect(() => {
    if (presetAppId !== undefined) setFilter('appId', String(presetAppId));
  }, [presetAppId, setFilter]);

  const filterText = values.filter.trim();
  // The table state goes back to page 1 when the sort changes (tables slice), as for a filter.
  const sort = table.sortKey ? SERVER_SORT[table.sortKey] : undefined;
  const ascending = table.ascending;
  const listQuery = useMemo(() => ({ appId, filter: filterText || undefined, ...(sort && { sort, ascending }) }), [appId, filterText, sort, ascending]);
  const devices = useGetDevicesQuery({ page: table.page, size: table.pageSize, ...listQuery }, { skip: presetPending });
  // The whole list of the same query, written by the server.
  const serverExport = useMemo<ServerExport | undefined>(
    () => (canExport ? { path: 'apps/devices/export', params: listQuery } : undefined),
    [canExport, listQuery],
  );

  const [details, setDetails] = useState<Device | null>(null);
  const [editing, setEditing] = useState<Device | null>(null);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Device | null>(null);
  const [destroyDevice] = useDestroyDeviceMutation();

  const columns = useMemo<DataTableColumn<Device>[]>(
    () => [
      { field: 'app', headerId: 'devices.fields.app', value: (d) => d.app.name, sortable: false, minWidth: 140 },
      { field: 'model', headerId: 'devices.fields.model', ltr: true, minWidth: 120 },
      { field: 'uniqueDeviceId', headerId: 'devices.fields.uniqueDeviceId', ltr: true, minWidth: 160 },
      {
        field: 'fcmToken',
        headerId: 'devices.fields.fcmToken',
        sortable: false,
        minWidth: 180,
        render: (d) => (d.fcmToken ? <Ltr>{shorten(d.fcmToken)}</Ltr> : '—'),
      },
      { field: 'appVersionCode', headerId: 'devices.fields.appVersionCode', numeric: true, width: 110 },
      {
        field: 'createdAt',
        headerId: 'devices.fields.createdAt',
        minWidth: 140,
        value: (d) => formatDate(d.createdAt, locale, { dateStyle: 'medium' }),
      },
    ],
    [locale],
  );

  const rowActions = useMemo<RowAction<Device>[]>(
    () => [
      { key: 'details', labelId: 'devices.actions.details', icon: <InfoOutlinedIcon fontSize="small" />, onClick: setDetails },
      { key: 'edit', labelId: 'devices.actions.edit', icon: <EditOutlinedIcon fontSize="small" />, onClick: setEditing, hidden: !canEdit },
      {
        key: 'delete',
        labelId: 'devices.actions.delete',
        icon: <DeleteOutlineIcon fontSize="small" />,
        color: 'error',
        onClick: setDeleting,
        hidden: !canDelete,
      },
    ],
    [canEdit, canDelete],
  );

  const appOptions = apps.data ?? [];
  const count = devices.data?.count ?? 0;
  return (
    <>
      <PageHeader
        titleId="devices.title"
        subtitle={devices.data && <FormattedMessage id={devices.data.countEstimated ? 'devices.countEstimated' : 'devices.count'} values={{ count }} />}
      />
      <DataTable<Device>
        name={DEVICES_TABLE}
        rows={devices.data?.rows}
        columns={columns}
        filters={filters}
        server={{ rowCount: count, serverExport }}
        indexColumn
        loading={devices.isLoading || presetPending}
        fetching={devices.isFetching}
        error={devices.error}
        onRetry={devices.refetch}
        rowActions={rowActions}
        toolbar={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)} disabled={!appOptions.length}>
            <FormattedMessage id="devices.create.button" />
          </Button>
        }
      />
      <DeviceDetailsDialog device={details} onClose={() => setDetails(null)} />
      <DeviceFormDialog
        open={creating || !!editing}
        device={editing}
        apps={appOptions}
        defaultAppId={appId}
        onClose={() => {
          setCreating(false);
          setEditing(null);
        }}
      />
      <ConfirmDialog
        open={!!deleting}
        onClose={() => setDeleting(null)}
        titleId="devices.delete.title"
        messageId="devices.delete.confirm"
        values={{ id: deleting?.uniqueDeviceId ?? '' }}
        destructive
        onConfirm={() => destroyDevice(deleting!.id).unwrap()}
        successMessageId="devices.delete.success"
        errorMessageId="devices.delete.error"
      />
    </>
  );
}
