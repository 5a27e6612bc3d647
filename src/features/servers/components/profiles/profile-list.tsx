// Tab 1 of /servers/{serverId}: the profile table (index numeric; name, protocol and operator
// alphabetical), row selection with a batch delete whose confirm states the count in the UI's
// digits, and the details / edit / delete popups of each row.
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import type { GridRowId } from '@mui/x-data-grid';
import { FormattedMessage, useIntl } from 'react-intl';
import { DataTable, type DataTableColumn, type RowAction } from '@/components/data-table';
import { useCan } from '@/lib/authorization';
import { ConfirmDialog } from '@/components/dialogs';
import { useDestroyProfileMutation, useDestroyProfilesMutation, useGetProfilesQuery } from '@/features/servers/api';
import type { Profile } from '@/features/servers/types';
import { ProfileDetailsDialog } from './profile-details-dialog';
import { ProfileEditDialog } from './profile-edit-dialog';
import { healthColumn, useProfileHealth } from '../health/profile-health-column';

type Dialog = { kind: 'details' | 'edit' | 'delete'; profile: Profile } | null;
type Batch = { ids: number[]; clear: () => void } | null;

/** `readOnly`: the server is shared for the caller, so its profiles are shown without edit or delete (features/servers/access.ts). */
export function ProfileList({ serverId, readOnly = false }: { serverId: number; readOnly?: boolean }) {
  const profiles = useGetProfilesQuery(serverId);
  // The list's arrival renders the table (the page's rows: the load's largest render).
  // The query's answer reaches this component through a store subscription, whose updates React
  // renders in one task; the table gets the rows through a deferred value instead, which React
  // renders in slices of a few milliseconds after that task (the spinner stays until then). Also
  // when the rows are already in as the list mounts (`null` first, then the rows): a store update
  // during the page's own sliced first render (the server list arriving) makes React redo that
  // render at once, in one task, and with the rows in it that was ~75 ms unthrottled of table.
  const deferred = useDeferredValue<Profile[] | null | undefined>(profiles.data, null);
  const rows = deferred ?? undefined;
  const [dialog, setDialog] = useState<Dialog>(null);
  const [batch, setBatch] = useState<Batch>(null);
  const close = useCallback(() => setDialog(null), []);
  const columns = useProfileColumns(serverId);
  const rowActions = useProfileRowActions(readOnly, setDialog);
  const batchActions = useProfileBatchActions(setBatch);

  return (
    <>
      <DataTable
        name="profiles"
        rows={rows}
        columns={columns}
        filters={PROFILE_FILTERS}
        loading={profiles.isLoading || (rows === undefined && profiles.data !== undefined)}
        fetching={profiles.isFetching}
        error={profiles.isError ? profiles.error : undefined}
        onRetry={profiles.refetch}
        indexColumn
        rowActions={rowActions}
        batchActions={readOnly ? undefined : batchActions}
        exportColumns={[
          { headerId: 'servers.profile.fields.name', value: (p) => p.name },
          { headerId: 'servers.profile.fields.protocol', value: (p) => p.protocol },
          { headerId: 'servers.profile.fields.operator', value: (p) => p.operator },
          { headerId: 'servers.profile.fields.type', value: (p) => p.type },
        ]}
      />
      <ProfileDialogs serverId={serverId} dialog={dialog} close={close} batch={batch} closeBatch={() => setBatch(null)} />
    </>
  );
}

/** Name, protocol, operator and, for the roles that read it, field health. */
function useProfileColumns(serverId: number): DataTableColumn<Profile>[] {
  const intl = useIntl();
  const health = useProfileHealth(serverId);
  return useMemo<DataTableColumn<Profile>[]>(
    () => [
      { field: 'name', headerId: 'servers.profile.fields.name', flex: 1.4, ltr: true },
      { field: 'protocol', headerId: 'servers.profile.fields.protocol', flex: 1, ltr: true },
      {
        field: 'operator',
        headerId: 'servers.profile.fields.operator',
        flex: 1,
        // sorted and exported by the label the user reads
        value: (p) => intl.formatMessage({ id: `servers.operator.${p.operator}` }),
      },
      ...(health.canRead ? [healthColumn(health.rows)] : []),
    ],
    [intl, health.canRead, health.rows],
  );
}

/** Each row's details, edit and delete (the last two hidden when `readOnly`). */
function useProfileRowActions(readOnly: boolean, setDialog: (dialog: Dialog) => void): RowAction<Profile>[] {
  return useMemo<RowAction<Profile>[]>(
    () => [
      {
        key: 'details',
        labelId: 'servers.actions.details',
        icon: <InfoOutlinedIcon fontSize="small" />,
        onClick: (p) => setDialog({ kind: 'details', profile: p }),
      },
      {
        key: 'edit',
        labelId: 'servers.actions.edit',
        icon: <EditOutlinedIcon fontSize="small" />,
        hidden: readOnly,
        onClick: (p) => setDialog({ kind: 'edit', profile: p }),
      },
      {
        key: 'delete',
        labelId: 'servers.actions.delete',
        icon: <DeleteOutlineIcon fontSize="small" />,
        color: 'error',
        hidden: readOnly,
        onClick: (p) => setDialog({ kind: 'delete', profile: p }),
      },
    ],
    [readOnly, setDialog],
  );
}

/** The batch delete button of the selected rows. */
function useProfileBatchActions(setBatch: (batch: Batch) => void) {
  return useCallback(
    (ids: GridRowId[], clear: () => void) => (
      <Button color="error" variant="outlined" startIcon={<DeleteOutlineIcon />} onClick={() => setBatch({ ids: ids.map(Number), clear })}>
        <FormattedMessage id="servers.profiles.batchDelete.button" values={{ count: ids.length }} />
      </Button>
    ),
    [setBatch],
  );
}

/** The details, edit and delete popups of a row, and the batch delete's confirm. */
function ProfileDialogs({
  serverId,
  dialog,
  close,
  batch,
  closeBatch,
}: {
  serverId: number;
  dialog: Dialog;
  close: () => void;
  batch: Batch;
  closeBatch: () => void;
}) {
  const canReveal = useCan('profiles:reveal');
  const showType = useCan('profiles:type');
  const [destroyProfile] = useDestroyProfileMutation();
  const [destroyProfiles] = useDestroyProfilesMutation();
  return (
    <>
      {dialog?.kind === 'details' && <ProfileDetailsDialog open profile={dialog.profile} canReveal={canReveal} onClose={close} />}
      {dialog?.kind === 'edit' && <ProfileEditDialog open profile={dialog.profile} showType={showType} onClose={close} />}
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        onClose={close}
        titleId="servers.profiles.delete.title"
        messageId="servers.profiles.delete.message"
        values={{ name: dialog?.kind === 'delete' ? dialog.profile.name : '' }}
        destructive
        onConfirm={() => destroyProfile({ id: (dialog as { profile: Profile }).profile.id, serverId }).unwrap()}
        successMessageId="servers.profiles.deleteProfileSuccess"
        errorMessageId="servers.profiles.deleteProfileError"
      />
      <ConfirmDialog
        open={!!batch}
        onClose={closeBatch}
        titleId="servers.profiles.batchDelete.title"
        messageId="servers.profiles.batchDelete.message"
        values={{ count: batch?.ids.length ?? 0 }}
        destructive
        onConfirm={() => destroyProfiles({ ids: batch!.ids, serverId }).unwrap()}
        onSuccess={() => batch?.clear()}
        successMessageId="servers.profiles.batchDelete.success"
        successValues={{ count: batch?.ids.length ?? 0 }}
        errorMessageId="servers.profiles.batchDelete.error"
      />
    </>
  );
}

const PROFILE_FILTERS = [
  { kind: 'search' as const, key: 'search', labelId: 'servers.profiles.search', match: (p: Profile) => [p.name, p.protocol, p.operator, p.type] },
];
