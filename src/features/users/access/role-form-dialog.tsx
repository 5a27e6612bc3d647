// Create or edit a role (docs/product.md §6): an English, unique name and an optional description, validated by
// the contract's roleInputSchema; the server's "name taken" lands on the name field.
import { roleInputSchema, type RoleDetail, type RoleInput } from '../../../contract';
import { FormDialog } from '../../../components/dialogs';
import { EnglishTextField, TextInput } from '../../../components/form';
import { useCreateRoleMutation, useUpdateRoleMutation } from '../access-api';
import { accessErrorId } from './access-errors';

export function RoleFormDialog({ role, onClose }: { role?: RoleDetail; onClose: () => void }) {
  const [createRole] = useCreateRoleMutation();
  const [updateRole] = useUpdateRoleMutation();
  const editing = role !== undefined;
  return (
    <FormDialog
      open
      onClose={onClose}
      titleId={editing ? 'users.access.roles.editTitle' : 'users.access.roles.createTitle'}
      schema={roleInputSchema}
      defaultValues={{ name: role?.name ?? '', description: role?.description ?? '' } as RoleInput}
      onSubmit={(body) => (editing ? updateRole({ id: role.id, body }) : createRole(body)).unwrap()}
      successMessageId={editing ? 'users.access.roles.saved' : 'users.access.roles.created'}
      errorMessageId={accessErrorId(editing ? 'users.access.roles.saveError' : 'users.access.roles.createError')}
    >
      <EnglishTextField name="name" labelId="users.access.roles.fields.name" ltr required autoFocus />
      <TextInput name="description" labelId="users.access.roles.fields.description" charset="any" multiline minRows={2} />
    </FormDialog>
  );
}
