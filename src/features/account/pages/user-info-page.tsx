// /account/user-info: avatar with upload, full name, username, role name and joined date, and the
// way to the two-factor sign-in settings.
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { FormattedMessage } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';
import { DetailList } from '../../../components/dialogs';
import { PageHeader } from '../../../components/layout/page-header';
import { LoadingState } from '../../../components/feedback/loading-state';
import { useProfileSummary } from '../../../lib/api';
import { PATHS } from '../../../lib/routing';
import { AvatarUpload } from '../components/avatar-upload';

export default function UserInfoPage() {
  const profile = useProfileSummary();
  if (!profile) return <LoadingState />;
  const { user, name } = profile;

  return (
    <>
      <PageHeader
        titleId="account.userInfo.title"
        actions={
          <Button component={RouterLink} to={PATHS.accountSecurity} variant="outlined">
            <FormattedMessage id="account.security.link" />
          </Button>
        }
      />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={4} sx={{ alignItems: { xs: 'stretch', md: 'flex-start' } }}>
          <AvatarUpload src={user.avatar} name={name} />
          <DetailList
            layout="rows"
            size="medium"
            items={[
              { labelId: 'account.userInfo.fullName', value: name },
              { labelId: 'account.userInfo.username', value: user.username, ltr: true },
              { labelId: 'account.userInfo.email', value: user.email, ltr: true },
              { labelId: 'account.userInfo.role', value: profile.role },
              { labelId: 'account.userInfo.joined', value: profile.joined },
            ]}
          />
        </Stack>
      </Paper>
    </>
  );
}
