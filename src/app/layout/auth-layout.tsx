// The frame of the signed-out pages inside the app (after sign-out, or a refused session): the same
// light frame the bootstrap shows on a first visit (src/boot), with the store's locale; the fa/en
// buttons switch it as the header's LanguageSwitch does (persisted `locale`, direction and texts).
// Its texts come from the app's react-intl.
import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { Outlet } from 'react-router-dom';
import { TextProvider, type TextLookup } from '@/lib/i18n/plain-text';
import { translate } from '@/lib/i18n/messages';
import { selectLocale, useAppDispatch, useAppSelector } from '@/lib/state';
import { switchLocale } from '../i18n/switch-locale';
import { SignInFrame } from './sign-in-frame';
import { useRemoveShellPaint } from '@/boot/shell-paint';

export function AuthLayout() {
  useRemoveShellPaint();
  const locale = useAppSelector(selectLocale);
  const dispatch = useAppDispatch();
  const intl = useIntl();
  const text = useCallback<TextLookup>((id, values) => translate(intl, id, values), [intl]);
  return (
    <TextProvider value={text}>
      <SignInFrame locale={locale} onLocaleChange={(next) => void dispatch(switchLocale(next))}>
        <Outlet />
      </SignInFrame>
    </TextProvider>
  );
}
