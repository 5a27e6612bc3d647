// VPN servers and their links to apps (docs/product.md §3 Server). The list answers the Server DTO the panel
// shows; the stored password (sealed, password_enc) never leaves this module except as the
// `hasPassword` flag. Ownership is decided by the caller (auth/rbac.ts); here a scope is just "the
// apps administered by user X" or everything, written once in ./reach.ts (appsAdministeredBy, serverIdsAdministeredBy).
import { and, asc, count, countDistinct, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ServerDto } from '../../../src/contract';
import { appsAdministeredBy, serverIdsAdministeredBy } from './reach';
import type { Db } from '../db/client';
import { apps, countries, profiles, serverApps, servers } from '../db/schema';
import { ID_CHUNK, chunk, toCount } from '../db/helpers';
import { flagUrl } from '../domain/flags';

/** Whose servers: those linked to apps administered by `adminId`, or every server (null). */
export interface ServerScope {
  adminId: number | null;
}

export interface ServerValues {
  ip: string;
  countryId: number;
  username: string | null;
  port: number;
  /** A sealed password; undefined keeps the stored one (update). */
  passwordEnc?: string | null;
}

export function serversRepository(db: Db) {
  return {
    /** Servers in `scope`, optionally only one (`id`) or those linked to `appId`, ordered by id. */
    /**
     * `sharedFor`: the caller's id when they are not role_id 1. `shared` then says whether the server is
     * shared for them (linked to an app they do not administer), the rule auth/access.ts refuses
     * changes by; for role_id 1 it says whether apps of more than one admin use it.
     */
    async list(scope: ServerScope, filter: { id?: number; appId?: number } = {}, sharedFor?: number): Promise<ServerDto[]> {
      const conditions: SQL[] = [];
      if (filter.id !== undefined) conditions.push(eq(servers.id, filter.id));
      if (scope.adminId !== null) conditions.push(inArray(servers.id, serverIdsAdministeredBy(db, scope.adminId)));
      if (filter.appId !== undefined) {
        conditions.push(inArray(servers.id, db.select({ id: serverApps.serverId }).from(serverApps).where(eq(serverApps.appId, filter.appId))));
      }
      const where = conditions.length ? and(...conditions) : undefined;
      const rows = await db
        .select({
          id: servers.id,
          ip: servers.ip,
          username: servers.username,
          provider: servers.provider,
          port: servers.port,
          passwordEnc: servers.passwordEnc,
          country: { id: countries.id, name: countries.name, code: countries.code },
        })
        .from(servers)
        .innerJoin(countries, eq(countries.id, servers.countryId))
        .where(where)
        .orderBy(asc(servers.id));
      if (!rows.length) return [];

      const matching = db.select({ id: servers.id }).from(servers).where(where);
      // An app admin sees only their own apps on a server that other admins' apps share.
      const links = await db
        .select({ serverId: serverApps.serverId, id: apps.id, name: apps.name })
        .from(serverApps)
        .innerJoin(apps, eq(apps.id, serverApps.appId))
        .where(and(inArray(serverApps.serverId, matching), appsAdministeredBy(scope.adminId)))
        .orderBy(asc(apps.id));
      const counts = await db
        .select({ serverId: profiles.serverId, n: count() })
        .from(profiles)
        .where(inArray(profiles.serverId, matching))
        .groupBy(profiles.serverId);

      const appsOf = new Map<number, ServerDto['apps']>();
      for (const l of links) {
        const list = appsOf.get(l.serverId) ?? [];
        list.push({ app: { id: l.id, name: l.name } });
        appsOf.set(l.serverId, list);
      }
      const admins = await db
        .select({
          serverId: serverApps.serverId,
          n: countDistinct(apps.adminId),
          others: sql<number>`count(*) FILTER (WHERE ${apps.adminId} <> ${sharedFor ?? 0})`,
        })
        .from(serverApps)
        .innerJoin(apps, eq(apps.id, serverApps.appId))
        .where(inArray(serverApps.serverId, matching))
        .groupBy(serverApps.serverId);
      const sharedIds = new Set(admins.filter((a) => (sharedFor === undefined ? toCount(a.n) > 1 : toCount(a.others) > 0)).map((a) => a.serverId));
      const countOf = new Map(counts.map((c) => [c.serverId, toCount(c.n)]));
      return rows.map((r) => ({
        id: r.id,
        ip: r.ip,
        apps: appsOf.get(r.id) ?? [],
        location: r.country,
        flagUrl: flagUrl(r.country.code),
        username: r.username,
        provider: r.provider,
        port: r.port,
        hasPassword: r.passwordEnc !== null,
        profileCount: countOf.get(r.id) ?? 0,
        shared: sharedIds.has(r.id),
      }));
    },

    /** Which of `appIds` exist and are in `scope`: the apps a server of this caller may link to. */
    async usableAppIds(appIds: number[], scope: ServerScope): Promise<number[]> {
      const rows = await db
        .select({ id: apps.id })
        .from(apps)
        .where(and(inArray(apps.id, appIds), appsAdministeredBy(scope.adminId)));
      return rows.map((r) => r.id);
    },

    /** The stored credentials of a server (for the update rules), or undefined. */
    async credentials(id: number): Promise<{ username: string | null; hasPassword: boolean } | undefined> {
      const [row] = await db.select({ username: servers.username, passwordEnc: servers.passwordEnc }).from(servers).where(eq(servers.id, id));
      return row && { username: row.username, hasPassword: row.passwordEnc !== null };
    },

    /** Inserts a server and its app links; run it in a transaction. */
    async create(values: ServerValues, appIds: number[]): Promise<number> {
      const [row] = await db
        .insert(servers)
        .values({ ...values, passwordEnc: values.passwordEnc ?? null })
        .returning({ id: servers.id });
      await db.insert(serverApps).values(appIds.map((appId) => ({ serverId: row.id, appId })));
      return row.id;
    },

    /**
     * Updates a server and replaces its links to the apps in `scope` with `appIds`. Links to apps
     * outside the scope (another admin's app sharing the server) are kept: the caller cannot see
     * them, so their absence from `appIds` means nothing. Run it in a transaction.
     */
    async update(id: number, values: ServerValues, appIds: number[], scope: ServerScope): Promise<void> {
      const { passwordEnc, ...rest } = values;
      await db
        .update(servers)
        .set({ ...rest, ...(passwordEnc !== undefined && { passwordEnc }) })
        .where(eq(servers.id, id));
      const inScope =
        scope.adminId === null ? undefined : inArray(serverApps.appId, db.select({ id: apps.id }).from(apps).where(appsAdministeredBy(scope.adminId)));
      await db.delete(serverApps).where(and(eq(serverApps.serverId, id), inScope));
      if (!appIds.length) return; // the caller unlinked their apps; other admins' links stay
      await db
        .insert(serverApps)
        .values(appIds.map((appId) => ({ serverId: id, appId })))
        .onConflictDoNothing();
    },

    /** Deletes servers; their profiles and app links go with them (ON DELETE CASCADE). Run it in a transaction. */
    async remove(ids: number[]): Promise<number> {
      let n = 0;
      for (const part of chunk(ids, ID_CHUNK)) {
        n += (await db.delete(servers).where(inArray(servers.id, part)).returning({ id: servers.id })).length;
      }
      return n;
    },
  };
}
