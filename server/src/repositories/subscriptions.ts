// Subscriptions (db/schema/subscriptions.ts): made with the token's hash, listed with what each covers,
// found by the hash of a fetched token, and the profiles a fetch answers (sealed, opened by the route).
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Operator, SubFormat, SubscriptionDto } from '../../../src/contract';
import type { Db } from '../db/client';
import { apps, appSettings, profiles, serverApps, servers, subscriptions } from '../db/schema';

export interface NewSubscription {
  label: string;
  serverId: number | null;
  appId: number | null;
  operator: Operator | null;
  format: SubFormat | null;
  tokenHash: string;
  createdBy: number;
}

export interface SubscriptionRow {
  id: number;
  label: string;
  serverId: number | null;
  appId: number | null;
  operator: Operator | null;
  format: string | null;
}

/** The app links a client shows beside a subscription (support, web page). */
export interface AppLinks {
  telegram: string | null;
  aboutLink: string | null;
  googlePlayLink: string | null;
}

const listColumns = {
  id: subscriptions.id,
  label: subscriptions.label,
  serverId: subscriptions.serverId,
  appId: subscriptions.appId,
  operator: subscriptions.operator,
  format: subscriptions.format,
  createdAt: subscriptions.createdAt,
  lastFetchedAt: subscriptions.lastFetchedAt,
  fetchCount: subscriptions.fetchCount,
  serverName: servers.ip,
  appName: apps.name,
};

export function subscriptionsRepository(db: Db) {
  return {
    async insert(values: NewSubscription): Promise<number> {
      const [row] = await db.insert(subscriptions).values(values).returning({ id: subscriptions.id });
      return row.id;
    },

    /** Newest first; one server's, one app's, or all. */
    async list(filter: { serverId?: number; appId?: number; id?: number } = {}): Promise<SubscriptionDto[]> {
      const where: SQL[] = [];
      if (filter.serverId !== undefined) where.push(eq(subscriptions.serverId, filter.serverId));
      if (filter.appId !== undefined) where.push(eq(subscriptions.appId, filter.appId));
      if (filter.id !== undefined) where.push(eq(subscriptions.id, filter.id));
      const rows = await db
        .select(listColumns)
        .from(subscriptions)
        .leftJoin(servers, eq(servers.id, subscriptions.serverId))
        .leftJoin(apps, eq(apps.id, subscriptions.appId))
        .where(where.length ? and(...where) : undefined)
        .orderBy(desc(subscriptions.id));
      return rows.map((r) => ({
        id: r.id,
        label: r.label,
        scope:
          r.serverId !== null
            ? { kind: 'server' as const, id: r.serverId, name: r.serverName ?? '' }
            : { kind: 'app' as const, id: r.appId!, name: r.appName ?? '' },
        operator: r.operator,
        format: r.format,
        createdAt: r.createdAt.toISOString(),
        lastFetchedAt: r.lastFetchedAt ? r.lastFetchedAt.toISOString() : null,
        fetchCount: r.fetchCount,
      }));
    },

    async byTokenHash(tokenHash: string): Promise<SubscriptionRow | undefined> {
      const [row] = await db
        .select({
          id: subscriptions.id,
          label: subscriptions.label,
          serverId: subscriptions.serverId,
          appId: subscriptions.appId,
          operator: subscriptions.operator,
          format: subscriptions.format,
        })
        .from(subscriptions)
        .where(eq(subscriptions.tokenHash, tokenHash));
      return row;
    },

    /** Removes it; false when there was none. */
    async remove(id: number): Promise<boolean> {
      const rows = await db.delete(subscriptions).where(eq(subscriptions.id, id)).returning({ id: subscriptions.id });
      return rows.length > 0;
    },

    async markFetched(id: number): Promise<void> {
      await db
        .update(subscriptions)
        .set({ lastFetchedAt: new Date(), fetchCount: sql`${subscriptions.fetchCount} + 1` })
        .where(eq(subscriptions.id, id));
    },

    /** The sealed profiles it covers (name and sealed address), in server then profile order. */
    async profilesOf(sub: SubscriptionRow): Promise<{ id: number; name: string; address: string }[]> {
      const where: SQL[] = [];
      if (sub.serverId !== null) where.push(eq(profiles.serverId, sub.serverId));
      else where.push(inArray(profiles.serverId, db.select({ id: serverApps.serverId }).from(serverApps).where(eq(serverApps.appId, sub.appId!))));
      if (sub.operator) where.push(eq(profiles.operator, sub.operator));
      return db
        .select({ id: profiles.id, name: profiles.name, address: profiles.addressEnc })
        .from(profiles)
        .where(and(...where))
        .orderBy(asc(profiles.serverId), asc(profiles.id));
    },

    /** The links of its app: the app itself, or the first app (by id) linked to its server. */
    async appLinksOf(sub: SubscriptionRow): Promise<AppLinks | undefined> {
      const appId =
        sub.appId ??
        (await db.select({ id: serverApps.appId }).from(serverApps).where(eq(serverApps.serverId, sub.serverId!)).orderBy(asc(serverApps.appId)).limit(1))[0]
          ?.id;
      if (appId === undefined) return undefined;
      const [row] = await db
        .select({ telegram: appSettings.telegram, aboutLink: appSettings.aboutLink, googlePlayLink: appSettings.googlePlayLink })
        .from(appSettings)
        .where(eq(appSettings.appId, appId));
      return row;
    },
  };
}
