// The top admin's "require two-factor sign-in" switches, one per role (README "Two-factor
// sign-in"). A switch takes effect on the staff's next request: those of the role who have not set
// TOTP up are held to enrolment.
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from 'react-intl';
import { InfoDialog, useSubmitAction } from '@/components/dialogs';
import { LoadingState } from '@/components/feedback/loading-state';
import { roleLabel } from '@/lib/i18n';
import { useGetTotpRolesQuery, useRequireTotpForRoleMutation } from '../api';

export function TotpRolesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const intl = useIntl();
  const roles = useGetTotpRolesQuery(undefined, { skip: !open });
  const [requireTotp] = useRequireTotpForRoleMutation();
  const { submitting, run } = useSubmitAction({ successMessageId: 'users.totp.roleSaved', errorMessageId: 'users.totp.roleError' });

  return (
    <InfoDialog open={open} onClose={onClose} titleId="users.totp.rolesTitle" maxWidth="xs">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        <FormattedMessage id="users.totp.rolesIntro" />
      </Typography>
      {roles.data ? (
        <Stack>
          {roles.data.map((role) => (
            <FormControlLabel
              key={role.id}
              label={roleLabel(intl, role)}
              control={
                <Switch
                  checked={role.requireTotp}
                  disabled={submitting}
                  onChange={(_e, required) => void run(() => requireTotp({ role_id: role.id, required }).unwrap()).catch(() => undefined)}
                />
              }
            />
          ))}
        </Stack>
      ) : (
        <LoadingState />
      )}
    </InfoDialog>
  );
}
