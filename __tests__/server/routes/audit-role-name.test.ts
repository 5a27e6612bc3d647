// GET audit names the actor's role as the panel shows roles: each record carries the Persian name
// of the role it recorded, read from the roles table (the record keeps the English name only).
import { eq } from 'drizzle-orm';
import { roles } from '../../../server/src/db/schema';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { api, callers, makeApp } from '../helpers/seed';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

it("answers each record with the Persian name of its actor's role", async () => {
  const c = await callers(t);
  await makeApp(t, c, c.owner);
  const res = await t.app.inject({ method: 'GET', url: api('audit?action=app.create&size=1&page=1'), headers: c.top.headers });
  expect(res.statusCode).toBe(200);
  const [row] = res.json().rows;
  expect(row.actorRole).toBeTruthy();
  const [role] = await t.db.select().from(roles).where(eq(roles.name, row.actorRole));
  expect(role.pName).toBeTruthy();
  expect(row.actorRolePName).toBe(role.pName);
});
