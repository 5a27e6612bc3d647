// Application records (docs/product.md §3 Application): the list and detail DTOs the panel reads, and the
// writes of storeApp / updateApp / changeStatus / destroy. Creating an app also creates its
// settings row (with the generated core and cpp keys) and its ad settings row, so every app always
// has both; callers run `create` and `destroy` inside a transaction (a changing request's own).
import { and, asc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { APP_ADMIN_ROLE_IDS, SOURCE_HOSTS, type AppBody, type AppDto, type AppStatusFilter, type SourceHostValues } from '../../../src/contract';
import type { Db } from '../db/client';
import { adSettings, appSettings, apps, appVersions, devices, serverApps, users } from '../db/schema';
import { generateApiKey, generateCoreIv, generateCoreKey, randomAlphanumeric } from '../domain/word-crypto';

export type AppRow = typeof apps.$inferSelect;

export interface AppListFilter {
  /** Limits the list (rbac appScope / the caller's own apps); undefined lists every app. */
  scope?: SQL;
  search?: string | null;
  active?: AppStatusFilter;
  withSourceHosts: boolean;
}

/** `%`, `_` and `\` are literal in a search term. */
const likeTerm = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const adminName = sql<string>`trim(${users.name} || ' ' || ${users.family})`;

const listColumns = {
  app: apps,
  adminName,
  googlePlayLink: appSettings.googlePlayLink,
  github: appSettings.github,
  gitlab: appSettings.gitlab,
  gitea: appSettings.gitea,
  codeberg: appSettings.codeberg,
  bitbucket: appSettings.bitbucket,
};

type ListRow = { app: AppRow; adminName: string; googlePlayLink: string | null } & SourceHostValues;

function toDto(r: ListRow, withSourceHosts: boolean): AppDto & Partial<SourceHostValues> {
  const a = r.app;
  const dto: AppDto & Partial<SourceHostValues> = {
    id: a.id,
    name: a.name,
    packageName: a.packageName,
    adminId: a.adminId,
    adminName: r.adminName,
    sign: a.sign,
    cppSign: a.cppSign,
    description: a.description,
    firebaseConfig: a.firebaseConfig,
    email: a.email,
    active: a.active,
    apiKey: a.apiKey,
    googlePlayLink: r.googlePlayLink,
    repoName: a.repoName,
    hasRobotApiKey: a.robotApiKeyHash !== null,
    createdAt: a.createdAt.toISOString(),
  };
  if (withSourceHosts) for (const h of SOURCE_HOSTS) dto[h] = r[h];
  return dto;
}

export function appsRepository(db: Db) {
  const select = () => db.select(listColumns).from(apps).innerJoin(users, eq(users.id, apps.adminId)).leftJoin(appSettings, eq(appSettings.appId, apps.id));

  return {
    async list(filter: AppListFilter): Promise<(AppDto & Partial<SourceHostValues>)[]> {
      const conditions: (SQL | undefined)[] = [filter.scope];
      if (filter.search) {
        const term = likeTerm(filter.search);
        conditions.push(
          or(ilike(apps.name, term), ilike(apps.packageName, term), ilike(apps.apiKey, term), ilike(adminName, term), ilike(users.username, term)),
        );
      }
      if (filter.active === 'true') conditions.push(eq(apps.active, true));
      if (filter.active === 'false') conditions.push(eq(apps.active, false));
      const rows = await select()
        .where(and(...conditions))
        .orderBy(asc(apps.id));
      return rows.map((r) => toDto(r, filter.withSourceHosts));
    },

    async findDto(id: number, withSourceHosts: boolean): Promise<(AppDto & Partial<SourceHostValues>) | undefined> {
      const [row] = await select().where(eq(apps.id, id));
      return row && toDto(row, withSourceHosts);
    },

    async findById(id: number): Promise<AppRow | undefined> {
      const [row] = await db.select().from(apps).where(eq(apps.id, id));
      return row;
    },

    async packageNameTaken(packageName: string, exceptId?: number): Promise<boolean> {
      const [row] = await db.select({ id: apps.id }).from(apps).where(eq(apps.packageName, packageName));
      return Boolean(row && row.id !== exceptId);
    },

    /** adminId must name an active app admin: the same population GET users/appAdmins offers. */
    async isActiveAppAdmin(userId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, userId), inArray(users.roleId, [...APP_ADMIN_ROLE_IDS]), eq(users.active, true)));
      return Boolean(row);
    },

    /** The app with its generated keys, its settings row and its ad settings row. Run in a transaction. */
    async create(body: AppBody): Promise<number> {
      const [row] = await db
        .insert(apps)
        .values({ ...appColumns(body), apiKey: generateApiKey() })
        .returning({ id: apps.id });
      await db.insert(appSettings).values({
        appId: row.id,
        newCoreKey: generateCoreKey(),
        newCoreIv: generateCoreIv(),
        // The cpp layer takes the same sizes as the core cipher (AES-256 key, 128-bit IV).
        cppKey: randomAlphanumeric(32),
        cppIv: randomAlphanumeric(16),
      });
      await db.insert(adSettings).values({ appId: row.id });
      return row.id;
    },

    async update(id: number, body: AppBody): Promise<void> {
      await db.update(apps).set(appColumns(body)).where(eq(apps.id, id));
    },

    async setActive(id: number, active: boolean): Promise<void> {
      await db.update(apps).set({ active }).where(eq(apps.id, id));
    },

    async setRobotApiKeyHash(id: number, hash: string): Promise<void> {
      await db.update(apps).set({ robotApiKeyHash: hash }).where(eq(apps.id, id));
    },

    async setRepoName(id: number, repoName: string | null): Promise<void> {
      await db.update(apps).set({ repoName }).where(eq(apps.id, id));
    },

    /**
     * Removes the app and everything that hangs off it: devices, server links, versions, ads and
     * settings (servers themselves stay). The foreign keys cascade too; deleting explicitly keeps
     * the order visible and does not depend on cascades a sharded devices table may lack. Run in a
     * transaction.
     */
    async destroy(id: number): Promise<void> {
      await db.delete(devices).where(eq(devices.appId, id));
      await db.delete(serverApps).where(eq(serverApps.appId, id));
      await db.delete(appVersions).where(eq(appVersions.appId, id));
      await db.delete(adSettings).where(eq(adSettings.appId, id));
      await db.delete(appSettings).where(eq(appSettings.appId, id));
      await db.delete(apps).where(eq(apps.id, id));
    },
  };
}

function appColumns(body: AppBody) {
  return {
    name: body.name,
    packageName: body.packageName,
    adminId: body.adminId,
    sign: body.sign,
    cppSign: body.cppSign ?? null,
    description: body.description ?? null,
    firebaseConfig: body.firebaseConfig ?? null,
    email: body.email ?? null,
  };
}
