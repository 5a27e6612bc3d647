// "Admin password change for a user" (docs/product.md §5): a strong password typed twice. The user must change
// it at their next sign-in, and their open sessions end.
import Alert from '@mui/material/Alert';
import { FormattedMessage } from 'react-intl';
import { adminSetPasswordSchema, type StaffUser } from '@/contract';
import { FormDialog } from '@/components/dialogs';
import { NewPasswordFields } from '@/components/form';
import { Ltr } from '@/components/ltr';
import { useSetUserPasswordMutation } from '../api';
import { userErrorId } from '../user-errors';

export function SetPasswordDialog({ user, onClose }: { user: StaffUser; onClose: () => void }) {
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
      <NewPasswordFields labelId="users.fields.newPassword" ruleId="users.fields.passwordRule" repeatLabelId="users.fields.repassword" />
    </FormDialog>
  );
}
