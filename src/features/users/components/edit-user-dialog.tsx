// "Edit user" (docs/product.md §5): email, name and family required (name and family Persian-only), the rest
// optional; validated by the contract's userUpdateSchema. Server field errors land on the fields.
import { userUpdateSchema, type StaffUser, type UserUpdateBody } from '@/contract';
import { FormDialog } from '@/components/dialogs';
import { useUpdateUserMutation } from '../api';
import { userErrorId } from '../user-errors';
import { EmailField, EnglishNameFields, FieldGrid, OptionalProfileFields, PersianNameFields } from './user-profile-fields';

const valuesOf = (user: StaffUser): UserUpdateBody => ({
  name: user.name,
  family: user.family,
  email: user.email,
  eName: user.eName ?? '',
  eFamily: user.eFamily ?? '',
  mobile: user.mobile ?? '',
  website: user.website ?? '',
  address: user.address ?? '',
  about: user.about ?? '',
  sex: user.sex,
  birthdate: user.birthdate?.slice(0, 10) ?? '',
});

export function EditUserDialog({ user, onClose }: { user: StaffUser; onClose: () => void }) {
  const [updateUser] = useUpdateUserMutation();
  return (
    <FormDialog
      open
      onClose={onClose}
      titleId="users.edit.title"
      schema={userUpdateSchema}
      defaultValues={valuesOf(user)}
      onSubmit={(body) => updateUser({ id: user.id, body }).unwrap()}
      successMessageId="users.edit.success"
      errorMessageId={userErrorId('users.edit.error')}
      maxWidth="md"
    >
      <FieldGrid>
        <PersianNameFields />
        <EmailField />
        <EnglishNameFields />
        <OptionalProfileFields />
      </FieldGrid>
    </FormDialog>
  );
}
