// /login (docs/product.md §2, §4 "Login"): sign in with email or username and password.
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FormattedMessage } from 'react-intl';
import { LoginForm } from '../components/login-form';

export default function LoginPage() {
  return (
    <Stack spacing={3}>
      <Stack spacing={0.5}>
        <Typography variant="h5" component="h1">
          <FormattedMessage id="auth.login.title" />
        </Typography>
        <Typography variant="body2" color="text.secondary">
          <FormattedMessage id="auth.login.subtitle" />
        </Typography>
      </Stack>
      <LoginForm />
    </Stack>
  );
}
