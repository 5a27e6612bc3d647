// User preferences that survive a reload: the locale (docs/product.md §4 "Locale": fa or en, default fa).
// Direction, theme and date calendar all derive from it; nothing else stores a direction.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { DEFAULT_LOCALE, type Locale } from '@/contract';

export interface SettingsState {
  locale: Locale;
}

const initialState: SettingsState = { locale: DEFAULT_LOCALE };

export const settingsSlice = createSlice({
  name: 'settings',
  initialState,
  reducers: {
    localeChanged(state, action: PayloadAction<Locale>) {
      state.locale = action.payload;
    },
  },
});

export const { localeChanged } = settingsSlice.actions;
export const selectLocale = (state: { settings: SettingsState }) => state.settings.locale;
export const directionOf = (locale: Locale): 'rtl' | 'ltr' => (locale === 'fa' ? 'rtl' : 'ltr');
