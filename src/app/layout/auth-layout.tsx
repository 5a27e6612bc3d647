// The frame of the signed-out pages inside the app (after sign-out, or a refused session): the same
// light frame the bootstrap shows on a first visit (src/boot), with the store's locale; the fa/en
// buttons switch it as the header's LanguageSwitch does (persisted `locale`, direction and texts).
import { Outlet } from 'react-router-dom';
import { selectLocale, useAppDispatch, useAppSelector } from '../../lib/state';
import { switchLocale } from '../i18n/switch-locale';
import { SignInFrame } from './sign-in-frame';

export function AuthLayout() {
  const locale = useAppSelector(selectLocale);
  const dispatch = useAppDispatch();
  return (
    <SignInFrame locale={locale} onLocaleChange={(next) => void dispatch(switchLocale(next))}>
      <Outlet />
    </SignInFrame>
  );
}
