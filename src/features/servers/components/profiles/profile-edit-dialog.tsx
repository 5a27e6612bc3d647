// The profile edit popup: the address starts blank (the stored one is sealed and never shown) and
// a blank address is not sent, which keeps the current one (server rule). role_id 5 neither sees
// nor sends the type. A link popular clients refuse or misread is saved with a warning toast.
import { profileUpdateSchema, type ProfileUpdateBody } from '@/contract';
import { FormDialog } from '@/components/dialogs';
import { useUpdateProfileMutation } from '@/features/servers/api';
import { useLinkWarnings } from '@/features/servers/link-warnings';
import type { Profile } from '@/features/servers/types';
import { ProfileFields } from './profile-fields';

/** The PUT body: no address when left blank, no type when the role may not set it. */
export function profileUpdateBody(values: ProfileUpdateBody, showType: boolean): ProfileUpdateBody {
  const { address, type, ...rest } = values;
  return { ...rest, ...(address && address.trim() ? { address } : {}), ...(showType && type ? { type } : {}) };
}

export function ProfileEditDialog({ open, profile, showType, onClose }: { open: boolean; profile: Profile; showType: boolean; onClose: () => void }) {
  const [updateProfile] = useUpdateProfileMutation();
  const warn = useLinkWarnings();
  return (
    <FormDialog<ProfileUpdateBody>
      open={open}
      onClose={onClose}
      titleId="servers.profiles.edit.title"
      schema={profileUpdateSchema}
      defaultValues={{
        name: profile.name,
        address: '',
        operator: profile.operator,
        protocol: profile.protocol,
        ...(showType ? { type: profile.type } : {}),
        serverId: profile.serverId,
      }}
      onSubmit={async (values) => {
        const saved = await updateProfile({ id: profile.id, body: profileUpdateBody(values, showType) }).unwrap();
        warn(saved);
        return saved;
      }}
      successMessageId="servers.profiles.edit.success"
      errorMessageId="servers.profiles.edit.error"
    >
      <ProfileFields showType={showType} addressHelperId="servers.profiles.edit.addressKeep" />
    </FormDialog>
  );
}
