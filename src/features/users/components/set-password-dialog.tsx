// "Admin password change for a user" (docs/product.md §5): a strong password typed twice. The user must change
// it at their next sign-in, and their open sessions end.
import Alert from '@mui/material/Alert';
import { FormattedMessage, useIntl } from 'react-intl';
import { adminSetPasswordSchema, PASSWORD_MIN_LENGTH, type StaffUser } from '../../../contract';
import { FormDialog } from '../../../components/dialogs';
import { PasswordField } from '../../../components/form';
import { Ltr } from '../../../components/ltr';
import { useSetUserPasswordMutation } from '../api';
import { userErrorId } from '../user-errors';

export function SetPasswordDialog({ user, onClose }: { user: StaffUser; onClose: () => void }) {
  const intl = useIntl();
  const [setPassword] = useSetUserPasswordMutation();
  return (
    <FormDialog
      open
      onClose={onClose}
      titleId="users.password.title"
      schema={adminSetPasswordSchema}
      defaultValues={{ password: '', repassword: '', user_id: user.id }}
      onSubmit={(body) => setPassword(body).unwrap()}
      successMessageId="users.password.success"
      errorMessageId={userErrorId('users.password.error')}
      maxWidth="xs"
    >
      <Alert severity="info">
        <FormattedMessage id="users.password.note" values={{ username: <Ltr>{user.username}</Ltr> }} />
      </Alert>
      <PasswordField
        name="password"
        labelId="users.fields.newPassword"
        autoComplete="new-password"
        helperText={intl.formatMessage({ id: 'users.fields.passwordRule' }, { min: PASSWORD_MIN_LENGTH })}
      />
      <PasswordField name="repassword" labelId="users.fields.repassword" autoComplete="new-password" />
    </FormDialog>
  );
}
