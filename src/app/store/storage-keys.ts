// The localStorage names of the session token and the locale (docs/product.md §9), in a module of
// their own: the sign-in bootstrap (src/boot) reads them before the store and its packages load.
export const TOKEN_KEY = 'token';
export const LOCALE_KEY = 'locale';
