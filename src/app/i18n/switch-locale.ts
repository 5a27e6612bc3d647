// Changing the language: the new catalogue is loaded first, then the locale changes, so text,
// direction and calendar switch together in one render.
import type { Dispatch } from '@reduxjs/toolkit';
import type { Locale } from '@/contract';
import { localeChanged } from '@/lib/state';
import { loadMessages } from './messages';

export const switchLocale = (locale: Locale) => async (dispatch: Dispatch) => {
  await loadMessages(locale);
  dispatch(localeChanged(locale));
};
