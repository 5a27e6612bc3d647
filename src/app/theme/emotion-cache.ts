// One emotion cache per direction: RTL flips every declaration through stylis-plugin-rtl
// (rtl-declarations.ts), LTR is plain.
import createCache, { type EmotionCache } from '@emotion/cache';
import { prefixer } from 'stylis';
import { rtlDeclarations } from './rtl-declarations';

const caches: Partial<Record<'rtl' | 'ltr', EmotionCache>> = {};

export function emotionCacheFor(direction: 'rtl' | 'ltr'): EmotionCache {
  caches[direction] ??= direction === 'rtl' ? createCache({ key: 'muirtl', stylisPlugins: [rtlDeclarations, prefixer] }) : createCache({ key: 'muiltr' });
  return caches[direction];
}
