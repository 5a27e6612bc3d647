// docs/product.md §7 "Users", users/appAdmins and access/roles against a real app: who may call what, the
// response shapes, temporary passwords, sessions ending on deactivation and password resets,
// uniqueness, the Persian-only rule and the app counts. The last-top-admin guard has its own file
// (users-guard.test.ts), since it needs a database with a single top admin.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { apps, sessions, users } from '../../../server/src/db/schema';
import { uniqueUserFieldOf } from '../../../server/src/repositories/users';
import { ADMIN, createTestApp, type TestApp } from '../helpers/test-app';
import { seedApp } from '../helpers/seed';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  adminToken = await t.signIn(ADMIN.username, ADMIN.password);
});
afterAll(() => t?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const asAdmin = (method: Method, url: string, payload?: object) => t.call(adminToken, method, url, payload);

const STRONG = 'Temp#Pass123';
const suffix = () => randomBytes(3).toString('hex');
const newUserBody = (over: Record<string, unknown> = {}) => {
  const n = suffix();
  return { name: 'علی', family: 'رضایی', email: `ali.${n}@example.com`, username: `ali_${n}`, password: STRONG, role_id: 2, ...over };
};

const userRow = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0];

const STAFF_USER_KEYS = [
  'about',
  'active',
  'address',
  'avatar',
  'birthdate',
  'createdAt',
  'eFamily',
  'eName',
  'email',
  'family',
  'id',
  'mobile',
  'name',
  'needToChangePass',
  'role',
  'role_id',
  'sex',
  'totpEnabled',
  'totpEnrollmentRequired',
  'updatedAt',
  'username',
  'website',
].sort();

describe('who may call', () => {
  // Valid bodies, so a 403 can only come from the role rule (validation runs before it).
  const managementCalls = (targetId: number): [Method, string, object?][] => [
    ['GET', 'users'],
    ['POST', 'users/signup', newUserBody()],
    ['PUT', `users/update/${targetId}`, { name: 'نام', family: 'نام خانوادگی', email: `x.${suffix()}@example.com` }],
    ['POST', 'users/changepasslist', { password: STRONG, repassword: STRONG, user_id: targetId }],
    ['PUT', `users/updateAccess/${targetId}`, { role_id: 1 }],
    ['DELETE', `users/destroy/${targetId}`],
    ['PUT', `users/changestatus/${targetId}`, { active: false }],
  ];

  it.each([
    ['an app admin', 2],
    ['a restricted user', 5],
  ])('refuses every management call to %s with 403 and changes nothing', async (_who, role_id) => {
    const { token } = await t.signedInUser({ role_id });
    const target = await t.createUser({ role_id: 2 });
    const before = await userRow(target.id);
    const countBefore = (await t.db.select({ id: users.id }).from(users)).length;
    for (const [method, url, payload] of managementCalls(target.id)) {
      const res = await t.call(token, method, url, payload);
      expect({ call: `${method} ${url}`, status: res.statusCode }).toEqual({ call: `${method} ${url}`, status: 403 });
      expect(res.json()).toEqual({ message: expect.any(String), code: 'FORBIDDEN' });
    }
    expect(await userRow(target.id)).toEqual(before);
    expect((await t.db.select({ id: users.id }).from(users)).length).toBe(countBefore);
  });

  it('answers 401 to every call without a session', async () => {
    const target = await t.createUser();
    for (const [method, url, payload] of [...managementCalls(target.id), ['GET', 'users/appAdmins'], ['GET', 'access/roles']] as [Method, string, object?][]) {
      expect((await t.call(null, method, url, payload)).statusCode).toBe(401);
    }
  });

  it('lets any signed-in user read the option lists users/appAdmins and access/roles', async () => {
    for (const role_id of [1, 2, 5]) {
      const { token } = await t.signedInUser({ role_id });
      expect((await t.call(token, 'GET', 'users/appAdmins')).statusCode).toBe(200);
      expect((await t.call(token, 'GET', 'access/roles')).statusCode).toBe(200);
    }
  });
});

describe('GET users', () => {
  it('answers {data, app}: every user without secrets, and the app count of each admin', async () => {
    const owner = await t.createUser({ role_id: 2, eName: 'Owner' });
    const other = await t.createUser({ role_id: 2 });
    await seedApp(t, owner.id);
    await seedApp(t, owner.id);
    await seedApp(t, other.id);

    const res = await asAdmin('GET', 'users');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['app', 'data']);
    const row = body.data.find((u: { id: number }) => u.id === owner.id);
    expect(Object.keys(row).sort()).toEqual(STAFF_USER_KEYS);
    expect(row).toMatchObject({
      username: owner.username,
      email: owner.email,
      name: 'کاربر',
      family: 'آزمایشی',
      eName: 'Owner',
      eFamily: null,
      role_id: 2,
      role: { id: 2, name: 'appAdmin' },
      active: true,
      sex: 1,
      avatar: null,
      needToChangePass: false,
    });
    expect(new Date(row.createdAt).getTime()).not.toBeNaN();
    expect(JSON.stringify(body)).not.toMatch(/passwordHash|password_hash|\$argon2/);
    expect(body.data.map((u: { username: string }) => u.username)).toContain(ADMIN.username);

    expect(body.app).toEqual(
      expect.arrayContaining([
        { adminId: owner.id, count: 2 },
        { adminId: other.id, count: 1 },
      ]),
    );
    // A user with no apps has no entry rather than a zero.
    const counted = new Set(body.app.map((a: { adminId: number }) => a.adminId));
    expect(counted.has(body.data.find((u: { username: string }) => u.username === ADMIN.username).id)).toBe(false);
  });

  it('filters by search (name, full name, username, email; any case), role_id and active', async () => {
    const tag = suffix();
    const a = await t.createUser({ role_id: 2, name: 'مریم', family: `صادقی${tag}`, username: `maryam_${tag}` });
    const b = await t.createUser({ role_id: 5, username: `Reza_${tag}`, email: `reza.${tag}@mail.test`, active: false });
    const ids = async (query: string) => {
      const res = await asAdmin('GET', `users?${query}`);
      expect(res.statusCode).toBe(200);
      return (res.json().data as { id: number }[]).map((u) => u.id);
    };
    expect(await ids(`search=${encodeURIComponent(`صادقی${tag}`)}`)).toEqual([a.id]);
    expect(await ids(`search=${encodeURIComponent(`مریم صادقی${tag}`)}`)).toEqual([a.id]);
    expect(await ids(`search=REZA_${tag}`)).toEqual([b.id]);
    expect(await ids(`search=reza.${tag}%40mail`)).toEqual([b.id]);
    expect((await ids(`search=${tag}`)).sort()).toEqual([a.id, b.id].sort());
    expect(await ids(`search=${tag}&role_id=5`)).toEqual([b.id]);
    expect(await ids(`search=${tag}&active=true`)).toEqual([a.id]);
    expect(await ids(`search=${tag}&active=false`)).toEqual([b.id]);
    expect((await ids(`search=${tag}&active=all`)).sort()).toEqual([a.id, b.id].sort());
    // LIKE wildcards in the search are matched literally.
    expect(await ids(`search=${encodeURIComponent('%')}`)).toEqual([]);
    expect(await ids(`search=m_ryam_${tag}`)).toEqual([]);
    expect(await ids(`search=maryam_${tag}`)).toEqual([a.id]);
    // The role filter alone leaves every other role out.
    const restricted = (await asAdmin('GET', 'users?role_id=5')).json().data as { role_id: number }[];
    expect(restricted.length).toBeGreaterThan(0);
    expect(restricted.every((u) => u.role_id === 5)).toBe(true);
  });

  it('refuses a bad filter with 400 naming it', async () => {
    const res = await asAdmin('GET', 'users?active=maybe&role_id=abc');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ active: 'validation.oneOf', role_id: 'validation.number' });
  });
});

describe('POST users/signup', () => {
  it('creates the user with a temporary password and answers {success, data: the user}', async () => {
    const body = newUserBody({
      eName: 'Ali',
      eFamily: '',
      mobile: '+98 912 000 1122',
      website: 'https://ali.example',
      about: 'x',
      birthdate: '1990-05-17T00:00:00.000Z',
    });
    const res = await asAdmin('POST', 'users/signup', body);
    expect(res.statusCode).toBe(200);
    const { success, data } = res.json();
    expect(success).toBe(true);
    expect(Object.keys(data).sort()).toEqual(STAFF_USER_KEYS);
    expect(data).toMatchObject({
      name: 'علی',
      family: 'رضایی',
      email: body.email,
      username: body.username,
      role_id: 2,
      role: { id: 2, name: 'appAdmin' },
      eName: 'Ali',
      eFamily: null,
      mobile: '+98 912 000 1122',
      sex: 1,
      birthdate: '1990-05-17',
      active: true,
      needToChangePass: true,
    });
    const row = await userRow(data.id);
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row.needToChangePass).toBe(true);

    // The new user signs in, may read users/current, and is held to changing the password.
    const token = await t.signIn(body.username, STRONG);
    expect((await t.call(token, 'GET', 'users/current')).statusCode).toBe(200);
    const held = await t.call(token, 'GET', 'users/appAdmins');
    expect(held.statusCode).toBe(403);
    expect(held.json().code).toBe('PASSWORD_CHANGE_REQUIRED');
    const changed = await t.call(token, 'POST', 'users/changepass', { currentPassword: STRONG, password: 'Mine#Pass456', repassword: 'Mine#Pass456' });
    expect(changed.statusCode).toBe(200);
    expect((await t.call(token, 'GET', 'users/appAdmins')).statusCode).toBe(200);
  });

  it('refuses a taken email or username (any case) with 409 naming each field', async () => {
    const existing = await t.createUser();
    const email = await asAdmin('POST', 'users/signup', newUserBody({ email: existing.email.toUpperCase() }));
    expect(email.statusCode).toBe(409);
    expect(email.json()).toEqual({ message: expect.any(String), code: 'CONFLICT', errors: { email: 'validation.taken' } });
    const username = await asAdmin('POST', 'users/signup', newUserBody({ username: existing.username.toUpperCase() }));
    expect(username.statusCode).toBe(409);
    expect(username.json().errors).toEqual({ username: 'validation.taken' });
    const both = await asAdmin('POST', 'users/signup', newUserBody({ email: existing.email, username: existing.username }));
    expect(both.json().errors).toEqual({ email: 'validation.taken', username: 'validation.taken' });
  });

  it('refuses Latin text in the Persian-only name and family', async () => {
    const body = newUserBody({ name: 'Ali', family: 'Rezaei' });
    const res = await asAdmin('POST', 'users/signup', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { name: 'validation.persianOnly', family: 'validation.persianOnly' } });
    expect((await asAdmin('GET', `users?search=${body.username}`)).json().data).toEqual([]);
  });

  it('refuses a weak password and missing required fields', async () => {
    const weak = await asAdmin('POST', 'users/signup', newUserBody({ password: 'weakpassword' }));
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors).toEqual({ password: 'validation.passwordNotStrong' });
    const empty = await asAdmin('POST', 'users/signup', {});
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().errors).sort()).toEqual(['email', 'family', 'name', 'password', 'role_id', 'username']);
  });

  it('refuses an unknown role_id with 400 on role_id and creates nothing', async () => {
    const body = newUserBody({ role_id: 999 });
    const res = await asAdmin('POST', 'users/signup', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { role_id: 'validation.oneOf' } });
    expect((await asAdmin('GET', `users?search=${body.username}`)).json().data).toEqual([]);
  });
});

describe('PUT users/update/{id}', () => {
  it('updates the sent fields, keeps the missing ones, clears the blank ones', async () => {
    const user = await t.createUser({ mobile: '09120001122', about: 'keep me', website: 'https://old.example' });
    const email = `new.${suffix()}@example.com`;
    const res = await asAdmin('PUT', `users/update/${user.id}`, { name: 'سارا', family: 'احمدی', email, website: '', sex: 0 });
    expect(res.statusCode).toBe(200);
    expect(res.json().success).toBe(true);
    expect(res.json().data).toMatchObject({
      id: user.id,
      name: 'سارا',
      family: 'احمدی',
      email,
      website: null,
      about: 'keep me',
      mobile: '09120001122',
      sex: 0,
      username: user.username,
    });
    expect(await userRow(user.id)).toMatchObject({ name: 'سارا', email, website: null, about: 'keep me' });
  });

  it("accepts the user's own email and username back, refuses another user's with 409", async () => {
    const user = await t.createUser();
    const other = await t.createUser();
    const same = await asAdmin('PUT', `users/update/${user.id}`, { name: 'نام', family: 'فامیل', email: user.email.toUpperCase(), username: user.username });
    expect(same.statusCode).toBe(200);
    const taken = await asAdmin('PUT', `users/update/${user.id}`, { name: 'نام', family: 'فامیل', email: other.email, username: other.username });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual({ email: 'validation.taken', username: 'validation.taken' });
    expect((await userRow(user.id)).username).toBe(user.username);
  });

  it('refuses a Latin name with 400, a missing email with 400, an unknown user with 404', async () => {
    const user = await t.createUser();
    const latin = await asAdmin('PUT', `users/update/${user.id}`, { name: 'Sara', family: 'احمدی', email: user.email });
    expect(latin.statusCode).toBe(400);
    expect(latin.json().errors).toEqual({ name: 'validation.persianOnly' });
    const noEmail = await asAdmin('PUT', `users/update/${user.id}`, { name: 'سارا', family: 'احمدی' });
    expect(noEmail.json().errors).toEqual({ email: 'validation.required' });
    const missing = await asAdmin('PUT', 'users/update/999999', { name: 'سارا', family: 'احمدی', email: `z.${suffix()}@example.com` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('NOT_FOUND');
  });
});

describe('POST users/changepasslist', () => {
  it('sets a temporary password and ends every session of the user', async () => {
    const { user, token } = await t.signedInUser({ role_id: 2 });
    const second = await t.signIn(user.username, user.password);
    const res = await asAdmin('POST', 'users/changepasslist', { password: STRONG, repassword: STRONG, user_id: user.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    for (const old of [token, second]) expect((await t.call(old, 'GET', 'users/current')).statusCode).toBe(401);
    expect((await userRow(user.id)).needToChangePass).toBe(true);

    // The old password is gone; with the new one the user is held to changing it.
    await expect(t.signIn(user.username, user.password)).rejects.toThrow(/401/);
    const fresh = await t.signIn(user.username, STRONG);
    const held = await t.call(fresh, 'GET', 'access/roles');
    expect(held.statusCode).toBe(403);
    expect(held.json().code).toBe('PASSWORD_CHANGE_REQUIRED');
  });

  it('refuses a mismatch, a weak password and an unknown user', async () => {
    const user = await t.createUser();
    const mismatch = await asAdmin('POST', 'users/changepasslist', { password: STRONG, repassword: `${STRONG}x`, user_id: user.id });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errors).toEqual({ repassword: 'validation.passwordsnotMatch' });
    const weak = await asAdmin('POST', 'users/changepasslist', { password: 'short', repassword: 'short', user_id: user.id });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors).toEqual({ password: 'validation.passwordNotStrong' });
    const empty = await asAdmin('POST', 'users/changepasslist', { password: '', repassword: '', user_id: user.id });
    expect(empty.json().errors).toMatchObject({ password: 'validation.required' });
    expect((await userRow(user.id)).needToChangePass).toBe(false);
    const unknown = await asAdmin('POST', 'users/changepasslist', { password: STRONG, repassword: STRONG, user_id: 999999 });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('PUT users/updateAccess/{id}', () => {
  it("changes the role, effective on the user's next request", async () => {
    const { user, token } = await t.signedInUser({ role_id: 2 });
    expect((await t.call(token, 'GET', 'users')).statusCode).toBe(403);
    const res = await asAdmin('PUT', `users/updateAccess/${user.id}`, { role_id: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, data: { id: user.id, role_id: 1, role: { id: 1, name: 'admin' } } });
    expect((await t.call(token, 'GET', 'users')).statusCode).toBe(200);
    const back = await asAdmin('PUT', `users/updateAccess/${user.id}`, { role_id: 5 });
    expect(back.json().data.role).toEqual({ id: 5, name: 'restricted', pName: 'کاربر محدود' });
    expect((await t.call(token, 'GET', 'users')).statusCode).toBe(403);
  });

  it('refuses an unknown role with 400, no role with 400 and an unknown user with 404', async () => {
    const user = await t.createUser({ role_id: 2 });
    const unknown = await asAdmin('PUT', `users/updateAccess/${user.id}`, { role_id: 4242 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ role_id: 'validation.oneOf' });
    const none = await asAdmin('PUT', `users/updateAccess/${user.id}`, {});
    expect(none.json().errors).toEqual({ role_id: 'validation.required' });
    expect((await userRow(user.id)).roleId).toBe(2);
    expect((await asAdmin('PUT', 'users/updateAccess/999999', { role_id: 2 })).statusCode).toBe(404);
  });
});

describe('DELETE users/destroy/{id}', () => {
  it('deletes the user with their sessions and avatar file', async () => {
    const { user, token } = await t.signedInUser({ role_id: 5 });
    const fileId = await t.repos.files.put('avatar', 'image/png', Buffer.from('png'));
    await t.repos.users.setAvatar(user.id, fileId);
    const res = await asAdmin('DELETE', `users/destroy/${user.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(await userRow(user.id)).toBeUndefined();
    expect(await t.repos.files.get(fileId)).toBeUndefined();
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    expect((await t.call(token, 'GET', 'users/current')).statusCode).toBe(401);
    expect((await asAdmin('DELETE', `users/destroy/${user.id}`)).statusCode).toBe(404);
  });

  it('refuses with 409 USER_HAS_APPS while the user administers apps, then deletes once they are gone', async () => {
    const user = await t.createUser({ role_id: 2 });
    const { id: appId } = await seedApp(t, user.id);
    const res = await asAdmin('DELETE', `users/destroy/${user.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: expect.stringMatching(/1 application/), code: 'USER_HAS_APPS' });
    expect(await userRow(user.id)).toBeDefined();
    await t.db.delete(apps).where(eq(apps.id, appId));
    expect((await asAdmin('DELETE', `users/destroy/${user.id}`)).statusCode).toBe(200);
  });
});

describe('PUT users/changestatus/{id}', () => {
  it("deactivating ends the user's sessions at once; activating lets them sign in again", async () => {
    const { user, token } = await t.signedInUser({ role_id: 2 });
    expect((await t.call(token, 'GET', 'users/appAdmins')).statusCode).toBe(200);
    const off = await asAdmin('PUT', `users/changestatus/${user.id}`, { active: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ success: true, data: { id: user.id, active: false } });
    expect((await t.call(token, 'GET', 'users/appAdmins')).statusCode).toBe(401);
    const open = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(open.every((s) => s.revokedAt !== null)).toBe(true);
    await expect(t.signIn(user.username, user.password)).rejects.toThrow(/401/);

    const on = await asAdmin('PUT', `users/changestatus/${user.id}`, { active: true });
    expect(on.json().data.active).toBe(true);
    // The old session stays ended; a new sign-in works.
    expect((await t.call(token, 'GET', 'users/current')).statusCode).toBe(401);
    const fresh = await t.signIn(user.username, user.password);
    expect((await t.call(fresh, 'GET', 'users/appAdmins')).statusCode).toBe(200);
  });

  it('refuses a missing or non-boolean active with 400, an unknown user with 404', async () => {
    const user = await t.createUser();
    expect((await asAdmin('PUT', `users/changestatus/${user.id}`, {})).json().errors).toEqual({ active: 'validation.required' });
    expect((await asAdmin('PUT', `users/changestatus/${user.id}`, { active: 'nope' })).statusCode).toBe(400);
    expect((await asAdmin('PUT', 'users/changestatus/999999', { active: true })).statusCode).toBe(404);
  });
});

describe('option lists', () => {
  it('users/appAdmins lists the active app admins, role_id 2 and restricted role_id 5, as {id, name, family, active}', async () => {
    const active = await t.createUser({ role_id: 2, name: 'حسین' });
    const inactive = await t.createUser({ role_id: 2, active: false });
    const restricted = await t.createUser({ role_id: 5, name: 'رضا' });
    const inactiveRestricted = await t.createUser({ role_id: 5, active: false });
    const res = await asAdmin('GET', 'users/appAdmins');
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { id: number; role_id?: number }[];
    expect(data).toContainEqual({ id: active.id, name: 'حسین', family: 'آزمایشی', active: true });
    const ids = data.map((u) => u.id);
    expect(data).toContainEqual({ id: restricted.id, name: 'رضا', family: 'آزمایشی', active: true });
    expect(ids).not.toContain(inactive.id);
    expect(ids).not.toContain(inactiveRestricted.id);
    const activeOf = async (roleId: number) =>
      (await asAdmin('GET', `users?role_id=${roleId}&active=true`)).json().data.map((u: { id: number }) => u.id) as number[];
    const all = [...(await activeOf(2)), ...(await activeOf(5))];
    expect([...ids].sort()).toEqual(all.sort());
  });

  it('access/roles lists the roles as {id, name, pName}; role_id 1 also gets the details of docs/product.md §6', async () => {
    const { token } = await t.signedInUser({ role_id: 2 });
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/access/roles', headers: t.auth(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual(
      expect.arrayContaining([
        { id: 1, name: 'admin', pName: 'مدیر کل' },
        { id: 2, name: 'appAdmin', pName: 'مدیر اپلیکیشن' },
        { id: 5, name: 'restricted', pName: 'کاربر محدود' },
      ]),
    );
    expect(res.json().data.every((r: object) => Object.keys(r).sort().join() === 'id,name,pName')).toBe(true);
    const asTop = (await asAdmin('GET', 'access/roles')).json().data;
    expect(asTop).toEqual(expect.arrayContaining([expect.objectContaining({ id: 2, name: 'appAdmin', usersCount: expect.any(Number), scope: 'own' })]));
  });
});

describe('unique index fallback', () => {
  it('names the field of a unique-index violation (two creates racing past the check)', async () => {
    const existing = await t.createUser();
    const fail = (values: { email: string; username: string }) =>
      t.repos.users.insert({ name: 'ن', family: 'ف', roleId: 2, passwordHash: 'x', ...values }).then(
        () => null,
        (err: unknown) => err,
      );
    expect(uniqueUserFieldOf(await fail({ email: existing.email.toUpperCase(), username: `u_${suffix()}` }))).toBe('email');
    expect(uniqueUserFieldOf(await fail({ email: `e.${suffix()}@example.com`, username: existing.username }))).toBe('username');
    expect(uniqueUserFieldOf(new Error('other'))).toBeUndefined();
  });
});

describe('OpenAPI', () => {
  it('documents every users route with its rule, the list filters and the request bodies', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const list = doc.paths['/api/v1/users'].get;
    expect(list.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`).sort()).toEqual(['query:active', 'query:role_id', 'query:search']);
    expect(list.description).toContain('Requires: role admin.');
    expect(doc.paths['/api/v1/users/signup'].post.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['name', 'family', 'email', 'username', 'password', 'role_id']),
    );
    for (const [path, method] of [
      ['users/update/{id}', 'put'],
      ['users/changepasslist', 'post'],
      ['users/updateAccess/{id}', 'put'],
      ['users/destroy/{id}', 'delete'],
      ['users/changestatus/{id}', 'put'],
    ]) {
      expect(doc.paths[`/api/v1/${path}`][method].description).toContain('Requires: role admin.');
    }
    expect(doc.paths['/api/v1/users/appAdmins'].get.description).toContain('Requires: any signed-in user.');
    expect(doc.paths['/api/v1/access/roles'].get.description).toContain('Requires: any signed-in user.');
  });
});
