// What an audit record can be about, and how to read its fields before and after a change
// (docs/architecture.md §6 "Audit log"). Each loader reads the whole row (or the group of rows a call
// changes at once), so the record diff shows every field that changed, whichever code path changed it.
import { asc, eq, getTableColumns, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { rawPublicKey } from '../domain/bundle';
import {
  adSettings,
  appBundleKeys,
  appBundleSettings,
  appMirrors,
  appSettings,
  appVersions,
  apps,
  devices,
  operatorSettings,
  permissions,
  privacyPolicy,
  profiles,
  roleOperations,
  rolePermissions,
  roles,
  serverApps,
  servers,
  subscriptions,
  users,
} from '../db/schema';

export interface Snapshot {
  name?: string | null;
  fields: Record<string, unknown>;
}

type Loader = (db: Db, id: string) => Promise<Snapshot | undefined>;

/** Never part of a diff: the timestamps every update moves. */
const NOISE = new Set(['id', 'createdAt', 'updatedAt']);

function row(table: PgTable, idColumn: PgColumn, nameOf?: (r: Record<string, unknown>) => unknown): Loader {
  const columns = getTableColumns(table);
  return async (db, id) => {
    const where: SQL = eq(idColumn, Number(id));
    const [found] = (await db.select(columns).from(table).where(where).limit(1)) as Record<string, unknown>[];
    if (!found) return undefined;
    const fields = Object.fromEntries(Object.entries(found).filter(([k]) => !NOISE.has(k)));
    return { name: nameOf ? String(nameOf(found) ?? '') : undefined, fields };
  };
}

async function appName(db: Db, id: string): Promise<string | undefined> {
  const [found] = await db
    .select({ name: apps.name })
    .from(apps)
    .where(eq(apps.id, Number(id)));
  return found?.name;
}

/** A per-app row (settings, ad settings) named after its app. */
function appRow(table: PgTable, idColumn: PgColumn): Loader {
  const load = row(table, idColumn);
  return async (db, id) => {
    const found = await load(db, id);
    if (!found) return undefined;
    delete found.fields.appId;
    return { ...found, name: await appName(db, id) };
  };
}

const loadServer = row(servers, servers.id, (r) => r.ip);
const loadRole = row(roles, roles.id, (r) => r.name);

export const TARGETS = {
  user: row(users, users.id, (r) => r.username),
  role: loadRole,
  /** A role with its grants (docs/product.md §6): the menu item ids and the operations as `METHOD route`. */
  roleGrants: (async (db, id) => {
    const found = await loadRole(db, id);
    if (!found) return undefined;
    const menus = await db
      .select({ id: rolePermissions.permissionId })
      .from(rolePermissions)
      .where(eq(rolePermissions.roleId, Number(id)))
      .orderBy(asc(rolePermissions.permissionId));
    const ops = await db
      .select()
      .from(roleOperations)
      .where(eq(roleOperations.roleId, Number(id)))
      .orderBy(asc(roleOperations.route), asc(roleOperations.method));
    return { ...found, fields: { scope: found.fields.scope, menuIds: menus.map((m) => m.id), operations: ops.map((o) => `${o.method} ${o.route}`) } };
  }) as Loader,
  menu: row(permissions, permissions.id, (r) => r.enName),
  app: row(apps, apps.id, (r) => r.name),
  appSettings: appRow(appSettings, appSettings.appId),
  appAds: appRow(adSettings, adSettings.appId),
  /** An app's versions as {version: 'active' | 'blocked'}: a block is one changed key. */
  appVersions: (async (db, id) => {
    const name = await appName(db, id);
    if (name === undefined) return undefined;
    const rows = await db
      .select()
      .from(appVersions)
      .where(eq(appVersions.appId, Number(id)))
      .orderBy(asc(appVersions.id));
    return { name, fields: Object.fromEntries(rows.map((v) => [v.appVersion, v.status ? 'active' : 'blocked'])) };
  }) as Loader,
  version: row(appVersions, appVersions.id, (r) => r.appVersion),
  /**
   * An app's signed bundle (what lets an app trust a config read from a mirror): its API bases and its public signing keys as `id state key`
   * (the raw key, base64), so a rotation reads as one key turned inactive and one added. Never a
   * private key, sealed or not.
   */
  appBundle: (async (db, id) => {
    const name = await appName(db, id);
    if (name === undefined) return undefined;
    const keys = await db
      .select({ id: appBundleKeys.id, pem: appBundleKeys.publicKeyPem, active: appBundleKeys.active })
      .from(appBundleKeys)
      .where(eq(appBundleKeys.appId, Number(id)))
      .orderBy(asc(appBundleKeys.id));
    const [settings] = await db
      .select({ apiBases: appBundleSettings.apiBases })
      .from(appBundleSettings)
      .where(eq(appBundleSettings.appId, Number(id)));
    return {
      name,
      fields: { apiBases: settings?.apiBases ?? [], keys: keys.map((k) => `${k.id} ${k.active ? 'active' : 'inactive'} ${rawPublicKey(k.pem)}`) },
    };
  }) as Loader,
  /** An app's bundle mirrors as `id url branch path`: never a token, sealed or not. */
  appMirrors: (async (db, id) => {
    const name = await appName(db, id);
    if (name === undefined) return undefined;
    const rows = await db
      .select()
      .from(appMirrors)
      .where(eq(appMirrors.appId, Number(id)))
      .orderBy(asc(appMirrors.id));
    return { name, fields: { mirrors: rows.map((m) => `${m.id} ${m.url} ${m.branch} ${m.path}`) } };
  }) as Loader,
  server: (async (db, id) => {
    const found = await loadServer(db, id);
    if (!found) return undefined;
    const links = await db
      .select({ appId: serverApps.appId })
      .from(serverApps)
      .where(eq(serverApps.serverId, Number(id)))
      .orderBy(asc(serverApps.appId));
    return { ...found, fields: { ...found.fields, appIds: links.map((l) => l.appId) } };
  }) as Loader,
  profile: row(profiles, profiles.id, (r) => r.name),
  device: row(devices, devices.id, (r) => r.uniqueDeviceId),
  /** The operator display names, one field per key. */
  operators: (async (db) => {
    const rows = await db.select().from(operatorSettings).orderBy(asc(operatorSettings.key));
    return { fields: Object.fromEntries(rows.map((r) => [r.key, r.value])) };
  }) as Loader,
  privacy: (async (db) => {
    const [found] = await db.select({ html: privacyPolicy.html }).from(privacyPolicy).limit(1);
    return { fields: { html: found?.html ?? '' } };
  }) as Loader,
  /** A subscription link: what it covers and how it answers, never its token's hash. */
  subscription: (async (db, id) => {
    const [found] = await db
      .select({
        label: subscriptions.label,
        serverId: subscriptions.serverId,
        appId: subscriptions.appId,
        operator: subscriptions.operator,
        format: subscriptions.format,
      })
      .from(subscriptions)
      .where(eq(subscriptions.id, Number(id)));
    return found && { name: found.label, fields: found };
  }) as Loader,
  /** Targets without fields of their own to compare (a session, a reveal, an export). */
  session: undefined,
} satisfies Record<string, Loader | undefined>;

export type TargetKind = keyof typeof TARGETS;

/** The `target_type` written for a kind: per-app parts of an app are filed under the app. */
export const TARGET_TYPE: Record<TargetKind, string> = {
  user: 'user',
  role: 'role',
  roleGrants: 'role',
  menu: 'menu',
  app: 'app',
  appSettings: 'app',
  appAds: 'app',
  appVersions: 'app',
  appBundle: 'app',
  appMirrors: 'app',
  version: 'version',
  server: 'server',
  profile: 'profile',
  device: 'device',
  operators: 'operators',
  privacy: 'privacy',
  session: 'session',
  subscription: 'subscription',
};
