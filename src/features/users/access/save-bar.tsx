// The sticky save bar of a page with unsaved changes (docs/product.md §6, the role permissions page): how many
// changes are unsaved, undo and save; and, while any are unsaved, leaving the page (a link, the back
// button) asks first (react-router's useBlocker), as does closing the tab (beforeunload).
import { useEffect } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FormattedMessage } from 'react-intl';
import { useBlocker } from 'react-router-dom';

interface SaveBarProps {
  changes: number;
  saving: boolean;
  onSave: () => void;
  onReset: () => void;
}

export function SaveBar({ changes, saving, onSave, onReset }: SaveBarProps) {
  const dirty = changes > 0;
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && !saving && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (!dirty) return undefined;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  return (
    <>
      <Paper
        elevation={dirty ? 6 : 1}
        role="region"
        aria-live="polite"
        sx={{ position: 'sticky', bottom: 0, zIndex: 2, mt: 3, px: 2, py: 1.5, display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}
      >
        <Typography variant="body2" sx={{ flex: 1, minWidth: 160 }} data-testid="unsaved-count">
          <FormattedMessage id={dirty ? 'users.access.save.unsaved' : 'users.access.save.clean'} values={{ count: changes }} />
        </Typography>
        <Stack direction="row" spacing={1}>
          <Button onClick={onReset} disabled={!dirty || saving}>
            <FormattedMessage id="users.access.save.reset" />
          </Button>
          <Button variant="contained" onClick={onSave} disabled={!dirty || saving}>
            <FormattedMessage id={saving ? 'common.inProgress' : 'common.save'} />
          </Button>
        </Stack>
      </Paper>
      <Dialog open={blocker.state === 'blocked'} onClose={() => blocker.reset?.()} aria-labelledby="leave-title">
        <DialogTitle id="leave-title">
          <FormattedMessage id="users.access.save.leaveTitle" />
        </DialogTitle>
        <DialogContent>
          <DialogContentText>
            <FormattedMessage id="users.access.save.leaveConfirm" values={{ count: changes }} />
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => blocker.reset?.()} autoFocus>
            <FormattedMessage id="users.access.save.stay" />
          </Button>
          <Button color="error" variant="contained" onClick={() => blocker.proceed?.()}>
            <FormattedMessage id="users.access.save.leave" />
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
