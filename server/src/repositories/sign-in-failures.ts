// Failed sign-ins per account name within a time window, for the per-account limit of
// ARCHITECTURE §6. Stored in the database so the limit holds across API instances.
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { signInFailures } from '../db/schema';

export function signInFailuresRepository(db: Db) {
  const windowStart = (windowMs: number) => sql`now() - (${windowMs}::integer * interval '1 millisecond')`;
  return {
    async isLocked(account: string, maxFailures: number, windowMs: number): Promise<boolean> {
      const [row] = await db
        .select({ failures: signInFailures.failures })
        .from(signInFailures)
        .where(and(eq(signInFailures.account, account), gte(signInFailures.windowStartedAt, windowStart(windowMs))));
      return (row?.failures ?? 0) >= maxFailures;
    },

    /** Counts one failure; a failure after the window has passed starts a new window. */
    async record(account: string, windowMs: number): Promise<void> {
      const expired = sql`${signInFailures.windowStartedAt} < ${windowStart(windowMs)}`;
      await db
        .insert(signInFailures)
        .values({ account, failures: 1, windowStartedAt: sql`now()` })
        .onConflictDoUpdate({
          target: signInFailures.account,
          set: {
            failures: sql`CASE WHEN ${expired} THEN 1 ELSE ${signInFailures.failures} + 1 END`,
            windowStartedAt: sql`CASE WHEN ${expired} THEN now() ELSE ${signInFailures.windowStartedAt} END`,
          },
        });
    },

    /** Deletes counters whose window has passed; they no longer limit anything. */
    async purgeExpired(windowMs: number): Promise<void> {
      await db.delete(signInFailures).where(lt(signInFailures.windowStartedAt, windowStart(windowMs)));
    },

    async clear(account: string): Promise<void> {
      await db.delete(signInFailures).where(eq(signInFailures.account, account));
    },
  };
}
