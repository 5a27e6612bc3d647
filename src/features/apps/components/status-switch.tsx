// The status toggle of an app row (docs/product.md §4 "Application status"): activating calls at once;
// deactivating asks 'are you sure' first. Either way a toast says what changed.
import { useState } from 'react';
import Switch from '@mui/material/Switch';
import { useIntl } from 'react-intl';
import { ConfirmDialog } from '@/components/dialogs';
import { errorMessageId } from '@/lib/api';
import { useNotify } from '@/lib/state';
import { useChangeAppStatusMutation } from '../api';
import type { AppDto } from '@/contract';

export function StatusSwitch({ app }: { app: AppDto }) {
  const intl = useIntl();
  const notify = useNotify();
  const [confirming, setConfirming] = useState(false);
  const [changeStatus, { isLoading }] = useChangeAppStatusMutation();

  const activate = async () => {
    try {
      await changeStatus({ id: app.id, active: true }).unwrap();
      notify.success('apps.status.activated', { name: app.name });
    } catch (error) {
      notify.error(errorMessageId(error, 'apps.toggleStatusError'));
    }
  };

  return (
    <>
      <Switch
        checked={app.active}
        disabled={isLoading}
        onChange={(_e, checked) => (checked ? void activate() : setConfirming(true))}
        slotProps={{ input: { 'aria-label': intl.formatMessage({ id: 'apps.status.toggle' }, { name: app.name }) } }}
      />
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        titleId="apps.status.deactivateTitle"
        messageId="apps.status.deactivateMessage"
        values={{ name: app.name }}
        onConfirm={() => changeStatus({ id: app.id, active: false }).unwrap()}
        successMessageId="apps.status.deactivated"
        successValues={{ name: app.name }}
        errorMessageId="apps.toggleStatusError"
      />
    </>
  );
}
