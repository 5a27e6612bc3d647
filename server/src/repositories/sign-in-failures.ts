// Failed sign-ins per counter, for the limits of README "Sign-in limits" (docs/architecture.md §6). A
// counter is a key (the caller hashes scope and subject) with its failures in the current window.
// Reaching `max` blocks the key for `blockMs`; every further failure before the counter has been
// quiet for a whole window blocks it again for twice as long (up to `maxBlockMs`), so a guesser
// who waits out one block gets one guess per ever longer wait. Each update is one atomic upsert,
// so concurrent attempts on several API instances cannot slip past the count.
// It also remembers the (account, address) pairs that completed a sign-in (sign_in_successes, same
// pair key) for KNOWN_ADDRESS_MS: the account-wide ceiling never refuses such an address.
import { inArray, lt, sql } from 'drizzle-orm';
import type { CounterRule } from '../config';
import type { Db } from '../db/client';
import { signInFailures, signInSuccesses } from '../db/schema';

/** How long an address that signed an account in stays exempt from that account's ceiling: 30 days. */
export const KNOWN_ADDRESS_MS = 30 * 24 * 60 * 60_000;

const ms = (n: number) => sql`(${Math.round(n)}::bigint * interval '1 millisecond')`;

export function signInFailuresRepository(db: Db) {
  return {
    /** The keys that are blocked now (at the database's clock), with the seconds left of each block. */
    async blocked(keys: string[]): Promise<Map<string, number>> {
      if (!keys.length) return new Map();
      const rows = await db
        .select({
          key: signInFailures.key,
          seconds: sql<number>`ceil(extract(epoch FROM ${signInFailures.blockedUntil} - now()))::integer`.mapWith(Number),
        })
        .from(signInFailures)
        .where(sql`${inArray(signInFailures.key, keys)} AND ${signInFailures.blockedUntil} > now()`);
      return new Map(rows.map((r) => [r.key, Math.max(1, r.seconds)]));
    },

    /** Counts one failure on the key under its rule (see the header). */
    async record(key: string, rule: CounterRule): Promise<void> {
      const t = signInFailures;
      const w = ms(rule.windowMs);
      // Quiet for a whole window (after the last block, if any): start over.
      const reset = sql`(CASE WHEN ${t.strikes} = 0 THEN ${t.windowStartedAt} < now() - ${w}
        ELSE coalesce(${t.blockedUntil}, ${t.lastFailureAt}) < now() - ${w} END)`;
      const failures = sql`(CASE WHEN ${reset} THEN 1 ELSE ${t.failures} + 1 END)`;
      const strikesBefore = sql`(CASE WHEN ${reset} THEN 0 ELSE ${t.strikes} END)`;
      const blocks = sql`(${failures} >= ${rule.max})`;
      const strikes = sql`(CASE WHEN ${blocks} THEN ${strikesBefore} + 1 ELSE ${strikesBefore} END)`;
      const blockFor = sql`least(${ms(rule.blockMs)} * power(2, least(${strikes} - 1, 30)), ${ms(rule.maxBlockMs)})`;
      const firstBlocks = 1 >= rule.max;
      await db
        .insert(t)
        .values({
          key,
          failures: 1,
          windowStartedAt: sql`now()`,
          lastFailureAt: sql`now()`,
          strikes: firstBlocks ? 1 : 0,
          blockedUntil: firstBlocks ? sql`now() + ${ms(rule.blockMs)}` : null,
        })
        .onConflictDoUpdate({
          target: t.key,
          set: {
            failures,
            strikes,
            windowStartedAt: sql`(CASE WHEN ${reset} THEN now() ELSE ${t.windowStartedAt} END)`,
            lastFailureAt: sql`now()`,
            blockedUntil: sql`(CASE WHEN ${blocks} THEN now() + ${blockFor} WHEN ${reset} THEN NULL ELSE ${t.blockedUntil} END)`,
          },
        });
    },

    /** Whether the key saw a failure within the last `withinMs`. */
    async failedWithin(key: string, withinMs: number): Promise<boolean> {
      const [row] = await db
        .select({ key: signInFailures.key })
        .from(signInFailures)
        .where(sql`${signInFailures.key} = ${key} AND ${signInFailures.lastFailureAt} > now() - ${ms(withinMs)}`);
      return Boolean(row);
    },

    /**
     * Deletes counters quiet for longer than `keepMs` and not blocked (they no longer limit anything),
     * and successes older than KNOWN_ADDRESS_MS.
     */
    async purgeExpired(keepMs: number): Promise<void> {
      await db
        .delete(signInFailures)
        .where(sql`${lt(signInFailures.lastFailureAt, sql`now() - ${ms(keepMs)}`)} AND coalesce(${signInFailures.blockedUntil}, '-infinity') < now()`);
      await db.delete(signInSuccesses).where(lt(signInSuccesses.lastSuccessAt, sql`now() - ${ms(KNOWN_ADDRESS_MS)}`));
    },

    /** Whether the pair completed a sign-in within the last `withinMs` (a known address of the account). */
    async succeededWithin(pairKey: string, withinMs: number): Promise<boolean> {
      const [row] = await db
        .select({ key: signInSuccesses.key })
        .from(signInSuccesses)
        .where(sql`${signInSuccesses.key} = ${pairKey} AND ${signInSuccesses.lastSuccessAt} > now() - ${ms(withinMs)}`);
      return Boolean(row);
    },

    /**
     * A sign-in completed from these pairs (the sign-in routes call it only then): their failures are
     * cleared, and each pair is remembered as a known address of its account from now on.
     */
    async clear(pairKeys: string[]): Promise<void> {
      if (!pairKeys.length) return;
      await db.delete(signInFailures).where(inArray(signInFailures.key, pairKeys));
      await db
        .insert(signInSuccesses)
        .values(pairKeys.map((key) => ({ key, lastSuccessAt: sql`now()` })))
        .onConflictDoUpdate({ target: signInSuccesses.key, set: { lastSuccessAt: sql`now()` } });
    },
  };
}
