// A popup to read, not to act in: a title, the content and one Close button. DetailsDialog shows a
// DetailList in it; features put their own read-only content (or live switches that save at once).
import { useId, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { FormattedMessage } from 'react-intl';
import type { MessageValues } from '@/lib/i18n';

export interface InfoDialogProps {
  open: boolean;
  onClose: () => void;
  titleId: string;
  values?: MessageValues;
  maxWidth?: 'xs' | 'sm';
  /** Dividers above and below the content. */
  dividers?: boolean;
  children?: ReactNode;
}

export function InfoDialog({ open, onClose, titleId, values, maxWidth = 'sm', dividers = false, children }: InfoDialogProps) {
  const titleDomId = useId();
  return (
    <Dialog open={open} onClose={onClose} maxWidth={maxWidth} fullWidth aria-labelledby={titleDomId}>
      <DialogTitle id={titleDomId}>
        <FormattedMessage id={titleId} values={values} />
      </DialogTitle>
      <DialogContent dividers={dividers}>{children}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          <FormattedMessage id="common.close" />
        </Button>
      </DialogActions>
    </Dialog>
  );
}
