// Add or edit a menu item (docs/product.md §6; docs/product.md §3 permission/menu item): a Persian name, an English
// name and a panel route, validated by the contract's menu schemas. A new item goes under `parent`
// (none: a root item), as its last child.
import { menuInputSchema, menuUpdateSchema, type MenuInput, type MenuItem } from '@/contract';
import { FormDialog } from '@/components/dialogs';
import { EnglishTextField, PersianTextField } from '@/components/form';
import { useCreateMenuMutation, useUpdateMenuMutation } from '../access-api';

type MenuItemDialogProps = { onClose: () => void } & ({ item: MenuItem; parent?: undefined } | { item?: undefined; parent: MenuItem | null });

export function MenuItemDialog({ item, parent, onClose }: MenuItemDialogProps) {
  const [createMenu] = useCreateMenuMutation();
  const [updateMenu] = useUpdateMenuMutation();
  const fields = (
    <>
      <PersianTextField name="pName" labelId="users.access.menus.fields.pName" required autoFocus />
      <EnglishTextField name="enName" labelId="users.access.menus.fields.enName" required />
      <EnglishTextField name="route" labelId="users.access.menus.fields.route" ltr required helperText={parent ? `${parent.route}/…` : undefined} />
    </>
  );
  if (item) {
    return (
      <FormDialog
        open
        onClose={onClose}
        titleId="users.access.menus.editTitle"
        schema={menuUpdateSchema}
        defaultValues={{ pName: item.pName, enName: item.enName, route: item.route }}
        onSubmit={(body) => updateMenu({ id: item.id, body }).unwrap()}
        successMessageId="users.access.menus.saved"
        errorMessageId="users.access.menus.saveError"
      >
        {fields}
      </FormDialog>
    );
  }
  return (
    <FormDialog
      open
      onClose={onClose}
      titleId={parent ? 'users.access.menus.addChildTitle' : 'users.access.menus.addRootTitle'}
      schema={menuInputSchema}
      defaultValues={{ pName: '', enName: '', route: parent ? `${parent.route}/` : '/', parentId: parent?.id ?? null } as MenuInput}
      onSubmit={(body) => createMenu(body).unwrap()}
      successMessageId="users.access.menus.created"
      errorMessageId="users.access.menus.createError"
    >
      {fields}
    </FormDialog>
  );
}
