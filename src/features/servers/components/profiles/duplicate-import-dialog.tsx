// Asked when an import's file repeats addresses this server already has (the same CSV uploaded
// twice, say): how many of its rows, then skip them (the default), import them all anyway, or
// cancel. The file is sent again with the choice.
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { FormattedMessage } from 'react-intl';
import type { ProfileImportDuplicates } from '@/contract';

export interface DuplicateCount {
  duplicates: number;
  total: number;
}

export function DuplicateImportDialog({
  count,
  busy,
  onChoose,
  onClose,
}: {
  count: DuplicateCount | null;
  busy: boolean;
  onChoose: (choice: ProfileImportDuplicates) => void;
  onClose: () => void;
}) {
  return (
    <Dialog open={!!count} onClose={busy ? undefined : onClose} aria-labelledby="duplicate-import-title" aria-describedby="duplicate-import-text">
      <DialogTitle id="duplicate-import-title">
        <FormattedMessage id="servers.import.duplicates.title" />
      </DialogTitle>
      <DialogContent>
        <DialogContentText id="duplicate-import-text">
          {count && <FormattedMessage id="servers.import.duplicates.message" values={{ count: count.duplicates, total: count.total }} />}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose} disabled={busy}>
          <FormattedMessage id="common.cancel" />
        </Button>
        <Button onClick={() => onChoose('import')} disabled={busy}>
          <FormattedMessage id="servers.import.duplicates.importAll" />
        </Button>
        <Button variant="contained" onClick={() => onChoose('skip')} disabled={busy} autoFocus>
          <FormattedMessage id="servers.import.duplicates.skip" />
        </Button>
      </DialogActions>
    </Dialog>
  );
}
