// /account/user-info: avatar with upload, full name, username, role name and joined date, and the
// way to the two-factor sign-in settings.
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { DetailList } from '@/components/dialogs';
import { PageHeader } from '@/components/layout/page-header';
import { LoadingState } from '@/components/feedback/loading-state';
import { useProfileSummary } from '@/lib/api';
import { PATHS } from '@/lib/routing';
import { AvatarUpload } from '../components/avatar-upload';

export default function UserInfoPage() {
  const profile = useProfileSummary();
  if (!profile) return <LoadingState />;
  const { user, name } = profile;

  return (
    <>
      <PageHeader titleId="account.userInfo.title" link={{ to: PATHS.accountSecurity, labelId: 'account.security.link' }} />
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
