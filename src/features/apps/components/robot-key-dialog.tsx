// Generate a robot API key (docs/product.md §4 "Robot API key", role_id 1): confirm, then show the key ONCE
// with a notice and a copy button. Only its hash stays on the server.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import ContentCopyIcon from '@mui/icons-material/ContentCopyOutlined';
import { FormattedMessage } from 'react-intl';
import { ConfirmDialog } from '@/components/dialogs';
import { useGenerateRobotApiKeyMutation } from '../api';
import { useCopy } from '@/lib/clipboard';
import type { AppDto } from '@/contract';

export function RobotKeyDialog({ app, onClose }: { app: AppDto | null; onClose: () => void }) {
  const [generate] = useGenerateRobotApiKeyMutation();
  const [key, setKey] = useState<string | null>(null);
  const copy = useCopy();
  const close = () => {
    setKey(null);
    onClose();
  };

  return (
    <>
      <ConfirmDialog
        open={!!app && key === null}
        onClose={close}
        titleId="apps.robotKey.confirmTitle"
        messageId={app?.hasRobotApiKey ? 'apps.robotKey.confirmReplace' : 'apps.robotKey.confirmMessage'}
        values={{ name: app?.name ?? '' }}
        onConfirm={() => generate(app!.id).unwrap()}
        onSuccess={(result) => setKey(result as string)}
        errorMessageId="apps.robotKey.error"
      />
      <Dialog open={key !== null} onClose={close} maxWidth="sm" fullWidth aria-labelledby="robot-key-title">
        <DialogTitle id="robot-key-title">
          <FormattedMessage id="apps.robotKey.resultTitle" />
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <Alert severity="warning">
              <FormattedMessage id="apps.robotKey.notice" />
            </Alert>
            <Paper variant="outlined" sx={{ p: 1.5, fontFamily: 'monospace', overflowWrap: 'anywhere' }} dir="ltr" data-testid="robot-api-key">
              {key}
            </Paper>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button startIcon={<ContentCopyIcon />} onClick={() => key && void copy(key)}>
            <FormattedMessage id="apps.robotKey.copy" />
          </Button>
          <Button variant="contained" onClick={close}>
            <FormattedMessage id="common.close" />
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
