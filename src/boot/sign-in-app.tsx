// The light sign-in page of a first visit (boot/index.tsx): the sign-in frame and panel with their
// own toasts, messages (the core catalogue, which the app then reuses, looked up without react-intl:
// lib/i18n/plain-text.tsx) and locale (persisted under
// `locale`, setting <html dir lang> as the app does). Once the form is on screen and the page has
// loaded, the app's chunks are prefetched while the browser is idle; the password's submit starts
// the app chunk and the dashboard's files; a token hands the session to the app in the same page
// (app/start.tsx: the real store, then the dashboard). Another tab signing in does the same without
// the greeting; another tab's language switch is followed.
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { Root } from 'react-dom/client';
import { LOCALES, type Locale } from '../contract/limits';
import { loadCoreMessages, loadedMessages } from '../app/i18n/messages';
import { plainText, TextProvider, type TextLookup } from '../lib/i18n/plain-text';
import { SignInFrame } from '../app/layout/sign-in-frame';
import { LOCALE_KEY, TOKEN_KEY } from '../app/store/storage-keys';
import { SignInPanel } from '../features/auth/components/sign-in-panel';
import { prefetchChunksWhenIdle } from './chunks';
import { Notices, useNotices } from './notices';

export type AppModule = typeof import('../app/start');

export interface SignInAppProps {
  initialLocale: Locale;
  /** The page's root: the app renders into it after sign-in. */
  root: Root;
  loadApp: () => Promise<AppModule>;
}

/** What the dashboard needs after sign-in, fetched into the cache while the form waits. */
const prefetchGroups = (locale: Locale) => ['app', 'shell', 'page-dashboard', `messages-${locale}-features`, 'toast'];

export function SignInApp({ initialLocale, root, loadApp }: SignInAppProps) {
  const [locale, setLocale] = useState(initialLocale);
  const messages = loadedMessages(locale)!; // loaded before the first render and before each switch
  const text = useMemo<TextLookup>(() => (id, values) => plainText(messages, id, values, locale), [messages, locale]);
  const notices = useNotices();
  const { add } = notices;
  const onError = useCallback((id: string) => add('Error', id), [add]);
  const handedOff = useRef(false);

  useLayoutEffect(() => {
    document.documentElement.dir = locale === 'fa' ? 'rtl' : 'ltr';
    document.documentElement.lang = locale;
    document.title = text('app.title');
  }, [locale, text]);

  const switchTo = useCallback(async (next: Locale) => {
    await loadCoreMessages(next);
    window.localStorage.setItem(LOCALE_KEY, next);
    setLocale(next);
  }, []);

  const handOff = useCallback(
    async (token: string, welcome: boolean) => {
      if (handedOff.current) return;
      handedOff.current = true;
      try {
        const app = await loadApp();
        await app.startSignedIn(root, { token, locale, welcome });
      } catch (error) {
        handedOff.current = false;
        throw error;
      }
    },
    [loadApp, root, locale],
  );

  useEffect(() => prefetchChunksWhenIdle(prefetchGroups(initialLocale)), [initialLocale]);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.storageArea !== window.localStorage) return;
      if (event.key === TOKEN_KEY && event.newValue) handOff(event.newValue, false).catch(() => onError('common.error.network'));
      else if (event.key === LOCALE_KEY && (LOCALES as readonly string[]).includes(event.newValue ?? '')) void switchTo(event.newValue as Locale);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [handOff, switchTo, onError]);

  const onSubmitStart = () => {
    loadApp()
      .then((app) => app.preloadSignedIn(locale))
      .catch(() => undefined); // the hand-over reports a failure
  };
  const onToken = (token: string) => handOff(token, true).catch(() => onError('common.error.network'));

  return (
    <TextProvider value={text}>
      <SignInFrame locale={locale} onLocaleChange={(next) => void switchTo(next)}>
        <SignInPanel onError={onError} onSubmitStart={onSubmitStart} onToken={onToken} />
      </SignInFrame>
      <Notices items={notices.items} onDismiss={notices.dismiss} />
    </TextProvider>
  );
}
