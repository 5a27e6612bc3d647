// Current, new and confirm password with the docs/product.md §5 rules (strength, match), validated by the
// same contract schema as the server. Server field errors (e.g. a wrong current password) land on
// their fields; success goes to the dashboard.
import Stack from '@mui/material/Stack';
import { useNavigate } from 'react-router-dom';
import { changePasswordSchema, type ChangePasswordBody } from '@/contract';
import { Form, NewPasswordFields, PasswordField, SubmitButton } from '@/components/form';
import { useSubmitAction } from '@/components/dialogs';
import { PATHS } from '@/lib/routing';
import { useChangePasswordMutation } from '../api';

const empty: ChangePasswordBody = { currentPassword: '', password: '', repassword: '' };

export function ChangePasswordForm() {
  const navigate = useNavigate();
  const [changePassword] = useChangePasswordMutation();
  const { submitting, run } = useSubmitAction({
    successMessageId: 'account.changePassword.success',
    errorMessageId: 'account.changePassword.error',
    onSuccess: () => navigate(PATHS.dashboard, { replace: true }),
  });

  return (
    <Form schema={changePasswordSchema} defaultValues={empty} onSubmit={(values) => run(() => changePassword(values).unwrap())}>
      <Stack spacing={2.5}>
        <PasswordField name="currentPassword" labelId="account.changePassword.current" autoComplete="current-password" />
        <NewPasswordFields labelId="account.changePassword.new" ruleId="account.changePassword.rule" repeatLabelId="account.changePassword.confirm" />
        <SubmitButton labelId="account.changePassword.submit" submitting={submitting} sx={{ alignSelf: 'flex-start' }} />
      </Stack>
    </Form>
  );
}
