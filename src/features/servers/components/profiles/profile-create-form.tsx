// Tab 3 of /servers/{serverId}: a new profile. The name defaults to `S-<n>`: n starts at the
// server's profile count + 1 (kept by the page, so it survives tab switches) and goes up by one
// after each successful create; the address is cleared, the operator/protocol/type choices stay.
// role_id 5 does not see the type and the body carries no `type` key (docs/product.md §6; the server sets normal).
// A link popular clients refuse or misread is saved with a warning toast (link-warnings.ts).
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { profileCreateSchema, type ProfileCreateBody } from '@/contract';
import { useSubmitAction } from '@/components/dialogs';
import { Form, SubmitButton } from '@/components/form';
import { useAddProfileMutation, type SavedProfile } from '@/features/servers/api';
import { useLinkWarnings } from '@/features/servers/link-warnings';
import { ProfileFields } from './profile-fields';

export const PROFILE_NAME_PREFIX = 'S-';

export function ProfileCreateForm({ serverId, showType, counter, onCreated }: { serverId: number; showType: boolean; counter: number; onCreated: () => void }) {
  const [addProfile] = useAddProfileMutation();
  const warn = useLinkWarnings();
  const { submitting, run } = useSubmitAction<SavedProfile>({
    successMessageId: 'servers.profiles.create.success',
    errorMessageId: 'servers.profiles.create.error',
  });

  return (
    <Paper variant="outlined" sx={{ p: 3, maxWidth: 640 }}>
      <Form<ProfileCreateBody>
        schema={profileCreateSchema}
        defaultValues={{ name: `${PROFILE_NAME_PREFIX}${counter}`, address: '', operator: 'others', protocol: 'vless', type: 'normal', serverId }}
        onSubmit={async (values, form) => {
          const { type, ...rest } = values;
          warn(await run(() => addProfile(showType ? { ...rest, type } : rest).unwrap()));
          onCreated();
          form.reset({ ...values, name: `${PROFILE_NAME_PREFIX}${counter + 1}`, address: '' });
        }}
      >
        <Stack spacing={2}>
          <ProfileFields showType={showType} />
          <Stack direction="row">
            <SubmitButton labelId="servers.profiles.create.submit" submitting={submitting} />
          </Stack>
        </Stack>
      </Form>
    </Paper>
  );
}
