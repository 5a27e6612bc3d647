// react-intl for the chosen locale. Numbers and plural rules follow fa-IR or en-US; dates shown
// through lib/i18n use the Persian or Gregorian calendar accordingly. Children render as soon as
// the core catalogue (shell + sign-in) has arrived; the features' catalogue follows, and
// `RequireCompleteCatalog` holds the signed-in shell until it is there.
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { intlLocale } from '../../lib/i18n';
import { selectLocale, useAppSelector } from '../../lib/state';
import { isCatalogComplete, loadCoreMessages, loadedMessages, loadMessages } from './messages';

const CatalogComplete = createContext(false);

export function I18nProvider({ children }: { children: ReactNode }) {
  const locale = useAppSelector(selectLocale);
  const [, setVersion] = useState(0);
  const messages = loadedMessages(locale);
  const completeCatalog = isCatalogComplete(locale);

  useEffect(() => {
    if (completeCatalog) return undefined;
    let live = true;
    const rerender = () => live && setVersion((v) => v + 1);
    loadCoreMessages(locale).then(rerender);
    loadMessages(locale).then(rerender);
    return () => {
      live = false;
    };
  }, [locale, completeCatalog]);

  if (!messages) return null;
  return (
    <CatalogComplete.Provider value={completeCatalog}>
      <IntlProvider locale={intlLocale(locale)} messages={messages} defaultLocale="fa-IR">
        {children}
      </IntlProvider>
    </CatalogComplete.Provider>
  );
}

/** Renders `fallback` until every feature's messages of the current locale have loaded. */
export function RequireCompleteCatalog({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  return useContext(CatalogComplete) ? children : fallback;
}
