// The fa/en buttons. The choice is persisted (`locale`) and flips direction, theme and calendar.
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useIntl } from 'react-intl';
import { LOCALES, type Locale } from '@/contract';
import { selectLocale, useAppDispatch, useAppSelector } from '@/lib/state';
import { switchLocale } from '../i18n/switch-locale';

export function LanguageSwitch({ tone = 'onPrimary' }: { tone?: 'onPrimary' | 'onPaper' }) {
  const locale = useAppSelector(selectLocale);
  const dispatch = useAppDispatch();
  const intl = useIntl();
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={locale}
      onChange={(_event, next: Locale | null) => next && dispatch(switchLocale(next))}
      aria-label={intl.formatMessage({ id: 'shell.language' })}
      sx={tone === 'onPaper' ? { '& .MuiToggleButton-root': { color: 'text.primary', borderColor: 'divider' } } : undefined}
    >
      {LOCALES.map((code) => (
        <ToggleButton key={code} value={code} lang={code}>
          {intl.formatMessage({ id: `shell.language.${code}` })}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
