// The read-only popup of one device: every field, technical values left to right.
import { DetailsDialog, type DetailItem } from '@/components/dialogs';
import { formatDate } from '@/lib/i18n';
import { selectLocale, useAppSelector } from '@/lib/state';
import type { Device } from '../api';

const when = { dateStyle: 'medium', timeStyle: 'short' } as const;

export function DeviceDetailsDialog({ device, onClose }: { device: Device | null; onClose: () => void }) {
  const locale = useAppSelector(selectLocale);
  const items: DetailItem[] = device
    ? [
        { labelId: 'devices.fields.app', value: device.app.name },
        { labelId: 'devices.fields.model', value: device.model },
        { labelId: 'devices.fields.uniqueDeviceId', value: device.uniqueDeviceId, ltr: true },
        { labelId: 'devices.fields.fcmToken', value: device.fcmToken, ltr: true },
        { labelId: 'devices.fields.appVersionCode', value: device.appVersionCode, ltr: true },
        { labelId: 'devices.fields.createdAt', value: formatDate(device.createdAt, locale, when) },
        { labelId: 'devices.fields.updatedAt', value: formatDate(device.updatedAt, locale, when) },
      ]
    : [];
  return <DetailsDialog open={!!device} onClose={onClose} titleId="devices.details.title" items={items} layout="stacked" />;
}
