// "Change role" (docs/product.md §5): a role must be chosen; the choice starts empty, so nothing is sent until
// one is picked (the contract's changeRoleSchema). The options come from access/roles.
import { useIntl } from 'react-intl';
import { changeRoleSchema, type ChangeRoleBody, type StaffUser } from '@/contract';
import { FormDialog } from '@/components/dialogs';
import { SelectField } from '@/components/form';
import { roleLabel } from '@/lib/i18n';
import { useChangeUserRoleMutation, useGetRolesQuery } from '../api';
import { userErrorId } from '../user-errors';

const noChoice = { role_id: '' } as unknown as ChangeRoleBody;

export function ChangeRoleDialog({ user, onClose }: { user: StaffUser; onClose: () => void }) {
  const intl = useIntl();
  const roles = useGetRolesQuery();
  const [changeRole] = useChangeUserRoleMutation();
  const options = (roles.data ?? []).map((role) => ({ value: role.id, label: roleLabel(intl, role) }));
  return (
    <FormDialog
      open
      onClose={onClose}
      titleId="users.role.title"
      schema={changeRoleSchema}
      defaultValues={noChoice}
      onSubmit={({ role_id }) => changeRole({ id: user.id, role_id }).unwrap()}
      successMessageId="users.role.success"
      errorMessageId={userErrorId('users.role.error')}
      maxWidth="xs"
    >
      <SelectField
        name="role_id"
        labelId="users.role.newRole"
        options={options}
        disabled={!roles.data}
        helperText={intl.formatMessage(
          { id: roles.isError ? 'users.roles.loadError' : 'users.role.current' },
          { role: user.role ? roleLabel(intl, user.role) : '' },
        )}
      />
    </FormDialog>
  );
}
