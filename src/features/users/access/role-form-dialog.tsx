// Create or edit a role (docs/product.md §6): a Persian and an English name, as a menu item has,
// and an optional description in each language, validated by the contract's roleInputSchema. The
// English name is the role's unique key; the server's "name taken" lands on its field.
import { roleInputSchema, type RoleDetail, type RoleInput } from '@/contract';
import { FormDialog } from '@/components/dialogs';
import { EnglishTextField, PersianTextField, TextInput } from '@/components/form';
import { useCreateRoleMutation, useUpdateRoleMutation } from '../access-api';
import { accessErrorId } from './access-errors';

export function RoleFormDialog({ role, onClose }: { role?: RoleDetail; onClose: () => void }) {
  const [createRole] = useCreateRoleMutation();
  const [updateRole] = useUpdateRoleMutation();
  const editing = role !== undefined;
  const defaults = {
    pName: role?.pName ?? '',
    name: role?.name ?? '',
    pDescription: role?.pDescription ?? '',
    description: role?.description ?? '',
  } as RoleInput;
  return (
    <FormDialog
      open
      onClose={onClose}
      titleId={editing ? 'users.access.roles.editTitle' : 'users.access.roles.createTitle'}
      schema={roleInputSchema}
      defaultValues={defaults}
      onSubmit={(body) => (editing ? updateRole({ id: role.id, body }) : createRole(body)).unwrap()}
      successMessageId={editing ? 'users.access.roles.saved' : 'users.access.roles.created'}
      errorMessageId={accessErrorId(editing ? 'users.access.roles.saveError' : 'users.access.roles.createError')}
    >
      <PersianTextField name="pName" labelId="users.access.roles.fields.pName" required autoFocus />
      <EnglishTextField name="name" labelId="users.access.roles.fields.enName" ltr required />
      <TextInput name="pDescription" labelId="users.access.roles.fields.pDescription" charset="any" multiline minRows={2} />
      <TextInput name="description" labelId="users.access.roles.fields.enDescription" charset="any" multiline minRows={2} />
    </FormDialog>
  );
}
