// /account/change-password: also where the guards send a user whose password must be changed.
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import { FormattedMessage } from 'react-intl';
import { PageHeader } from '@/components/layout/page-header';
import { useCurrentUser } from '@/lib/api';
import { ChangePasswordForm } from '../components/change-password-form';

export default function ChangePasswordPage() {
  const { user } = useCurrentUser();
  return (
    <>
      <PageHeader titleId="account.changePassword.title" />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 520 }}>
        {user?.needToChangePass && (
          <Alert severity="warning" sx={{ mb: 3 }}>
            <FormattedMessage id="account.changePassword.required" />
          </Alert>
        )}
        <ChangePasswordForm />
      </Paper>
    </>
  );
}
