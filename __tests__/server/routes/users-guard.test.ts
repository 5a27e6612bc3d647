// The last-top-admin guard of docs/product.md §7 "Users": nobody may delete, deactivate or demote the last
// active top admin (role_id 1), themselves included (409 LAST_TOP_ADMIN). Its own app, so the
// seeded admin starts as the only top admin.
import { and, eq } from 'drizzle-orm';
import { users } from '../../../server/src/db/schema';
import { ADMIN, createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

type Method = 'PUT' | 'DELETE' | 'GET';

const activeTopAdminIds = async () =>
  (
    await t.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.roleId, 1), eq(users.active, true)))
  )
    .map((r) => r.id)
    .sort((a, b) => a - b);

/** The three ways to take a top admin away. */
const removals = (id: number): [string, Method, string, object?][] => [
  ['demote', 'PUT', `users/updateAccess/${id}`, { role_id: 2 }],
  ['deactivate', 'PUT', `users/changestatus/${id}`, { active: false }],
  ['delete', 'DELETE', `users/destroy/${id}`],
];

function expectLastTopAdmin(res: { statusCode: number; json(): unknown }) {
  expect(res.statusCode).toBe(409);
  expect(res.json()).toEqual({ message: expect.any(String), code: 'LAST_TOP_ADMIN' });
}

describe('the last active top admin', () => {
  let adminId: number;
  let adminToken: string;
  beforeAll(async () => {
    adminToken = await t.signIn(ADMIN.username, ADMIN.password);
    adminId = (await t.repos.users.findByLogin(ADMIN.username))!.id;
  });

  it('cannot demote, deactivate or delete themselves when they are the only one (an inactive top admin does not count)', async () => {
    await t.createUser({ role_id: 1, active: false });
    expect(await activeTopAdminIds()).toEqual([adminId]);
    for (const [, method, url, payload] of removals(adminId)) expectLastTopAdmin(await t.call(adminToken, method, url, payload));
    expect(await t.repos.users.findById(adminId)).toMatchObject({ roleId: 1, active: true });
    expect((await t.call(adminToken, 'GET', 'users')).statusCode).toBe(200);
    // Keeping the role (role_id 1 again) or activating is not a removal.
    expect((await t.call(adminToken, 'PUT', `users/updateAccess/${adminId}`, { role_id: 1 })).statusCode).toBe(200);
    expect((await t.call(adminToken, 'PUT', `users/changestatus/${adminId}`, { active: true })).statusCode).toBe(200);
  });

  it('an inactive top admin can be deleted or demoted while an active one remains', async () => {
    const dormant = await t.createUser({ role_id: 1, active: false });
    expect((await t.call(adminToken, 'PUT', `users/updateAccess/${dormant.id}`, { role_id: 5 })).statusCode).toBe(200);
    expect((await t.call(adminToken, 'DELETE', `users/destroy/${dormant.id}`)).statusCode).toBe(200);
  });

  it.each(['demote', 'deactivate', 'delete'])('with a second active top admin, either may %s the other, and then not the last', async (how) => {
    const { user: second, token: secondToken } = await t.signedInUser({ role_id: 1 });
    const [, method, url, payload] = removals(second.id).find(([name]) => name === how)!;
    const res = await t.call(adminToken, method, url, payload);
    expect(res.statusCode).toBe(200);
    expect(await activeTopAdminIds()).toEqual([adminId]);
    // The second admin lost the right (403) or the session (401) with it.
    expect([401, 403]).toContain((await t.call(secondToken, 'GET', 'users')).statusCode);
    for (const [, m, u, p] of removals(adminId)) expectLastTopAdmin(await t.call(adminToken, m, u, p));
  });

  it('a top admin may demote themselves when another active one exists; the other is then the last', async () => {
    const { user: other, token: otherToken } = await t.signedInUser({ role_id: 1 });
    const self = await t.call(adminToken, 'PUT', `users/updateAccess/${adminId}`, { role_id: 2 });
    expect(self.statusCode).toBe(200);
    expect(self.json().data.role_id).toBe(2);
    expect((await t.call(adminToken, 'GET', 'users')).statusCode).toBe(403);
    for (const [, m, u, p] of removals(other.id)) expectLastTopAdmin(await t.call(otherToken, m, u, p));
    // Restore the seeded admin for the next test, and retire the other.
    expect((await t.call(otherToken, 'PUT', `users/updateAccess/${adminId}`, { role_id: 1 })).statusCode).toBe(200);
    expect((await t.call(adminToken, 'DELETE', `users/destroy/${other.id}`)).statusCode).toBe(200);
    expect(await activeTopAdminIds()).toEqual([adminId]);
  });

  it('two top admins removing each other at the same moment: one wins, one active top admin remains', async () => {
    const { user: other, token: otherToken } = await t.signedInUser({ role_id: 1 });
    const [a, b] = await Promise.all([
      t.call(adminToken, 'PUT', `users/changestatus/${other.id}`, { active: false }),
      t.call(otherToken, 'PUT', `users/updateAccess/${adminId}`, { role_id: 2 }),
    ]);
    const statuses = [a.statusCode, b.statusCode];
    // The loser either met the guard (409) or had already lost its right to call (401/403).
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(await activeTopAdminIds()).toHaveLength(1);
  });
});
