// Create / edit a device (docs/product.md §5 "Device create/edit": application, device id and firebase token
// are required), validated with the server's own deviceUpdateSchema. A taken device id (409) lands
// on its field through the Form. A new device is registered on the staff path (the chosen app's id with
// the staff token), which writes an audit record like every staff change; only active apps are offered,
// as the phones of an inactive app cannot register either.
import { useMemo } from 'react';
import { deviceUpdateSchema, type DeviceUpdateBody } from '@/contract';
import { FormDialog } from '@/components/dialogs';
import { EnglishTextField, NumberField, SelectField } from '@/components/form';
import { useAddDeviceMutation, useUpdateDeviceMutation, type Device, type DeviceAppOption } from '../api';

export interface DeviceFormDialogProps {
  open: boolean;
  onClose: () => void;
  apps: readonly DeviceAppOption[];
  /** The device to edit; none = create. */
  device?: Device | null;
  /** The app chosen in the list filter, preselected for a new device. */
  defaultAppId?: number;
}

export function DeviceFormDialog({ open, onClose, apps, device, defaultAppId }: DeviceFormDialogProps) {
  const [addDevice] = useAddDeviceMutation();
  const [updateDevice] = useUpdateDeviceMutation();
  const editing = !!device;
  const options = useMemo(() => apps.filter((a) => editing || a.active).map((a) => ({ value: a.id, label: a.name })), [apps, editing]);
  const register = (values: DeviceUpdateBody) => addDevice(values).unwrap();

  const defaultValues = useMemo<Partial<DeviceUpdateBody>>(
    () =>
      device
        ? {
            appId: device.app.id,
            uniqueDeviceId: device.uniqueDeviceId,
            fcmToken: device.fcmToken ?? '',
            model: device.model ?? '',
            appVersionCode: device.appVersionCode,
          }
        : {
            appId: apps.some((a) => a.id === defaultAppId && a.active) ? defaultAppId : ('' as unknown as number),
            uniqueDeviceId: '',
            fcmToken: '',
            model: '',
            appVersionCode: null,
          },
    [device, defaultAppId, apps],
  );

  return (
    <FormDialog<DeviceUpdateBody>
      key={device?.id ?? 'new'}
      open={open}
      onClose={onClose}
      titleId={editing ? 'devices.edit.title' : 'devices.create.title'}
      schema={deviceUpdateSchema}
      defaultValues={defaultValues}
      successMessageId={editing ? 'devices.edit.success' : 'devices.create.success'}
      errorMessageId={editing ? 'devices.edit.error' : 'devices.create.error'}
      onSubmit={(values) => (device ? updateDevice({ id: device.id, body: values }).unwrap() : register(values))}
    >
      <SelectField name="appId" labelId="devices.fields.app" options={options} required />
      <EnglishTextField name="uniqueDeviceId" labelId="devices.fields.uniqueDeviceId" ltr required />
      <EnglishTextField name="fcmToken" labelId="devices.fields.fcmToken" ltr required multiline minRows={2} />
      <EnglishTextField name="model" labelId="devices.fields.model" />
      <NumberField name="appVersionCode" labelId="devices.fields.appVersionCode" min={0} step={0.01} />
    </FormDialog>
  );
}
