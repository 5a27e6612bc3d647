// Sessions: one row per sign-in, looked up on every authenticated request together with the
// user's state, so sign-out, deactivation and role changes take effect at once (docs/architecture.md §6).
import { and, eq, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { roleOperations, roles, sessions, users } from '../db/schema';

export interface SessionUser {
  sessionId: string;
  lastSeenAt: Date;
  userId: number;
  username: string;
  roleId: number;
  roleName: string;
  active: boolean;
  needToChangePass: boolean;
  /** The role requires TOTP and the user has not enrolled. */
  totpEnrollmentRequired: boolean;
  /** Whose data the role's grants reach (roles.scope). */
  roleScope: 'own' | 'all';
  /** The role holds a grant for the operation asked about (true when none was). */
  operationGranted: boolean;
}

/** last_seen_at is refreshed at most this often, so reads do not each cost a write. */
const TOUCH_AFTER_MS = 60_000;

export function sessionsRepository(db: Db) {
  return {
    async create(userId: number): Promise<string> {
      const [row] = await db.insert(sessions).values({ userId }).returning({ id: sessions.id });
      return row.id;
    },

    /**
     * The unrevoked session with its user, or undefined. With `operation`, also whether the user's
     * role holds a grant for it, in the same indexed query (docs/product.md §6, read on every request).
     */
    async find(sessionId: string, operation?: { method: string; route: string }): Promise<SessionUser | undefined> {
      const granted = operation
        ? sql<boolean>`EXISTS (SELECT 1 FROM ${roleOperations} WHERE ${roleOperations.roleId} = ${users.roleId} AND ${roleOperations.method} = ${operation.method} AND ${roleOperations.route} = ${operation.route})`
        : sql<boolean>`true`;
      const [row] = await db
        .select({
          sessionId: sessions.id,
          lastSeenAt: sessions.lastSeenAt,
          userId: users.id,
          username: users.username,
          roleId: users.roleId,
          roleName: roles.name,
          active: users.active,
          needToChangePass: users.needToChangePass,
          totpEnrollmentRequired: sql<boolean>`(${roles.requireTotp} AND ${users.totpSecretEnc} IS NULL)`,
          roleScope: roles.scope,
          operationGranted: granted,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .innerJoin(roles, eq(roles.id, users.roleId))
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
      return row;
    },

    async touch(session: Pick<SessionUser, 'sessionId' | 'lastSeenAt'>): Promise<void> {
      if (Date.now() - session.lastSeenAt.getTime() < TOUCH_AFTER_MS) return;
      await db
        .update(sessions)
        .set({ lastSeenAt: sql`now()` })
        .where(and(eq(sessions.id, session.sessionId), lt(sessions.lastSeenAt, sql`now() - interval '1 minute'`)));
    },

    async revoke(sessionId: string): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
    },

    /** Deletes sessions that can never be used again: revoked, or older than the token lifetime. */
    async purgeExpired(tokenTtlSeconds: number): Promise<void> {
      await db
        .delete(sessions)
        .where(or(isNotNull(sessions.revokedAt), lt(sessions.createdAt, sql`now() - (${tokenTtlSeconds}::integer * interval '1 second')`)));
    },

    /** Ends every session of a user (deactivation, password change), optionally keeping one. */
    async revokeAllForUser(userId: number, exceptSessionId?: string): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined));
    },
  };
}
