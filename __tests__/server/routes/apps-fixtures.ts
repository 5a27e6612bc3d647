// Shared set-up of the application route tests: the four callers docs/product.md §6 distinguishes (top admin,
// app admin, another app admin, role_id 5) and apps created through the API as the top admin.
import { eq } from 'drizzle-orm';
import { apps } from '../../../server/src/db/schema';
import { ADMIN, type TestApp } from '../helpers/test-app';

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
