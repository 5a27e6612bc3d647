// The top of the sidebar: avatar, the welcome with the user's name in the UI language, today's date
// in the Persian and the Gregorian calendar, and a live clock in Persian digits.
import Avatar from '@mui/material/Avatar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FormattedMessage } from 'react-intl';
import type { CurrentUser, Locale } from '@/contract';
import { formatFullDate, formatPersianTime, fullName } from '@/lib/i18n';
import { useNow } from './use-now';

function LiveClock() {
  const now = useNow(1000);
  return (
    // role timer: a clock is no live region that announces each second (its implicit aria-live is off)
    <Typography component="time" role="timer" variant="h6" data-testid="live-clock" sx={{ fontVariantNumeric: 'tabular-nums', letterSpacing: 1 }}>
      {formatPersianTime(now)}
    </Typography>
  );
}

export function UserCard({ user, locale }: { user: CurrentUser; locale: Locale }) {
  const today = useNow(60_000);
  const name = fullName(user, locale);
  return (
    <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center', px: 2, py: 3 }}>
      <Avatar src={user.avatar ?? undefined} alt={name} sx={{ width: 72, height: 72, fontSize: 28 }}>
        {name.slice(0, 1)}
      </Avatar>
      <Typography variant="subtitle1" data-testid="sidebar-welcome">
        <FormattedMessage id="shell.welcome" values={{ name }} />
      </Typography>
      <Stack spacing={0.25}>
        <Typography variant="body2" color="text.secondary" data-testid="today-persian">
          {formatFullDate(today, locale, 'persian')}
        </Typography>
        <Typography variant="body2" color="text.secondary" data-testid="today-gregorian">
          {formatFullDate(today, locale, 'gregorian')}
        </Typography>
      </Stack>
      <LiveClock />
    </Stack>
  );
}
