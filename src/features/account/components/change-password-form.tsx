// Current, new and confirm password with the docs/product.md §5 rules (strength, match), validated by the
// same contract schema as the server. Server field errors (e.g. a wrong current password) land on
// their fields; success goes to the dashboard.
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { changePasswordSchema, PASSWORD_MIN_LENGTH, type ChangePasswordBody } from '../../../contract';
import { Form, PasswordField } from '../../../components/form';
import { useSubmitAction } from '../../../components/dialogs';
import { PATHS } from '../../../lib/routing';
import { useChangePasswordMutation } from '../api';

const empty: ChangePasswordBody = { currentPassword: '', password: '', repassword: '' };

export function ChangePasswordForm() {
  const intl = useIntl();
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
        <PasswordField
          name="password"
          labelId="account.changePassword.new"
          autoComplete="new-password"
          helperText={intl.formatMessage({ id: 'account.changePassword.rule' }, { min: PASSWORD_MIN_LENGTH })}
        />
        <PasswordField name="repassword" labelId="account.changePassword.confirm" autoComplete="new-password" />
        <Button type="submit" variant="contained" disabled={submitting} sx={{ alignSelf: 'flex-start' }}>
          <FormattedMessage id={submitting ? 'common.inProgress' : 'account.changePassword.submit'} />
        </Button>
      </Stack>
    </Form>
  );
}
