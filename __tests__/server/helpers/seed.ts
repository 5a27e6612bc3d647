// The one place server tests make their data (docs/architecture.md §9): the four callers docs/product.md §6
// distinguishes (top admin, app admin, another app admin, role_id 5), staff of a role, apps made
// through the API (`makeApp`) or straight into the database (`seedApp`, with the app's core keys
// when asked), and servers linked to apps (`seedServer`). Requests go through `t.call`.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { apps, appSettings, countries, serverApps, servers } from '../../../server/src/db/schema';
import { generateApiKey, generateCoreIv, generateCoreKey } from '../../../server/src/domain/word-crypto';
import { ADMIN, type TestApp } from './test-app';

export const api = (path: string) => `/api/v1/${path}`;

export interface Caller {
  id: number;
  token: string;
  headers: { authorization: string };
}

export interface Callers {
  top: Caller;
  /** role_id 2, owns the apps made with `makeApp(callers.owner)`. */
  owner: Caller;
  /** Another role_id 2 user. */
  other: Caller;
  /** role_id 5, owns apps of its own too. */
  restricted: Caller;
}

export async function callers(t: TestApp): Promise<Callers> {
  const as = async (role_id: number): Promise<Caller> => {
    const { user, token } = await t.signedInUser({ role_id });
    return { id: user.id, token, headers: t.auth(token) };
  };
  const topToken = await t.signIn(ADMIN.username, ADMIN.password);
  const me = await t.app.inject({ method: 'GET', url: api('users/current'), headers: t.auth(topToken) });
  return {
    top: { id: me.json().data.id, token: topToken, headers: t.auth(topToken) },
    owner: await as(2),
    other: await as(2),
    restricted: await as(5),
  };
}

let counter = 0;

/** A valid storeApp body administered by `adminId`, with a package name no other test uses. */
export function appBody(adminId: number, patch: Record<string, unknown> = {}) {
  counter += 1;
  return {
    name: `App ${counter}`,
    packageName: `com.example.app${counter}_${Date.now().toString(36)}`,
    sign: `sign-${counter}`,
    adminId,
    cppSign: null,
    firebaseConfig: null,
    email: null,
    description: null,
    ...patch,
  };
}

/**
 * Creates an app through POST apps/storeApp as the top admin, administered by `owner` (role_id 2 or
 * 5); an app "owned" by the top admin, who is never an app-admin choice, is reassigned in the database.
 */
export async function makeApp(t: TestApp, c: Callers, owner: Caller, patch: Record<string, unknown> = {}) {
  const adminId = owner === c.top ? c.owner.id : owner.id;
  const res = await t.app.inject({ method: 'POST', url: api('apps/storeApp'), headers: c.top.headers, payload: appBody(adminId, patch) });
  if (res.statusCode !== 200) throw new Error(`storeApp failed: ${res.statusCode} ${res.body}`);
  const app = res.json().data as { id: number; name: string; packageName: string; apiKey: string; adminId: number };
  if (adminId !== owner.id) {
    await t.db.update(apps).set({ adminId: owner.id }).where(eq(apps.id, app.id));
    app.adminId = owner.id;
  }
  return app;
}

/** A signed-in staff member of a role: their id and token. */
export async function staff(t: TestApp, role_id: number): Promise<{ id: number; token: string }> {
  const { user, token } = await t.signedInUser({ role_id });
  return { id: user.id, token };
}

export interface SeededApp {
  id: number;
  name: string;
  packageName: string;
  apiKey: string;
}

export interface SeedAppOptions {
  active?: boolean;
  /**
   * The app's core key and IV (an app_settings row): `true` generates them, an object sets them
   * (null values: an app without keys), left out: no settings row.
   */
  keys?: true | { newCoreKey: string | null; newCoreIv: string | null };
}

let seeded = 0;

/** An app administered by `adminId`, inserted straight into the database (no API call, no audit). */
export async function seedApp(t: TestApp, adminId: number, { active = true, keys }: SeedAppOptions = {}): Promise<SeededApp> {
  const n = `${++seeded}${randomBytes(3).toString('hex')}`;
  const [row] = await t.db
    .insert(apps)
    .values({ name: `App ${n}`, packageName: `com.test.app${n}`, adminId, sign: 'sig', apiKey: generateApiKey(), active })
    .returning({ id: apps.id, name: apps.name, packageName: apps.packageName, apiKey: apps.apiKey });
  if (keys) {
    const values = keys === true ? { newCoreKey: generateCoreKey(), newCoreIv: generateCoreIv() } : keys;
    await t.db.insert(appSettings).values({ appId: row.id, ...values });
  }
  return row;
}

/** A server in `countryCode` (default DE) linked to `appIds`, inserted straight into the database. */
export async function seedServer(t: TestApp, appIds: number[], { countryCode = 'DE' }: { countryCode?: string } = {}): Promise<number> {
  const n = `${++seeded}${randomBytes(3).toString('hex')}`;
  const [country] = await t.db.select({ id: countries.id }).from(countries).where(eq(countries.code, countryCode));
  const [server] = await t.db
    .insert(servers)
    .values({ ip: `srv${n}.example.com`, countryId: country.id, port: 22 })
    .returning({ id: servers.id });
  if (appIds.length) await t.db.insert(serverApps).values(appIds.map((appId) => ({ serverId: server.id, appId })));
  return server.id;
}
