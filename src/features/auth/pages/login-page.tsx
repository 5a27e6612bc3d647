// /login inside the app (docs/product.md §2, §4 "Login"): after sign-out, or when a session is refused.
// The same light panel the bootstrap shows on a first visit (src/boot), with the app's toasts;
// success stores the token, welcomes the user and opens the dashboard (the token is in
// localStorage by then); the dashboard loads while the server checks the password.
import { useNavigate } from 'react-router-dom';
import { selectLocale, signedIn, useAppDispatch, useAppSelector, useFlushPersisted, useNotify } from '@/lib/state';
import { PATHS, preloadRoute } from '@/lib/routing';
import { SignInPanel } from '../components/sign-in-panel';

export default function LoginPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const notify = useNotify();
  const flushPersisted = useFlushPersisted();
  const locale = useAppSelector(selectLocale);

  const finish = async (token: string) => {
    notify.success('auth.login.welcome');
    dispatch(signedIn(token));
    // written before the dashboard opens, so a reload straight away keeps the session
    await flushPersisted();
    navigate(PATHS.dashboard, { replace: true });
  };

  return <SignInPanel onError={notify.error} onSubmitStart={() => preloadRoute(PATHS.dashboard, locale)} onToken={finish} />;
}
