// The header's sign-out (docs/product.md §4 "Sign-out"): yes/no confirm → users/logout → token and cache
// cleared → goodbye → `/`. A failure says so and keeps the user signed in.
import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import LogoutIcon from '@mui/icons-material/Logout';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '@/components/dialogs';
import { endSession } from '@/lib/api';
import { useAppDispatch, useFlushPersisted } from '@/lib/state';
import { PATHS } from '@/lib/routing';
import { useLogoutMutation } from '../api';

export function SignOutButton() {
  const [open, setOpen] = useState(false);
  const [logout] = useLogoutMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const flushPersisted = useFlushPersisted();
  const intl = useIntl();
  const label = intl.formatMessage({ id: 'auth.signOut.button' });

  return (
    <>
      <Tooltip title={label}>
        <IconButton color="inherit" aria-label={label} onClick={() => setOpen(true)}>
          <LogoutIcon />
        </IconButton>
      </Tooltip>
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        titleId="auth.signOut.title"
        messageId="auth.signOut.confirm"
        onConfirm={() => logout().unwrap()}
        successMessageId="auth.signOut.goodbye"
        errorMessageId="auth.signOut.error"
        onSuccess={async () => {
          dispatch(endSession());
          // the token is gone from localStorage before `/` opens: a reload cannot sign back in
          await flushPersisted();
          navigate(PATHS.root, { replace: true });
        }}
      />
    </>
  );
}
