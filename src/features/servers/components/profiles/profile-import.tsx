// Tab 2 of /servers/{serverId}: the CSV batch import. Guide texts (docs/product.md §5), the sample file
// (public/sample-profiles.csv), an operator for the imported rows (default others), a file chooser
// with the chosen name, and an upload button with a progress bar while the multipart call runs
// (the shared base query sends FormData with the JWT header). No file: selectFileFirst and no call.
// A refused file lists its failing rows by number with their translated reasons: the server names
// the first of them (at most 100 errors), and the list ends with how many more rows failed. A file
// repeating addresses the server already has asks first (DuplicateImportDialog), with their count.
import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { FormattedMessage, useIntl } from 'react-intl';
import { ERROR_CODES, V, type Operator, type ProfileImportDuplicates } from '@/contract';
import { isApiError } from '@/lib/api';
import { useNotify } from '@/lib/state';
import { Ltr } from '@/components/ltr';
import { useImportProfilesMutation } from '@/features/servers/api';
import { reasonText } from '@/features/servers/reasons';
import type { CsvRowError } from '@/features/servers/types';
import { operatorOptions } from './profile-fields';
import { DuplicateImportDialog, type DuplicateCount } from './duplicate-import-dialog';

export const SAMPLE_CSV_PATH = '/sample-profiles.csv';

/** Failing rows the server counted (`failedRows`) but did not list. */
const moreRows = (rows: readonly CsvRowError[], failedRows: number | undefined): number =>
  Math.max(0, (failedRows ?? 0) - new Set(rows.filter((r) => r.row > 0).map((r) => r.row)).size);
const GUIDE = ['name', 'protocol', 'address', 'type', 'columns'] as const;

type Problem = { reason?: string; rows: CsvRowError[]; more: number };

export function ProfileImport({ serverId }: { serverId: number }) {
  const intl = useIntl();
  const { input, file, setFile, operator, setOperator, problem, setProblem, duplicate, setDuplicate, isLoading, upload } = useProfileUpload(serverId);

  return (
    <Stack spacing={2} sx={{ maxWidth: 880 }}>
      <ImportGuide />

      <Paper variant="outlined" sx={{ p: 3 }}>
        <Stack spacing={2}>
          <OperatorSelect value={operator} onChange={setOperator} />
          <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            {/* A real button that opens the hidden file input: a <label> with role="button" is not an allowed role (axe). */}
            <Button variant="outlined" startIcon={<AttachFileIcon />} disabled={isLoading} onClick={() => input.current?.click()}>
              <FormattedMessage id="servers.import.choose" />
            </Button>
            <input
              ref={input}
              hidden
              type="file"
              accept=".csv,text/csv"
              data-testid="csv-input"
              aria-label={intl.formatMessage({ id: 'servers.import.choose' })}
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                setProblem(null);
              }}
            />
            <Typography variant="body2" color={file ? 'text.primary' : 'text.secondary'} data-testid="csv-file-name">
              {file ? <Ltr>{file.name}</Ltr> : <FormattedMessage id="servers.import.noFile" />}
            </Typography>
            <Box sx={{ flexGrow: 1 }} />
            <Button variant="contained" startIcon={<UploadFileIcon />} onClick={() => void upload()} disabled={isLoading}>
              <FormattedMessage id={isLoading ? 'servers.import.uploading' : 'servers.import.upload'} />
            </Button>
          </Stack>
          {isLoading && <LinearProgress aria-label={intl.formatMessage({ id: 'servers.import.uploading' })} />}
          {problem && <ImportProblem problem={problem} />}
        </Stack>
      </Paper>
      <DuplicateImportDialog count={duplicate} busy={isLoading} onChoose={(choice) => void upload(choice)} onClose={() => setDuplicate(null)} />
    </Stack>
  );
}

/** The chosen file, the operator of its rows, the refused file's problem or the duplicates' question, and the upload. */
function useProfileUpload(serverId: number) {
  const notify = useNotify();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [operator, setOperator] = useState<Operator>('others');
  const [problem, setProblem] = useState<Problem | null>(null);
  const [duplicate, setDuplicate] = useState<DuplicateCount | null>(null);
  const [importProfiles, { isLoading }] = useImportProfilesMutation();

  const upload = async (duplicates?: ProfileImportDuplicates) => {
    if (!file) {
      notify.error(V.selectFileFirst);
      return;
    }
    setProblem(null);
    try {
      const result = await importProfiles({ serverId, operator, file, duplicates }).unwrap();
      const skipped = result.data?.skipped ?? 0;
      notify.success(skipped ? 'servers.import.uploadSuccessSkipped' : 'servers.import.uploadSuccess', { count: result.data?.inserted ?? 0, skipped });
      setDuplicate(null);
      setFile(null);
      if (input.current) input.current.value = '';
    } catch (error) {
      setDuplicate(null);
      if (isApiError(error) && error.code === ERROR_CODES.duplicateProfiles && error.duplicateRows) {
        setDuplicate({ duplicates: error.duplicateRows, total: error.importRows ?? error.duplicateRows });
        return;
      }
      notify.error('servers.import.uploadError');
      if (isApiError(error)) setProblem({ reason: error.errors?.csvFile, rows: error.rows ?? [], more: moreRows(error.rows ?? [], error.failedRows) });
    }
  };
  return { input, file, setFile, operator, setOperator, problem, setProblem, duplicate, setDuplicate, isLoading, upload };
}

/** The guide texts and the sample file. */
function ImportGuide() {
  return (
    <Paper variant="outlined" sx={{ p: 3 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        <FormattedMessage id="servers.import.guide.title" />
      </Typography>
      <List dense sx={{ listStyle: 'disc', paddingInlineStart: 3 }}>
        {GUIDE.map((key) => (
          <ListItem key={key} sx={{ display: 'list-item', py: 0.25 }}>
            <FormattedMessage id={`servers.import.guide.${key}`} values={{ code: (chunks) => <Ltr>{chunks}</Ltr> }} />
          </ListItem>
        ))}
      </List>
      <Link href={SAMPLE_CSV_PATH} download sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mt: 1 }}>
        <FileDownloadOutlinedIcon fontSize="small" />
        <FormattedMessage id="servers.import.sample" />
      </Link>
    </Paper>
  );
}

/** The operator of the imported rows. */
function OperatorSelect({ value, onChange }: { value: Operator; onChange: (operator: Operator) => void }) {
  const intl = useIntl();
  return (
    <TextField
      select
      label={intl.formatMessage({ id: 'servers.import.operator' })}
      value={value}
      onChange={(e) => onChange(e.target.value as Operator)}
      helperText={intl.formatMessage({ id: 'servers.import.operatorHint' })}
      sx={{ maxWidth: 320 }}
    >
      {operatorOptions.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {intl.formatMessage({ id: o.labelId })}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A refused file: the file's reason, or its failing rows by number with their reasons and how many more failed. */
function ImportProblem({ problem }: { problem: Problem }) {
  const intl = useIntl();
  return (
    <Alert severity="error" role="alert">
      <AlertTitle>
        <FormattedMessage id="servers.import.failedTitle" />
      </AlertTitle>
      {problem.rows.length === 0 && reasonText(intl, problem.reason)}
      {problem.rows.length > 0 && (
        <Box component="ul" sx={{ m: 0, paddingInlineStart: 2.5, maxHeight: 260, overflow: 'auto' }} data-testid="csv-row-errors">
          {problem.rows.map((r, i) => (
            <li key={`${r.row}-${r.field ?? ''}-${i}`}>
              {r.row === 0 ? (
                <FormattedMessage id="servers.import.fileError" values={{ reason: reasonText(intl, r.reason) }} />
              ) : (
                <FormattedMessage
                  id={r.field ? 'servers.import.rowFieldError' : 'servers.import.rowError'}
                  values={{
                    row: r.row,
                    field: r.field ? intl.formatMessage({ id: `servers.import.column.${r.field}` }) : '',
                    reason: reasonText(intl, r.reason),
                  }}
                />
              )}
            </li>
          ))}
        </Box>
      )}
      {problem.more > 0 && (
        <Typography variant="body2" sx={{ mt: 1 }} data-testid="csv-more-rows">
          <FormattedMessage id="servers.import.moreRows" values={{ count: problem.more }} />
        </Typography>
      )}
    </Alert>
  );
}
