// Tab 3 of /app/{appId}: the block list (docs/product.md §2), with three sub-tabs: block a new version (a
// choice of the active versions), the active versions and the blocked ones. Deleting uses the path
// of the version's state: apps/version/{id} for an active one, apps/versionBlock/{id} for a blocked one.
// Each version shows how many devices report it (devicesCount, counted by the server: same app,
// same version number), and blocking first asks, saying how many devices will be told to update.
// The form offers only recorded (active) versions, so the list always knows the chosen one's count.
import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import BlockIcon from '@mui/icons-material/Block';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
import { DataTable, type DataTableColumn, type RowAction } from '@/components/data-table';
import { ConfirmDialog } from '@/components/dialogs';
import { ErrorState } from '@/components/feedback/error-state';
import { LoadingState } from '@/components/feedback/loading-state';
import { Form, SelectField } from '@/components/form';
import { blockVersionSchema, type BlockVersionBody, type VersionDto } from '@/contract';
import { useBlockVersionMutation, useDeleteVersionMutation, useGetVersionsQuery } from '../api';

type SubTab = 'block' | 'active' | 'blocked';

const columns: DataTableColumn<VersionDto>[] = [
  { field: 'app', headerId: 'apps.versions.appName', value: (v) => v.app.name },
  // a version code is a number the panel shows: locale digits, no grouping (the table formats numeric cells)
  { field: 'appVersion', headerId: 'apps.versions.version', numeric: true },
  // a count of devices, grouped like every count (۱٬۲۳۴)
  { field: 'devicesCount', headerId: 'apps.versions.devicesCount', numeric: true, render: (v) => <FormattedNumber value={v.devicesCount} /> },
];

/** The version chosen for blocking, while the confirm is open; `reset` clears the form after it succeeds. */
interface PendingBlock {
  body: BlockVersionBody;
  devicesCount: number;
  reset: () => void;
}

function BlockNewVersion({ appId, active }: { appId: number; active: readonly VersionDto[] }) {
  const [block] = useBlockVersionMutation();
  const [pending, setPending] = useState<PendingBlock | null>(null);
  const intl = useIntl();
  const options = active.map((v) => ({ value: v.appVersion, label: intl.formatNumber(v.appVersion, { useGrouping: false }) }));
  const defaultValues = { appId, appVersion: '' as unknown as number };
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Form<BlockVersionBody>
        schema={blockVersionSchema}
        defaultValues={defaultValues}
        onSubmit={(body, form) =>
          setPending({
            body,
            // A version the list does not hold has no devices reporting it yet.
            devicesCount: active.find((v) => v.appVersion === body.appVersion)?.devicesCount ?? 0,
            reset: () => form.reset(defaultValues),
          })
        }
      >
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
          <Box sx={{ minWidth: 240, flex: { sm: '0 1 320px' } }}>
            <SelectField
              name="appVersion"
              labelId="apps.versions.select"
              options={options}
              helperText={options.length ? undefined : <FormattedMessage id="apps.versions.noneActive" />}
            />
          </Box>
          <Button type="submit" variant="contained" color="warning" startIcon={<BlockIcon />} sx={{ minHeight: 56 }}>
            <FormattedMessage id="apps.versions.block" />
          </Button>
        </Stack>
      </Form>
      <ConfirmDialog
        open={!!pending}
        onClose={() => setPending(null)}
        titleId="apps.versions.blockTitle"
        messageId="apps.versions.blockMessage"
        values={{ version: pending?.body.appVersion ?? 0, count: pending?.devicesCount ?? 0 }}
        onConfirm={() => block(pending!.body).unwrap()}
        onSuccess={() => pending?.reset()}
        confirmLabelId="apps.versions.block"
        successMessageId="apps.versions.blockSuccess"
        errorMessageId="apps.versions.blockError"
        destructive
      />
    </Paper>
  );
}

function VersionList({ name, rows, blocked, fetching }: { name: string; rows: readonly VersionDto[]; blocked: boolean; fetching: boolean }) {
  const [deleting, setDeleting] = useState<VersionDto | null>(null);
  const [remove] = useDeleteVersionMutation();
  const rowActions = useMemo<RowAction<VersionDto>[]>(
    () => [
      {
        key: 'delete',
        labelId: 'apps.versions.delete',
        labelValues: (v) => ({ version: v.appVersion }),
        icon: <DeleteIcon fontSize="small" />,
        color: 'error',
        onClick: setDeleting,
      },
    ],
    [],
  );
  return (
    <>
      <DataTable name={name} rows={rows} columns={columns} indexColumn fetching={fetching} exportColumns={false} rowActions={rowActions} />
      <ConfirmDialog
        open={!!deleting}
        onClose={() => setDeleting(null)}
        titleId="apps.versions.deleteTitle"
        messageId="apps.versions.deleteMessage"
        values={{ version: deleting?.appVersion ?? '' }}
        onConfirm={() => remove({ id: deleting!.id, blocked }).unwrap()}
        successMessageId="apps.versions.deleteSuccess"
        errorMessageId="apps.versions.deleteError"
        destructive
      />
    </>
  );
}

export function VersionsTab({ appId }: { appId: number }) {
  const intl = useIntl();
  const [tab, setTab] = useState<SubTab>('block');
  const query = useGetVersionsQuery(appId);
  const [active, blocked] = useMemo(() => {
    const all = query.data ?? [];
    return [all.filter((v) => v.status), all.filter((v) => !v.status)];
  }, [query.data]);

  let body;
  if (query.isError && !query.data) body = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  else if (!query.data) body = <LoadingState />;
  else if (tab === 'block') body = <BlockNewVersion appId={appId} active={active} />;
  else if (tab === 'active') body = <VersionList key="active" name="apps-versions-active" rows={active} blocked={false} fetching={query.isFetching} />;
  else body = <VersionList key="blocked" name="apps-versions-blocked" rows={blocked} blocked fetching={query.isFetching} />;

  return (
    <Stack spacing={2}>
      <Tabs
        value={tab}
        onChange={(_e, v: SubTab) => setTab(v)}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={intl.formatMessage({ id: 'apps.versions.tabs' })}
      >
        <Tab value="block" label={<FormattedMessage id="apps.versions.tabBlock" />} />
        <Tab value="active" label={<TabLabel id="apps.versions.tabActive" count={query.data ? active.length : undefined} />} />
        <Tab value="blocked" label={<TabLabel id="apps.versions.tabBlocked" count={query.data ? blocked.length : undefined} />} />
      </Tabs>
      {body}
    </Stack>
  );
}

function TabLabel({ id, count }: { id: string; count?: number }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <FormattedMessage id={id} />
      {count !== undefined && (
        <Typography component="span" variant="caption" sx={{ px: 0.75, borderRadius: 1, bgcolor: 'action.selected' }}>
          <FormattedMessage id="apps.versions.count" values={{ count }} />
        </Typography>
      )}
    </Stack>
  );
}
