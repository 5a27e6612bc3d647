// Message catalogues are lazy chunks, two per locale: the core (shell + sign-in) that the login page
// needs, and the features' texts, which the signed-in shell waits for. Keeping the second out of the
// login route holds its JS within the budget however much text the features add. A loaded catalogue
// is kept, so switching back and forth is instant. In the production build the messages arrive
// pre-parsed (webpack.config.ts), which lets the ICU parser stay out of the bundle.
import type { Locale } from '@/contract';
import type { Messages } from '@/lib/i18n';
import { mergeCatalogs } from './merge-catalogs';

type Importer = () => Promise<{ default: Messages }>;

const coreImporters: Record<Locale, Importer> = {
  fa: () => import(/* webpackChunkName: "messages-fa" */ './locales/fa'),
  en: () => import(/* webpackChunkName: "messages-en" */ './locales/en'),
};
const featureImporters: Record<Locale, Importer> = {
  fa: () => import(/* webpackChunkName: "messages-fa-features" */ './locales/fa-features'),
  en: () => import(/* webpackChunkName: "messages-en-features" */ './locales/en-features'),
};

const core: Partial<Record<Locale, Messages>> = {};
const complete: Partial<Record<Locale, Messages>> = {};

/** The best catalogue loaded so far for a locale (complete, else core), or undefined. */
export function loadedMessages(locale: Locale): Messages | undefined {
  return complete[locale] ?? core[locale];
}

export function isCatalogComplete(locale: Locale): boolean {
  return Boolean(complete[locale]);
}

export async function loadCoreMessages(locale: Locale): Promise<Messages> {
  core[locale] ??= (await coreImporters[locale]()).default;
  return core[locale];
}

/** Both chunks of a locale, merged: every message id of the panel. */
export async function loadMessages(locale: Locale): Promise<Messages> {
  if (!complete[locale]) {
    const [shell, features] = await Promise.all([loadCoreMessages(locale), featureImporters[locale]()]);
    complete[locale] = mergeCatalogs(shell, [features.default]);
  }
  return complete[locale];
}
