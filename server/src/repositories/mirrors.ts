// The bundle mirrors' rows (docs/product.md §7 "Mobile apps"): each app's git remotes with their sealed tokens
// and publishing state, the due list the publisher works through, and the lease that lets one
// instance publish at a time. Tokens arrive and leave sealed; only `due` and `find` hand one out,
// to the publisher and the test call.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { appConfigVersions, appMirrors, apps, auditLog, mirrorPublishLease } from '../db/schema';

export interface MirrorFields {
  kind: string;
  url: string;
  branch: string;
  path: string;
}

/** A mirror as it may be shown: never its token. */
export interface MirrorRow extends MirrorFields {
  id: number;
  appId: number;
  publishedVersion: number | null;
  publishedAt: Date | null;
  publishedCommit: string | null;
  attemptedAt: Date | null;
  lastError: string | null;
  failures: number;
  nextAttemptAt: Date;
  requested: boolean;
  currentVersion: number;
  /** Nothing is published for an inactive app. */
  appActive: boolean;
}

/** A mirror due for a publish, with its sealed token and the app's version now. */
export interface DueMirror extends MirrorFields {
  id: number;
  appId: number;
  tokenSealed: string;
  version: number;
  failures: number;
}

const shown = {
  id: appMirrors.id,
  appId: appMirrors.appId,
  kind: appMirrors.kind,
  url: appMirrors.url,
  branch: appMirrors.branch,
  path: appMirrors.path,
  publishedVersion: appMirrors.publishedVersion,
  publishedAt: appMirrors.publishedAt,
  publishedCommit: appMirrors.publishedCommit,
  attemptedAt: appMirrors.attemptedAt,
  lastError: appMirrors.lastError,
  failures: appMirrors.failures,
  nextAttemptAt: appMirrors.nextAttemptAt,
  requested: appMirrors.requested,
  currentVersion: sql<number>`coalesce(${appConfigVersions.version}, 0)`.mapWith(Number),
  appActive: apps.active,
};

/** The mirror as it was when its publish began: an outcome is not stored on a mirror edited since (it starts afresh). */
const unchanged = (m: DueMirror) =>
  and(
    eq(appMirrors.id, m.id),
    eq(appMirrors.url, m.url),
    eq(appMirrors.branch, m.branch),
    eq(appMirrors.path, m.path),
    eq(appMirrors.tokenSealed, m.tokenSealed),
  );

export function mirrorsRepository(db: Db) {
  const select = () =>
    db.select(shown).from(appMirrors).innerJoin(apps, eq(apps.id, appMirrors.appId)).leftJoin(appConfigVersions, eq(appConfigVersions.appId, appMirrors.appId));
  return {
    async list(appId: number): Promise<MirrorRow[]> {
      return select().where(eq(appMirrors.appId, appId)).orderBy(asc(appMirrors.id));
    },

    async get(appId: number, id: number): Promise<MirrorRow | undefined> {
      const [row] = await select().where(and(eq(appMirrors.appId, appId), eq(appMirrors.id, id)));
      return row;
    },

    async count(appId: number): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(appMirrors)
        .where(eq(appMirrors.appId, appId));
      return row.n;
    },

    /** The sealed token of one of the app's mirrors. */
    async sealedToken(appId: number, id: number): Promise<string | undefined> {
      const [row] = await db
        .select({ t: appMirrors.tokenSealed })
        .from(appMirrors)
        .where(and(eq(appMirrors.appId, appId), eq(appMirrors.id, id)));
      return row?.t;
    },

    async insert(appId: number, fields: MirrorFields, tokenSealed: string): Promise<number> {
      const [row] = await db
        .insert(appMirrors)
        .values({ appId, ...fields, tokenSealed })
        .returning({ id: appMirrors.id });
      return row.id;
    },

    /** New fields (and token, when given) start the mirror afresh: published again at once. */
    async update(appId: number, id: number, fields: MirrorFields, tokenSealed: string | undefined): Promise<boolean> {
      const rows = await db
        .update(appMirrors)
        .set({
          ...fields,
          ...(tokenSealed && { tokenSealed }),
          publishedVersion: null,
          publishedCommit: null,
          lastError: null,
          failures: 0,
          nextAttemptAt: sql`now()`,
        })
        .where(and(eq(appMirrors.appId, appId), eq(appMirrors.id, id)))
        .returning({ id: appMirrors.id });
      return rows.length > 0;
    },

    async remove(appId: number, id: number): Promise<boolean> {
      const rows = await db
        .delete(appMirrors)
        .where(and(eq(appMirrors.appId, appId), eq(appMirrors.id, id)))
        .returning({ id: appMirrors.id });
      return rows.length > 0;
    },

    /** "Publish now": due at once, backoff forgotten, published even if the version is there already. */
    async request(appId: number, id: number): Promise<boolean> {
      const rows = await db
        .update(appMirrors)
        .set({ requested: true, failures: 0, nextAttemptAt: sql`now()` })
        .where(and(eq(appMirrors.appId, appId), eq(appMirrors.id, id)))
        .returning({ id: appMirrors.id });
      return rows.length > 0;
    },

    /**
     * Mirrors whose time has come (their backoff is over) and that have something to publish, of
     * active apps only (an inactive app's bundle is refused to the phones, so it is not published
     * either): a "publish now"; a mirror that holds no version yet (new or edited: at once); a bundle
     * issued before today (so the copy on the mirror never expires); or a newer config version once
     * the app's debounce is over. That debounce is the app's, not the mirror's: `debounceMs` after the
     * latest publish among the app's mirrors that are behind, so all of them wait for the same moment
     * and publish the same version together, and an app's mirrors get at most one commit a minute
     * from config changes, whenever each was last published.
     */
    async due(limit: number, except: number[], debounceMs: number): Promise<DueMirror[]> {
      const version = sql<number>`coalesce(${appConfigVersions.version}, 0)`.mapWith(Number);
      const debounce = sql`${`${Math.round(debounceMs)} milliseconds`}::interval`;
      const appLast = sql`(SELECT max(o.published_at) FROM app_mirrors o WHERE o.app_id = ${appMirrors.appId}
        AND o.published_version IS DISTINCT FROM ${version})`;
      return db
        .select({
          id: appMirrors.id,
          appId: appMirrors.appId,
          kind: appMirrors.kind,
          url: appMirrors.url,
          branch: appMirrors.branch,
          path: appMirrors.path,
          tokenSealed: appMirrors.tokenSealed,
          version,
          failures: appMirrors.failures,
        })
        .from(appMirrors)
        .innerJoin(apps, eq(apps.id, appMirrors.appId))
        .leftJoin(appConfigVersions, eq(appConfigVersions.appId, appMirrors.appId))
        .where(
          sql`${appMirrors.nextAttemptAt} <= now() AND ${apps.active}
            AND ${
              except.length
                ? sql`${appMirrors.id} NOT IN (${sql.join(
                    except.map((id) => sql`${id}`),
                    sql`, `,
                  )})`
                : sql`true`
            }
            AND (${appMirrors.requested} OR ${appMirrors.publishedVersion} IS NULL
              OR (${appMirrors.publishedVersion} <> ${version} AND coalesce(${appLast} + ${debounce} <= now(), true))
              OR ${appMirrors.publishedAt} < date_trunc('day', now(), 'UTC'))`,
        )
        .orderBy(asc(appMirrors.nextAttemptAt))
        .limit(limit);
    },

    /** A publish went through: the next waits for a new version and the app's debounce (`due`). */
    async published(m: DueMirror, version: number, commit: string | null): Promise<void> {
      await db
        .update(appMirrors)
        .set({
          publishedVersion: version,
          publishedAt: sql`now()`,
          ...(commit && { publishedCommit: commit }),
          attemptedAt: sql`now()`,
          lastError: null,
          failures: 0,
          requested: false,
          nextAttemptAt: sql`now()`,
        })
        .where(unchanged(m));
    },

    /** A publish failed: the message kept, tried again after `retryMs`. */
    async failed(m: DueMirror, message: string, retryMs: number): Promise<void> {
      await db
        .update(appMirrors)
        .set({
          attemptedAt: sql`now()`,
          lastError: message,
          failures: sql`${appMirrors.failures} + 1`,
          nextAttemptAt: sql`now() + ${`${Math.round(retryMs)} milliseconds`}::interval`,
        })
        .where(unchanged(m));
    },

    /** The publisher's own audit record of one publish (no request, no user; never the token). */
    async audit(appId: number, action: string, detail: Record<string, unknown>): Promise<void> {
      await db.insert(auditLog).values({
        actorName: 'mirror publisher',
        action,
        operation: 'PUBLISH apps/mirrors/{appId}/{mirrorId}',
        target: `app:${appId}`,
        targetType: 'app',
        targetId: String(appId),
        detail,
      });
    },

    /** Takes or renews the publishing lease for `ms`: true when this holder has it. */
    async lease(holder: string, ms: number): Promise<boolean> {
      const until = sql`now() + ${`${Math.round(ms)} milliseconds`}::interval`;
      const rows = await db
        .insert(mirrorPublishLease)
        .values({ name: 'mirrors', holder, expiresAt: until })
        .onConflictDoUpdate({
          target: mirrorPublishLease.name,
          set: { holder, expiresAt: until },
          setWhere: sql`${mirrorPublishLease.holder} = ${holder} OR ${mirrorPublishLease.expiresAt} < now()`,
        })
        .returning({ holder: mirrorPublishLease.holder });
      return rows.length > 0;
    },

    async releaseLease(holder: string): Promise<void> {
      await db.delete(mirrorPublishLease).where(and(eq(mirrorPublishLease.name, 'mirrors'), eq(mirrorPublishLease.holder, holder)));
    },
  };
}
