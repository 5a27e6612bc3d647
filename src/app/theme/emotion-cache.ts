// One emotion cache per direction: RTL runs every style through stylis-plugin-rtl, LTR is plain.
import createCache, { type EmotionCache } from '@emotion/cache';
import { prefixer } from 'stylis';
import rtlPlugin from 'stylis-plugin-rtl';

const caches: Partial<Record<'rtl' | 'ltr', EmotionCache>> = {};

export function emotionCacheFor(direction: 'rtl' | 'ltr'): EmotionCache {
  caches[direction] ??=
    direction === 'rtl' ? createCache({ key: 'muirtl', stylisPlugins: [prefixer, rtlPlugin] }) : createCache({ key: 'muiltr' });
  return caches[direction];
}
