// TOTP state of staff users (README "Two-factor sign-in"): the sealed secret and the pending one,
// the last accepted step, the hashed recovery codes, the per-role requirement, and the sign-in
// challenges that stand between a right password and a token.
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { RoleOption } from '../../../src/contract';
import type { Db } from '../db/client';
import { roles, signInChallenges, totpRecoveryCodes, users } from '../db/schema';

export interface ChallengeRow {
  userId: number;
  address: string;
  failures: number;
}

export function totpRepository(db: Db) {
  return {
    async setPending(userId: number, sealed: string | null): Promise<void> {
      await db.update(users).set({ totpPendingEnc: sealed }).where(eq(users.id, userId));
    },

    /** Turns TOTP on with the pending secret and replaces the recovery codes. */
    async enable(userId: number, sealed: string, step: number, recoveryHashes: string[]): Promise<void> {
      await db.update(users).set({ totpSecretEnc: sealed, totpPendingEnc: null, totpLastStep: step }).where(eq(users.id, userId));
      await db.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, userId));
      await db.insert(totpRecoveryCodes).values(recoveryHashes.map((codeHash) => ({ userId, codeHash })));
    },

    /** Turns TOTP off: secret, pending secret, recovery codes and open challenges all go. */
    async disable(userId: number): Promise<void> {
      await db.update(users).set({ totpSecretEnc: null, totpPendingEnc: null, totpLastStep: null }).where(eq(users.id, userId));
      await db.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, userId));
      await db.delete(signInChallenges).where(eq(signInChallenges.userId, userId));
    },

    /** Records an accepted step, only if it is later than the last one (false: a replay lost the race). */
    async advanceStep(userId: number, step: number): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ totpLastStep: step })
        .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
        .returning({ id: users.id });
      return rows.length === 1;
    },

    /** Uses up an unused recovery code of the user; false when there is none with that hash. */
    async useRecoveryCode(userId: number, codeHash: string): Promise<boolean> {
      const rows = await db
        .update(totpRecoveryCodes)
        .set({ usedAt: sql`now()` })
        .where(and(eq(totpRecoveryCodes.userId, userId), eq(totpRecoveryCodes.codeHash, codeHash), isNull(totpRecoveryCodes.usedAt)))
        .returning({ id: totpRecoveryCodes.id });
      return rows.length > 0;
    },

    async unusedRecoveryCodes(userId: number): Promise<number> {
      const rows = await db
        .select({ id: totpRecoveryCodes.id })
        .from(totpRecoveryCodes)
        .where(and(eq(totpRecoveryCodes.userId, userId), isNull(totpRecoveryCodes.usedAt)));
      return rows.length;
    },

    async setRoleRequirement(roleId: number, required: boolean): Promise<boolean> {
      const rows = await db.update(roles).set({ requireTotp: required }).where(eq(roles.id, roleId)).returning({ id: roles.id });
      return rows.length === 1;
    },

    async roleOptions(): Promise<RoleOption[]> {
      return db.select({ id: roles.id, name: roles.name, pName: roles.pName, requireTotp: roles.requireTotp }).from(roles).orderBy(roles.id);
    },

    // --- Sign-in challenges ---

    async createChallenge(id: string, userId: number, address: string, ttlMs: number): Promise<void> {
      await db.insert(signInChallenges).values({
        id,
        userId,
        address,
        expiresAt: sql`now() + (${ttlMs}::integer * interval '1 millisecond')`,
      });
    },

    /**
     * Takes one code check of a live challenge (unknown, expired, or with `maxAttempts` checks taken:
     * undefined), in one atomic statement, before the code is looked at. Concurrent calls on one
     * challenge queue on its row, so at most `maxAttempts` codes are ever checked; the right code
     * deletes the challenge, so what `failures` counts on a live challenge is wrong codes. Run it
     * outside the request's transaction (it must stay taken when the call is refused).
     */
    async takeChallengeAttempt(id: string, maxAttempts: number): Promise<ChallengeRow | undefined> {
      const [row] = await db
        .update(signInChallenges)
        .set({ failures: sql`${signInChallenges.failures} + 1` })
        .where(and(eq(signInChallenges.id, id), gt(signInChallenges.expiresAt, sql`now()`), lt(signInChallenges.failures, maxAttempts)))
        .returning({ userId: signInChallenges.userId, address: signInChallenges.address, failures: signInChallenges.failures });
      return row;
    },

    async deleteChallenge(id: string): Promise<void> {
      await db.delete(signInChallenges).where(eq(signInChallenges.id, id));
    },

    async purgeExpiredChallenges(): Promise<void> {
      await db.delete(signInChallenges).where(lt(signInChallenges.expiresAt, sql`now()`));
    },
  };
}
