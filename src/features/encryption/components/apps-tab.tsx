// The 'Apps' tab (role_id 1 only; the server enforces it too): the application encryptor table
// with name, admin and repo name; actions to encrypt (opens the encryptor with the app chosen), set
// the repo (the server stores the five encrypted source-host URLs) and decrypt those domains. Its
// export adds the five encrypted host fields.
import { useMemo, useState } from 'react';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import LockOpenOutlinedIcon from '@mui/icons-material/LockOpenOutlined';
import SourceOutlinedIcon from '@mui/icons-material/SourceOutlined';
import { useIntl } from 'react-intl';
import { SOURCE_HOSTS, setRepoSchema, type SetRepoBody } from '@/contract';
import { DataTable, type DataTableColumn, type DataTableFilter, type ExportColumn, type RowAction } from '@/components/data-table';
import { FormDialog } from '@/components/dialogs';
import { EnglishTextField } from '@/components/form';
import { useSetRepoMutation, type EncryptionApp } from '../api';
import { DecryptDialog } from './decrypt-dialog';

export const ENCRYPTION_APPS_TABLE = 'encryptionApps';

export interface AppsTabProps {
  apps: EncryptionApp[] | undefined;
  loading: boolean;
  fetching: boolean;
  error: unknown;
  onRetry: () => void;
  onEncrypt: (appId: number) => void;
}

const filters: DataTableFilter<EncryptionApp>[] = [
  { kind: 'search', key: 'search', labelId: 'encryption.apps.search', match: (a) => [a.name, a.adminName, a.repoName] },
];

export function AppsTab({ apps, loading, fetching, error, onRetry, onEncrypt }: AppsTabProps) {
  const intl = useIntl();
  const [repoFor, setRepoFor] = useState<EncryptionApp | null>(null);
  const [decryptFor, setDecryptFor] = useState<EncryptionApp | null>(null);
  const [setRepo] = useSetRepoMutation();

  const columns = useMemo<DataTableColumn<EncryptionApp>[]>(
    () => [
      { field: 'name', headerId: 'encryption.fields.app', minWidth: 160 },
      { field: 'adminName', headerId: 'encryption.fields.admin', minWidth: 160 },
      { field: 'repoName', headerId: 'encryption.fields.repoName', ltr: true, minWidth: 180 },
    ],
    [],
  );

  const exportColumns = useMemo<ExportColumn<EncryptionApp>[]>(
    () => [
      { headerId: 'encryption.fields.app', value: (a) => a.name },
      { headerId: 'encryption.fields.admin', value: (a) => a.adminName },
      { headerId: 'encryption.fields.repoName', value: (a) => a.repoName },
      ...SOURCE_HOSTS.map((host) => ({ headerId: `encryption.hosts.${host}`, value: (a: EncryptionApp) => a[host] ?? '' })),
    ],
    [],
  );

  const rowActions = useMemo<RowAction<EncryptionApp>[]>(
    () => [
      { key: 'encrypt', labelId: 'encryption.apps.encrypt', icon: <LockOutlinedIcon fontSize="small" />, onClick: (app) => onEncrypt(app.id) },
      { key: 'setRepo', labelId: 'encryption.apps.setRepo', icon: <SourceOutlinedIcon fontSize="small" />, onClick: setRepoFor },
      { key: 'decrypt', labelId: 'encryption.apps.decrypt', icon: <LockOpenOutlinedIcon fontSize="small" />, onClick: setDecryptFor },
    ],
    [onEncrypt],
  );

  return (
    <>
      <DataTable<EncryptionApp>
        name={ENCRYPTION_APPS_TABLE}
        rows={apps}
        columns={columns}
        filters={filters}
        indexColumn
        loading={loading}
        fetching={fetching}
        error={error}
        onRetry={onRetry}
        rowActions={rowActions}
        exportColumns={exportColumns}
      />
      <FormDialog<SetRepoBody>
        key={repoFor?.id ?? 'none'}
        open={!!repoFor}
        onClose={() => setRepoFor(null)}
        titleId="encryption.setRepo.title"
        schema={setRepoSchema}
        defaultValues={{ repoName: repoFor?.repoName ?? '' }}
        successMessageId="encryption.setRepo.success"
        errorMessageId="encryption.setRepo.error"
        onSubmit={(values) => setRepo({ id: repoFor!.id, repoName: values.repoName }).unwrap()}
      >
        <EnglishTextField
          name="repoName"
          labelId="encryption.fields.repoName"
          ltr
          required
          autoFocus
          placeholder="owner/name"
          helperText={intl.formatMessage({ id: 'encryption.setRepo.hint' })}
        />
      </FormDialog>
      <DecryptDialog app={decryptFor} onClose={() => setDecryptFor(null)} />
    </>
  );
}
