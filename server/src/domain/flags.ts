/** `/api/v1/flags/ir.svg` for IR: same origin, so the panel's CSP (img-src 'self') allows it. */
export const flagUrl = (code: string): string => `/api/v1/flags/${code.toLowerCase()}.svg`;
