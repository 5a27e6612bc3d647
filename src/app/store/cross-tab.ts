// Keeps other tabs in step: signing out (or in as someone else) in one tab ends the session in
// the others, and a locale switch follows along.
import { LOCALES, type Locale } from '@/contract';
import { endSession } from '@/lib/api';
import { signedIn } from '@/lib/state';
import { switchLocale } from '../i18n/switch-locale';
import type { AppStore } from './store';
import { LOCALE_KEY, TOKEN_KEY } from './persist-storage';

export function syncAcrossTabs(store: AppStore): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.storageArea !== window.localStorage) return;
    const state = store.getState();
    if (event.key === TOKEN_KEY && event.newValue !== state.auth.token) {
      store.dispatch(endSession());
      if (event.newValue) store.dispatch(signedIn(event.newValue));
    } else if (event.key === LOCALE_KEY && (LOCALES as readonly string[]).includes(event.newValue ?? '') && event.newValue !== state.settings.locale) {
      void store.dispatch(switchLocale(event.newValue as Locale));
    }
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
