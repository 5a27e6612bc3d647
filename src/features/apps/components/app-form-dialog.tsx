// Create / edit an application (docs/product.md §5 "Application create/edit"): the contract's appSchema on
// both sides; the admin is chosen from the active app admins. Empty optional fields go as null,
// and description is always sent as null (docs/product.md §5): the form has no description field.
import { useMemo } from 'react';
import { FormDialog } from '@/components/dialogs';
import { SelectField, TextInput } from '@/components/form';
import { appSchema, type AppBody, type AppDto } from '@/contract';
import { useGetAppAdminChoicesQuery, useStoreAppMutation, useUpdateAppMutation } from '../api';

export interface AppFormDialogProps {
  open: boolean;
  onClose: () => void;
  /** The app being edited; absent to create one. */
  app?: AppDto;
}

export function AppFormDialog({ open, onClose, app }: AppFormDialogProps) {
  const admins = useGetAppAdminChoicesQuery(undefined, { skip: !open });
  const [storeApp] = useStoreAppMutation();
  const [updateApp] = useUpdateAppMutation();

  const options = useMemo(() => {
    const list = (admins.data ?? []).map((a) => ({ value: a.id, label: `${a.name} ${a.family}`.trim() }));
    // An edited app keeps showing its admin even when that user is no longer an active app admin.
    if (app && !list.some((o) => o.value === app.adminId)) list.push({ value: app.adminId, label: app.adminName });
    return list;
  }, [admins.data, app]);

  const defaultValues = {
    name: app?.name ?? '',
    packageName: app?.packageName ?? '',
    sign: app?.sign ?? '',
    adminId: (app?.adminId ?? '') as number,
    cppSign: app?.cppSign ?? '',
    firebaseConfig: app?.firebaseConfig ?? '',
    email: app?.email ?? '',
  };

  if (!open) return null;
  return (
    <FormDialog<AppBody>
      open={open}
      onClose={onClose}
      titleId={app ? 'apps.form.editTitle' : 'apps.form.createTitle'}
      schema={appSchema}
      defaultValues={defaultValues}
      onSubmit={(values) => {
        const body = { ...values, description: null };
        return app ? updateApp({ id: app.id, body }).unwrap() : storeApp(body).unwrap();
      }}
      successMessageId={app ? 'apps.form.editSuccess' : 'apps.form.createSuccess'}
      errorMessageId={app ? 'apps.form.editError' : 'apps.form.createError'}
      maxWidth="md"
    >
      <TextInput name="name" labelId="apps.fields.name" charset="any" required autoFocus />
      <TextInput name="packageName" labelId="apps.fields.packageName" ltr required placeholder="com.example.app" />
      <SelectField name="adminId" labelId="apps.fields.admin" options={options} required disabled={admins.isLoading} />
      <TextInput name="sign" labelId="apps.fields.sign" ltr required />
      <TextInput name="cppSign" labelId="apps.fields.cppSign" ltr />
      <TextInput name="email" labelId="apps.fields.email" ltr type="email" />
      <TextInput name="firebaseConfig" labelId="apps.fields.firebaseConfig" ltr multiline minRows={3} />
    </FormDialog>
  );
}
