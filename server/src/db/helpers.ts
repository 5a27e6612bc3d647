// Small query helpers shared by the repositories: id lists in parts, text arrays as one parameter,
// and what hides driver differences (PGlite returns count(*) as a number and pg as a string, and
// Drizzle wraps driver errors, hiding the SQLSTATE code).

/**
 * Ids per statement when a list of ids is processed in parts: a batch may name up to 100,000 ids,
 * more than one statement can bind (65,535 parameters).
 */
export const ID_CHUNK = 10_000;

/** `items` in consecutive parts of at most `size`. */
export function chunk<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** A PostgreSQL array literal of text values (null as NULL), every element quoted and escaped; sent as one parameter. */
export function pgTextArray(values: (string | null)[]): string {
  return `{${values.map((v) => (v === null ? 'NULL' : `"${v.replace(/[\\"]/g, '\\$&')}"`)).join(',')}}`;
}

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
