// The server lists of docs/product.md §2: all servers (/servers/manage) and the app admin's own
// (/servers/my-servers). Columns index, applications, location (flag + code), server name (ip) and
// actions; a search over name and applications, an application filter, batch delete and create.
import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import ListAltOutlinedIcon from '@mui/icons-material/ListAltOutlined';
import { FormattedMessage } from 'react-intl';
import type { GridRowId } from '@mui/x-data-grid';
import { DataTable, useTableState, type DataTableColumn, type DataTableFilter, type RowAction } from '@/components/data-table';
import { ConfirmDialog } from '@/components/dialogs';
import { PageHeader } from '@/components/layout/page-header';
import { Ltr } from '@/components/ltr';
import { countryName, formatNameList } from '@/lib/i18n';
import { selectLocale, useAppSelector } from '@/lib/state';
import { useGetAppsQuery, useMissingAppOption } from '@/lib/api';
import { useDestroyServersMutation, useGetServersQuery, type ServersScope } from '../api';
import type { Server } from '../types';
import { Flag } from '@/components/country';
import { ServerDeleteDialog } from './server-delete-dialog';
import { useMayChangeServer } from '../access';
import { ServerDetailsDialog } from './server-details-dialog';
import { ServerFormDialog } from './server-form-dialog';
import { hrefs } from '@/lib/routing';
import { serverHealthColumn, useServerHealth } from './health/server-health-column';

type Dialog = { kind: 'create' } | { kind: 'edit' | 'details' | 'delete'; server: Server } | null;
type Batch = { ids: number[]; clear: () => void } | null;

export function ServerList({ scope, titleId }: { scope: ServersScope; titleId: string }) {
  const servers = useGetServersQuery(scope);
  const apps = useGetAppsQuery({ own: scope === 'mine' });
  const [dialog, setDialog] = useState<Dialog>(null);
  const [batch, setBatch] = useState<Batch>(null);
  const close = useCallback(() => setDialog(null), []);
  const tableName = scope === 'mine' ? 'myServers' : 'servers';
  const filters = useServerFilters(tableName, apps.data, servers.data, apps.isLoading || servers.isLoading);
  const columns = useServerColumns();
  const rowActions = useServerRowActions(setDialog);
  const batchActions = useServerBatchActions(setBatch);

  return (
    <Box>
      <PageHeader titleId={titleId} />
      <DataTable
        name={tableName}
        rows={servers.data}
        columns={columns}
        filters={filters}
        loading={servers.isLoading}
        fetching={servers.isFetching}
        error={servers.isError ? servers.error : undefined}
        onRetry={servers.refetch}
        indexColumn
        rowActions={rowActions}
        batchActions={batchActions}
        exportColumns={[
          { headerId: 'servers.fields.apps', value: (s) => s.apps.map((a) => a.app.name).join(', ') },
          { headerId: 'servers.fields.location', value: (s) => s.location.code },
          { headerId: 'servers.fields.ip', value: (s) => s.ip },
          { headerId: 'servers.fields.port', value: (s) => s.port },
        ]}
        toolbar={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ kind: 'create' })}>
            <FormattedMessage id="servers.create.button" />
          </Button>
        }
      />
      <ServerDialogs scope={scope} servers={servers.data ?? []} dialog={dialog} close={close} batch={batch} closeBatch={() => setBatch(null)} />
    </Box>
  );
}

/** The search over name and applications, and the application filter. */
function useServerFilters(
  tableName: string,
  apps: readonly { id: number; name: string }[] | undefined,
  servers: readonly Server[] | undefined,
  listPending: boolean,
): DataTableFilter<Server>[] {
  // The application filter offers the apps the caller may use, plus any app present in the rows.
  const appOptions = useMemo(() => {
    const byId = new Map<number, string>();
    for (const app of apps ?? []) byId.set(app.id, app.name);
    for (const server of servers ?? []) for (const { app } of server.apps) if (!byId.has(app.id)) byId.set(app.id, app.name);
    return [...byId].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
  }, [apps, servers]);
  // A remembered choice of an app neither list holds (another admin's, or one since deleted) is
  // named by its own record, or "unknown app": never left blank or shown as a bare id.
  const chosen = Number(useTableState(tableName).filter.appId);
  const chosenAppId = Number.isInteger(chosen) && chosen > 0 ? chosen : undefined;
  const missingApp = useMissingAppOption(chosenAppId, { listed: appOptions.some((a) => a.id === chosenAppId), listPending });

  return useMemo<DataTableFilter<Server>[]>(
    () => [
      { kind: 'search', key: 'search', labelId: 'servers.list.search', match: (s) => [s.ip, ...s.apps.map((a) => a.app.name)] },
      {
        kind: 'select',
        key: 'appId',
        labelId: 'servers.list.appFilter',
        options: [...appOptions.map((a) => ({ value: String(a.id), label: a.name })), ...(missingApp ? [missingApp] : [])],
        test: (s, value) => s.apps.some((a) => String(a.app.id) === value),
      },
    ],
    [appOptions, missingApp],
  );
}

/** Applications (chips), location (flag + code), server name (ip) and, for the roles that read it, field health. */
function useServerColumns(): DataTableColumn<Server>[] {
  const locale = useAppSelector(selectLocale);
  const health = useServerHealth();
  return useMemo<DataTableColumn<Server>[]>(
    () => [
      {
        field: 'apps',
        headerId: 'servers.fields.apps',
        flex: 1.4,
        minWidth: 180,
        value: (s) =>
          formatNameList(
            s.apps.map((a) => a.app.name),
            locale,
            false,
          ),
        render: (s) => (
          <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', height: '100%' }}>
            {s.apps.map(({ app }) => (
              <Chip key={app.id} size="small" label={<bdi>{app.name}</bdi>} />
            ))}
          </Stack>
        ),
      },
      {
        field: 'location',
        headerId: 'servers.fields.location',
        width: 150,
        value: (s) => s.location.code,
        render: (s) => (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', height: '100%' }} title={countryName(s.location, locale)}>
            <Flag url={s.flagUrl} />
            <Ltr>{s.location.code}</Ltr>
          </Stack>
        ),
      },
      { field: 'ip', headerId: 'servers.fields.ip', flex: 1.2, minWidth: 160, ltr: true },
      ...(health ? [serverHealthColumn(health)] : []),
    ],
    [locale, health],
  );
}

/** Each row's details, profiles, edit and delete. */
function useServerRowActions(setDialog: (dialog: Dialog) => void): RowAction<Server>[] {
  const navigate = useNavigate();
  const mayChange = useMayChangeServer();
  return useMemo<RowAction<Server>[]>(
    () => [
      {
        key: 'details',
        labelId: 'servers.actions.details',
        icon: <InfoOutlinedIcon fontSize="small" />,
        onClick: (s) => setDialog({ kind: 'details', server: s }),
      },
      {
        key: 'profiles',
        labelId: 'servers.actions.profiles',
        icon: <ListAltOutlinedIcon fontSize="small" />,
        onClick: (s) => navigate(hrefs.serverProfiles(s.id)),
      },
      // A server shared for the caller: its fields are not theirs to change; the delete action offers the unlink.
      {
        key: 'edit',
        labelId: 'servers.actions.edit',
        icon: <EditOutlinedIcon fontSize="small" />,
        hidden: (s) => !mayChange(s),
        onClick: (s) => setDialog({ kind: 'edit', server: s }),
      },
      {
        key: 'delete',
        labelId: 'servers.actions.delete',
        icon: <DeleteOutlineIcon fontSize="small" />,
        color: 'error',
        onClick: (s) => setDialog({ kind: 'delete', server: s }),
      },
    ],
    [navigate, mayChange, setDialog],
  );
}

/** The batch delete button of the selected rows. */
function useServerBatchActions(setBatch: (batch: Batch) => void) {
  return useCallback(
    (ids: GridRowId[], clear: () => void) => (
      <Button color="error" variant="outlined" startIcon={<DeleteOutlineIcon />} onClick={() => setBatch({ ids: ids.map(Number), clear })}>
        <FormattedMessage id="servers.batchDelete.button" values={{ count: ids.length }} />
      </Button>
    ),
    [setBatch],
  );
}

/** The create / edit, details and delete popups of a row, and the batch delete's confirm. */
function ServerDialogs({
  scope,
  servers,
  dialog,
  close,
  batch,
  closeBatch,
}: {
  scope: ServersScope;
  servers: Server[];
  dialog: Dialog;
  close: () => void;
  batch: Batch;
  closeBatch: () => void;
}) {
  const [destroyServers] = useDestroyServersMutation();
  return (
    <>
      {(dialog?.kind === 'create' || dialog?.kind === 'edit') && (
        <ServerFormDialog open onClose={close} server={dialog.kind === 'edit' ? dialog.server : undefined} scope={scope} servers={servers} />
      )}
      {dialog?.kind === 'details' && <ServerDetailsDialog open server={dialog.server} onClose={close} />}
      <ServerDeleteDialog server={dialog?.kind === 'delete' ? dialog.server : null} onClose={close} />
      <ConfirmDialog
        open={!!batch}
        onClose={closeBatch}
        titleId="servers.batchDelete.title"
        messageId="servers.batchDelete.message"
        values={{ count: batch?.ids.length ?? 0 }}
        destructive
        onConfirm={() => destroyServers(batch!.ids).unwrap()}
        onSuccess={() => batch?.clear()}
        successMessageId="servers.batchDelete.success"
        errorMessageId="servers.batchDelete.error"
      />
    </>
  );
}
