// Small query helpers that hide driver differences from repositories: PGlite returns count(*) as
// a number and pg as a string, and Drizzle wraps driver errors, hiding the SQLSTATE code.

/** A count(*) (or any bigint) value from either driver, as a number. */
export const toCount = (v: unknown): number => Number(v ?? 0);

/** The PostgreSQL SQLSTATE of an error, looking through Drizzle's wrapper (`cause`). */
export function pgErrorCode(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

export const isUniqueViolation = (err: unknown): boolean => pgErrorCode(err) === '23505';
export const isForeignKeyViolation = (err: unknown): boolean => pgErrorCode(err) === '23503';
