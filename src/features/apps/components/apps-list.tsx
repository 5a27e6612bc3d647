// The application list shared by /app/manage (all apps, with edit, delete and create) and
// /app/my-apps (the caller's own, without them): docs/product.md §2 "Application lists".
import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import InfoIcon from '@mui/icons-material/InfoOutlined';
import KeyIcon from '@mui/icons-material/VpnKeyOutlined';
import SettingsIcon from '@mui/icons-material/SettingsOutlined';
import DevicesIcon from '@mui/icons-material/DevicesOtherOutlined';
import { FormattedMessage } from 'react-intl';
import { DataTable, listStatus, yesNoFilter, type DataTableColumn, type DataTableFilter, type ExportColumn, type RowAction } from '@/components/data-table';
import { ConfirmDialog } from '@/components/dialogs';
import { useCurrentUser, useGetAppsQuery } from '@/lib/api';
import { useDestroyAppMutation } from '../api';
import { can } from '@/lib/authorization';
import { ApiKeyCell } from './api-key-cell';
import { AppDetailsDialog } from './app-details-dialog';
import { AppFormDialog } from './app-form-dialog';
import { RobotKeyDialog } from './robot-key-dialog';
import { StatusSwitch } from './status-switch';
import type { AppDto } from '@/contract';
import { hrefs } from '@/lib/routing';

const filters: DataTableFilter<AppDto>[] = [
  { kind: 'search', key: 'search', labelId: 'apps.list.search', match: (a) => [a.name, a.packageName, a.adminName, a.apiKey] },
  yesNoFilter({
    key: 'active',
    labelId: 'apps.list.statusFilter',
    value: (a) => a.active,
    yesLabelId: 'apps.status.active',
    noLabelId: 'apps.status.inactive',
    defaultValue: 'true',
  }),
];

const exportColumns: ExportColumn<AppDto>[] = [
  { headerId: 'apps.fields.name', value: (a) => a.name },
  { headerId: 'apps.fields.admin', value: (a) => a.adminName },
  { headerId: 'apps.fields.packageName', value: (a) => a.packageName },
  { headerId: 'apps.fields.apiKey', value: (a) => a.apiKey },
  { headerId: 'apps.fields.googlePlayLink', value: (a) => a.googlePlayLink },
];

export function AppsList({ own }: { own: boolean }) {
  const { user } = useCurrentUser();
  const query = useGetAppsQuery({ own });
  const [destroyApp] = useDestroyAppMutation();
  const manage = !own && can(user, 'apps:manage');
  const topAdmin = can(user, 'apps:robotKey');

  const [details, setDetails] = useState<AppDto | null>(null);
  const [editing, setEditing] = useState<AppDto | null>(null);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<AppDto | null>(null);
  const [robot, setRobot] = useState<AppDto | null>(null);

  const columns = useAppColumns();
  const rowActions = useAppRowActions({ manage, topAdmin, setDetails, setEditing, setRobot, setDeleting });

  return (
    <>
      <DataTable
        name={own ? 'apps-mine' : 'apps-manage'}
        rows={query.data}
        columns={columns}
        filters={filters}
        indexColumn
        {...listStatus(query)}
        rowActions={rowActions}
        exportColumns={exportColumns}
        toolbar={
          manage ? (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
              <FormattedMessage id="apps.actions.create" />
            </Button>
          ) : undefined
        }
      />
      <AppDetailsDialog app={details} onClose={() => setDetails(null)} />
      {manage && (
        <>
          <AppFormDialog open={creating} onClose={() => setCreating(false)} />
          <AppFormDialog key={editing?.id ?? 'none'} open={!!editing} app={editing ?? undefined} onClose={() => setEditing(null)} />
          <ConfirmDialog
            open={!!deleting}
            onClose={() => setDeleting(null)}
            titleId="apps.delete.title"
            messageId="apps.delete.message"
            values={{ name: deleting?.name ?? '' }}
            onConfirm={() => destroyApp(deleting!.id).unwrap()}
            successMessageId="apps.delete.success"
            errorMessageId="apps.delete.error"
            destructive
          />
        </>
      )}
      {topAdmin && <RobotKeyDialog app={robot} onClose={() => setRobot(null)} />}
    </>
  );
}

function useAppColumns() {
  // Minimum widths that leave every column beside the actions column at 1366 px with the sidebar
  // open; narrower screens scroll the grid under the pinned actions.
  return useMemo<DataTableColumn<AppDto>[]>(
    () => [
      { field: 'name', headerId: 'apps.fields.name', minWidth: 120 },
      { field: 'packageName', headerId: 'apps.fields.packageName', ltr: true, minWidth: 150 },
      { field: 'adminName', headerId: 'apps.fields.admin', minWidth: 120 },
      { field: 'apiKey', headerId: 'apps.fields.apiKey', render: (a) => <ApiKeyCell apiKey={a.apiKey} />, minWidth: 200, sortable: false },
      { field: 'active', headerId: 'apps.fields.status', render: (a) => <StatusSwitch app={a} />, width: 100, value: (a) => (a.active ? 1 : 0) },
    ],
    [],
  );
}

interface AppRowActionsOptions {
  /** Edit and delete are offered. */
  manage: boolean;
  /** The robot key is offered. */
  topAdmin: boolean;
  setDetails: (app: AppDto) => void;
  setEditing: (app: AppDto) => void;
  setRobot: (app: AppDto) => void;
  setDeleting: (app: AppDto) => void;
}

/** A row's actions; the setters open the list's dialogs (state setters, so stable). */
function useAppRowActions({ manage, topAdmin, setDetails, setEditing, setRobot, setDeleting }: AppRowActionsOptions) {
  return useMemo<RowAction<AppDto>[]>(() => {
    const labelValues = (a: AppDto) => ({ name: a.name });
    return [
      { key: 'details', labelId: 'apps.actions.details', labelValues, icon: <InfoIcon fontSize="small" />, onClick: setDetails },
      { key: 'edit', labelId: 'apps.actions.edit', labelValues, icon: <EditIcon fontSize="small" />, onClick: setEditing, hidden: !manage },
      { key: 'robotKey', labelId: 'apps.actions.robotKey', labelValues, icon: <KeyIcon fontSize="small" />, onClick: setRobot, hidden: !topAdmin },
      { key: 'settings', labelId: 'apps.actions.settings', labelValues, icon: <SettingsIcon fontSize="small" />, href: (a) => hrefs.appDetail(a.id) },
      { key: 'devices', labelId: 'apps.actions.devices', labelValues, icon: <DevicesIcon fontSize="small" />, href: (a) => hrefs.appDevices(a.id) },
      {
        key: 'delete',
        labelId: 'apps.actions.delete',
        labelValues,
        icon: <DeleteIcon fontSize="small" />,
        color: 'error',
        onClick: setDeleting,
        hidden: !manage,
      },
    ];
  }, [manage, topAdmin, setDetails, setEditing, setRobot, setDeleting]);
}
