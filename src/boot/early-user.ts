// The stored session's user asked for by index.html itself, while main.js downloads:
// the dashboard's greeting (the page's largest text, features/dashboard/greeting-paint.ts) waits
// for that answer, and asked from main.js it took a whole round trip after main.js had come in and
// run. The build writes `earlyUserScript` as a file of its own (the CSP allows no inline script)
// and names it first in index.html's head, async (webpack.config.ts); the script leaves the
// answer, read the way lib/api/base-query.ts's `request` reads one, on `window`, and
// `requestEarly` takes it for the same token. Only a stored token sends it: a visitor without one
// gets the sign-in page and no call.
import { API_PREFIX, AUTH_SCHEME } from '../contract/limits';
import { TOKEN_KEY } from '../app/store/storage-keys';
import type { ReadAnswer } from '../lib/api/base-query';

/**
 * What the script leaves: the answer read as `request` reads it (status 0: no response arrived;
 * the body parsed JSON, `true` for a successful answer that is not JSON, absent when unreadable).
 */
export type EarlyAnswer = ReadAnswer;

export interface EarlyUser {
  token: string;
  answer: Promise<EarlyAnswer>;
}

export const EARLY_USER_GLOBAL = '__earlyUser';
export const EARLY_USER_PATH = 'users/current';

/**
 * The script's source for an API at `apiOrigin` ('' = the panel's own origin). ES5 and no
 * dependencies, since it runs before any bundle; the headers are those `request` sends, so the
 * server sees the same call. It loads `async`, so it holds nothing up, and asks at low priority:
 * the shell's first paint (main.js's) needs the style sheet and the fonts, not the user, who is
 * needed only by the page's paint after it. Should main.js run first after all, it has taken the
 * slot (`takeEarlyUser`) and asked itself, and the script does nothing.
 */
export function earlyUserScript(apiOrigin: string): string {
  const url = `${apiOrigin.replace(/\/+$/, '')}${API_PREFIX}/${EARLY_USER_PATH}`;
  return (
    `(function(){try{var t=localStorage.getItem(${JSON.stringify(TOKEN_KEY)}),k=${JSON.stringify(EARLY_USER_GLOBAL)};if(!t||!window.fetch||window[k]!==undefined)return;` +
    `window[k]={token:t,answer:fetch(${JSON.stringify(url)},{priority:"low",headers:{"Content-Type":"application/json",Authorization:${JSON.stringify(`${AUTH_SCHEME} `)}+t}})` +
    `.then(function(r){return(/json/.test(r.headers.get("content-type")||"")?r.json():Promise.resolve(true))` +
    `.then(function(b){return{status:r.status,ok:r.ok,body:b}},function(){return{status:r.ok?0:r.status,ok:false}})},` +
    `function(){return{status:0,ok:false}})}}catch(e){}})()`
  );
}

/** The script's answer for `token`, once: later calls go out as usual. */
export function takeEarlyUser(token: string): Promise<EarlyAnswer> | undefined {
  const holder = window as unknown as Record<string, EarlyUser | undefined>;
  const early = holder[EARLY_USER_GLOBAL];
  // null from here on: taken, or asked for by main.js itself (a late script sends nothing)
  (holder as Record<string, EarlyUser | null | undefined>)[EARLY_USER_GLOBAL] = null;
  return early && early.token === token ? early.answer : undefined;
}
