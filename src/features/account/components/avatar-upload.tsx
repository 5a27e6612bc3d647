// The profile avatar with an upload button: images only (jpg/png, at most 2 MB), sent as multipart
// field `avatar`. Success refreshes users/current through its tag, so the sidebar updates too.
import { useRef } from 'react';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import PhotoCameraOutlinedIcon from '@mui/icons-material/PhotoCameraOutlined';
import { FormattedMessage } from 'react-intl';
import { useSubmitAction } from '@/components/dialogs';
import { V } from '@/contract';
import { fieldErrorsOf } from '@/lib/api';
import { useNotify } from '@/lib/state';
import { AVATAR_TYPES, avatarProblem } from '../avatar-rules';
import { useUploadAvatarMutation } from '../api';

/** The server names why it refused the file (field `avatar`): say that, not a generic failure. */
function avatarErrorId(error: unknown): string {
  const reason = fieldErrorsOf(error)?.avatar;
  if (reason === V.fileType) return 'account.avatar.wrongType';
  return reason ?? 'account.avatar.uploadError';
}

export function AvatarUpload({ src, name }: { src: string | null; name: string }) {
  const input = useRef<HTMLInputElement>(null);
  const [upload] = useUploadAvatarMutation();
  const notify = useNotify();
  const { submitting, run } = useSubmitAction({
    successMessageId: 'account.avatar.uploadSuccess',
    errorMessageId: avatarErrorId,
  });

  const onFile = (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    const problem = avatarProblem(file);
    if (problem) {
      notify.error(problem);
      return;
    }
    run(() => upload(file).unwrap()).catch(() => undefined);
  };

  return (
    <Stack spacing={2} sx={{ alignItems: 'center' }}>
      <Avatar src={src ?? undefined} alt={name} sx={{ width: 112, height: 112, fontSize: 40 }}>
        {name.slice(0, 1)}
      </Avatar>
      <input ref={input} hidden type="file" accept={AVATAR_TYPES.join(',')} data-testid="avatar-input" onChange={(e) => onFile(e.target.files?.[0])} />
      <Button variant="outlined" size="small" startIcon={<PhotoCameraOutlinedIcon />} disabled={submitting} onClick={() => input.current?.click()}>
        <FormattedMessage id={submitting ? 'account.avatar.uploading' : 'account.avatar.change'} />
      </Button>
    </Stack>
  );
}
