// /app/devices (docs/product.md §2 "Devices"): the devices registered for the caller's apps, paged on the
// server (30 per page from page 1) with a text filter (device id, model, FCM token) and an
// application filter, and sorted on the server by the column whose header was clicked (newest first
// when none). `?appId=<id>` (the apps pages' link) presets the application filter: the list's
// controller (useServerList) reads it from the URL, so the first call already asks for that app.
// Create, details, edit and delete; every change refreshes the page through the Device tags. Edit and
// delete show only when the role holds their operation grant, and without `GET apps` the page works
// without the application filter (docs/product.md §6). Export CSV is the server's
// (GET apps/devices/export): every device of the current filters and sort, streamed with a
// progress bar, never the 30 rows shown.
import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import { FormattedMessage } from 'react-intl';
import { ConfirmDialog } from '@/components/dialogs';
import {
  ServerDataTable,
  useListParams,
  useServerList,
  type DataTableColumn,
  type DataTableFilter,
  type ListParams,
  type RowAction,
  type ServerExport,
} from '@/components/data-table';
import { PageHeader } from '@/components/layout/page-header';
import { Ltr } from '@/components/ltr';
import type { DeviceSortKey } from '@/contract';
import { formatDate } from '@/lib/i18n';
import { selectLocale, useAppSelector } from '@/lib/state';
import { useGetAppsQuery, useMissingAppOption, type AppListItem } from '@/lib/api';
import { useGrant } from '@/lib/authorization';
import { useDestroyDeviceMutation, useGetDevicesQuery, type Device, type DevicesArgs } from '../api';
import { DeviceDetailsDialog } from '../components/device-details-dialog';
import { DeviceFormDialog } from '../components/device-form-dialog';

export const DEVICES_TABLE = 'devices';
/** The filters a link may preset in the URL. */
const PRESETS = ['appId'];

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

type DevicesQuery = Omit<DevicesArgs, 'page' | 'size'>;

/** The list's query: the app, the text filter and the server's sort (the table goes back to page 1 on each change). */
const toQuery = ({ filter, sortKey, ascending }: ListParams): DevicesQuery => {
  const sort = sortKey ? SERVER_SORT[sortKey] : undefined;
  return { appId: positiveInt(filter.appId), filter: filter.filter.trim() || undefined, ...(sort && { sort, ascending }) };
};

/** The whole list of the same query, written by the server. */
const exportOf = (params: DevicesQuery): ServerExport => ({ path: 'apps/devices/export', params });

/** Long FCM tokens are cut in the middle of the table; the details popup shows them whole. */
const shorten = (value: string, max = 24) => (value.length > max ? `${value.slice(0, max)}…` : value);

/** The text filter, and the application filter unless the role cannot list apps and no app is chosen. */
function useDeviceFilters(apps: AppListItem[] | undefined, appsLoading: boolean, canListApps: boolean): DataTableFilter<Device>[] {
  const chosenAppId = positiveInt(useListParams(DEVICES_TABLE, PRESETS).filter.appId);
  // Until the apps arrive, or for an app the list lacks (another admin's), the chosen app stays
  // selectable, named by its own record or "unknown app": never a bare id.
  const missingApp = useMissingAppOption(chosenAppId, { listed: (apps ?? []).some((a) => a.id === chosenAppId), listPending: appsLoading });
  return useMemo(() => {
    const options = [...(apps ?? []).map((a) => ({ value: String(a.id), label: a.name })), ...(missingApp ? [missingApp] : [])];
    const search: DataTableFilter<Device> = { kind: 'search', key: 'filter', labelId: 'devices.filter.search' };
    if (!canListApps && chosenAppId === undefined) return [search];
    return [search, { kind: 'select', key: 'appId', labelId: 'devices.fields.app', options }];
  }, [apps, missingApp, chosenAppId, canListApps]);
}

function useDeviceColumns(): DataTableColumn<Device>[] {
  const locale = useAppSelector(selectLocale);
  return useMemo(
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
}

/** Details for everyone; edit and delete only where the role holds their operation grant. */
function useDeviceActions(open: { details: (d: Device) => void; edit: (d: Device) => void; remove: (d: Device) => void }): RowAction<Device>[] {
  const canEdit = useGrant('PUT', 'apps/updateDevice/{id}');
  const canDelete = useGrant('DELETE', 'apps/destroyDevice/{id}');
  const { details, edit, remove } = open;
  return useMemo(
    () => [
      { key: 'details', labelId: 'devices.actions.details', icon: <InfoOutlinedIcon fontSize="small" />, onClick: details },
      { key: 'edit', labelId: 'devices.actions.edit', icon: <EditOutlinedIcon fontSize="small" />, onClick: edit, hidden: !canEdit },
      { key: 'delete', labelId: 'devices.actions.delete', icon: <DeleteOutlineIcon fontSize="small" />, color: 'error', onClick: remove, hidden: !canDelete },
    ],
    [details, edit, remove, canEdit, canDelete],
  );
}

export default function DevicesPage() {
  const canListApps = useGrant('GET', 'apps');
  const canExport = useGrant('GET', 'apps/devices/export');
  const apps = useGetAppsQuery(undefined, { skip: !canListApps });
  const filters = useDeviceFilters(apps.data, apps.isLoading, canListApps);
  const columns = useDeviceColumns();
  const list = useServerList({
    name: DEVICES_TABLE,
    columns,
    filters,
    indexColumn: true,
    presets: PRESETS,
    toQuery,
    useQuery: useGetDevicesQuery,
    serverExport: canExport ? exportOf : undefined,
  });

  const [details, setDetails] = useState<Device | null>(null);
  const [editing, setEditing] = useState<Device | null>(null);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Device | null>(null);
  const [destroyDevice] = useDestroyDeviceMutation();
  const rowActions = useDeviceActions({ details: setDetails, edit: setEditing, remove: setDeleting });

  const appOptions = apps.data ?? [];
  const page = list.result.data;
  return (
    <>
      <PageHeader
        titleId="devices.title"
        subtitle={page && <FormattedMessage id={page.countEstimated ? 'devices.countEstimated' : 'devices.count'} values={{ count: page.count }} />}
      />
      <ServerDataTable
        list={list}
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
        defaultAppId={list.query.appId}
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
