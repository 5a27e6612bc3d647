// react-intl for the chosen locale. Numbers and plural rules follow fa-IR or en-US; dates shown
// through lib/i18n use the Persian or Gregorian calendar accordingly. Children render as soon as
// the core catalogue (shell + sign-in) has arrived. The features' catalogue is fetched only once
// something asks for it: `RequireCompleteCatalog` (the signed-in shell) asks and waits, and the
// sign-in form preloads it while the password is checked, so the login page never loads it.
import { createContext, startTransition, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { intlLocale } from '@/lib/i18n';
import { selectLocale, useAppSelector } from '@/lib/state';
import { isCatalogComplete, loadCoreMessages, loadedMessages, loadMessages } from './messages';

const CatalogComplete = createContext<{ complete: boolean; request: () => void }>({ complete: false, request: () => undefined });

export function I18nProvider({ children }: { children: ReactNode }) {
  const locale = useAppSelector(selectLocale);
  const [, setVersion] = useState(0);
  const [wanted, setWanted] = useState(false);
  // The features' catalogue opens the signed-in shell and its page (RequireCompleteCatalog): that
  // render is the page's largest, so it runs as a transition, which React renders in slices of a
  // few milliseconds, instead of in one task (130 ms on a load of /dashboard). `opened`
  // is set in that transition: a render some other update starts (the core catalogue's, landing in
  // the same tick) finds the catalogue loaded but must not open the page in its one task. Once
  // open, a locale whose complete catalogue is loaded shows at once (switching back and forth).
  const [opened, setOpened] = useState(() => isCatalogComplete(locale));
  const messages = loadedMessages(locale);
  const completeCatalog = opened && isCatalogComplete(locale);
  const request = useCallback(() => setWanted(true), []);

  useEffect(() => {
    if (completeCatalog) return undefined;
    let live = true;
    const rerender = () => live && setVersion((v) => v + 1);
    if (!loadedMessages(locale)) loadCoreMessages(locale).then(rerender);
    if (wanted || isCatalogComplete(locale)) {
      loadMessages(locale).then(() =>
        startTransition(() => {
          if (!live) return;
          setOpened(true);
          rerender();
        }),
      );
    }
    return () => {
      live = false;
    };
  }, [locale, completeCatalog, wanted]);

  if (!messages) return null;
  return (
    <CatalogComplete.Provider value={{ complete: completeCatalog, request }}>
      <IntlProvider locale={intlLocale(locale)} messages={messages} defaultLocale="fa-IR">
        {children}
      </IntlProvider>
    </CatalogComplete.Provider>
  );
}

/** Asks for every feature's messages of the current locale and renders `fallback` until they have loaded. */
export function RequireCompleteCatalog({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const { complete, request } = useContext(CatalogComplete);
  useEffect(() => {
    if (!complete) request();
  }, [complete, request]);
  return complete ? children : fallback;
}
