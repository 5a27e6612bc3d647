// The status toggle of a user row (docs/product.md §4 "User status"): toggled directly, no confirm, and the
// call sends the negated current value. The row refreshes through the User tag; a refusal (e.g.
// the last active top admin) toasts and the switch stays where the server says it is; a change
// toasts too, naming the user.
import Switch from '@mui/material/Switch';
import { useIntl } from 'react-intl';
import type { StaffUser } from '@/contract';
import { useNotify } from '@/lib/state';
import { errorMessageId } from '@/lib/api';
import { useChangeUserStatusMutation } from '../api';
import { userErrorId } from '../user-errors';

export function StatusSwitch({ user }: { user: StaffUser }) {
  const intl = useIntl();
  const notify = useNotify();
  const [changeStatus, { isLoading }] = useChangeUserStatusMutation();

  const toggle = async () => {
    try {
      await changeStatus({ id: user.id, active: !user.active }).unwrap();
      notify.success(user.active ? 'users.status.deactivated' : 'users.status.activated', { username: user.username });
    } catch (error) {
      notify.error(errorMessageId(error, userErrorId('users.status.error')(error)));
    }
  };

  return (
    <Switch
      checked={user.active}
      disabled={isLoading}
      onChange={toggle}
      slotProps={{
        input: {
          'aria-label': intl.formatMessage({ id: user.active ? 'users.status.deactivate' : 'users.status.activate' }, { username: user.username }),
        },
      }}
    />
  );
}
