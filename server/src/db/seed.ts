// Reference data and the first-run top admin, applied on every start (idempotent): the world country
// list and — only when no top admin exists — the admin from ADMIN_* (docs/architecture.md §6 "First run").
// The roles of docs/product.md §6 and the menu of §2 with their grants are seeded once by migration
// 0009 and are the top admin's to change after that (/users/roles, /users/menus).
import { getAllCountries } from 'countries-and-timezones';
import { eq, sql } from 'drizzle-orm';
import { ROLE_IDS } from '../../../src/contract';
import { generatePassword, hashPassword } from '../domain/passwords';
import type { Config } from '../config';
import type { Db } from './client';
import { countries, users } from './schema';

export interface SeedOptions {
  admin: Config['admin'];
  /** Prints the one-time notice with a generated admin password. */
  announce: (text: string) => void;
}

export type AdminSeedResult = 'created' | 'exists' | 'conflict';

export async function seedDatabase(db: Db, options: SeedOptions): Promise<AdminSeedResult> {
  await seedCountries(db);
  return seedTopAdmin(db, options);
}

async function seedCountries(db: Db) {
  const rows = Object.values(getAllCountries()).map((c) => ({ code: c.id, name: c.name, timezones: [...c.timezones] }));
  await db
    .insert(countries)
    .values(rows)
    .onConflictDoUpdate({ target: countries.code, set: { name: sql`excluded.name`, timezones: sql`excluded.timezones` } });
}

/** Creates the top admin once. An existing top admin is never touched, whatever ADMIN_* says now. */
async function seedTopAdmin(db: Db, { admin, announce }: SeedOptions): Promise<AdminSeedResult> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.roleId, ROLE_IDS.topAdmin)).limit(1);
  if (existing) return 'exists';
  const password = admin.password ?? generatePassword();
  const inserted = await db
    .insert(users)
    .values({
      name: 'مدیر',
      family: 'سامانه',
      eName: 'System',
      eFamily: 'Admin',
      username: admin.username,
      email: admin.email,
      roleId: ROLE_IDS.topAdmin,
      passwordHash: await hashPassword(password),
      needToChangePass: admin.password === undefined,
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (!inserted.length) return 'conflict';
  if (admin.password === undefined) {
    const line = '='.repeat(64);
    announce(
      `\n${line}\n First run: created the top admin.\n   username: ${admin.username}\n   password: ${password}\n` +
        ` This password is shown only once. Sign in and change it now.\n${line}\n\n`,
    );
  }
  return 'created';
}
