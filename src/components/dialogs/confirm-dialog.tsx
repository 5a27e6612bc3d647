// A yes/no question before an action (deletes, sign-out, deactivation). While the action runs the
// confirm button shows the in-progress label; success toasts and closes, failure toasts and stays.
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { FormattedMessage } from 'react-intl';
import type { MessageValues } from '@/lib/i18n';
import { useSubmitAction, type SubmitActionOptions } from './use-submit-action';

export interface ConfirmDialogProps extends SubmitActionOptions {
  open: boolean;
  onClose: () => void;
  titleId: string;
  messageId: string;
  values?: MessageValues;
  onConfirm: () => Promise<unknown>;
  confirmLabelId?: string;
  cancelLabelId?: string;
  pendingLabelId?: string;
  /** Colours the confirm button as a destructive action. */
  destructive?: boolean;
}

export function ConfirmDialog({
  open,
  onClose,
  titleId,
  messageId,
  values,
  onConfirm,
  confirmLabelId = 'common.yes',
  cancelLabelId = 'common.no',
  pendingLabelId = 'common.inProgress',
  destructive = false,
  onSuccess,
  ...messages
}: ConfirmDialogProps) {
  const { submitting, run } = useSubmitAction({
    ...messages,
    onSuccess: (result) => {
      onClose();
      onSuccess?.(result);
    },
  });
  const confirm = () => run(onConfirm).catch(() => undefined);

  return (
    <Dialog open={open} onClose={submitting ? undefined : onClose} aria-labelledby="confirm-dialog-title" maxWidth="xs" fullWidth>
      <DialogTitle id="confirm-dialog-title">
        <FormattedMessage id={titleId} />
      </DialogTitle>
      <DialogContent>
        <DialogContentText>
          <FormattedMessage id={messageId} values={values} />
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={submitting}>
          <FormattedMessage id={cancelLabelId} />
        </Button>
        <Button variant="contained" color={destructive ? 'error' : 'primary'} onClick={confirm} disabled={submitting} autoFocus>
          <FormattedMessage id={submitting ? pendingLabelId : confirmLabelId} />
        </Button>
      </DialogActions>
    </Dialog>
  );
}
