// Reference data and the first-run top admin, applied on every start (idempotent): the roles of
// docs/product.md §6, the menu tree of docs/product.md §2 with each role's grants, the world country list, and — only
// when no top admin exists — the admin from ADMIN_* (docs/architecture.md §6 "First run").
import { getAllCountries } from 'countries-and-timezones';
import { eq, sql } from 'drizzle-orm';
import { ROLE_IDS, ROLE_NAMES } from '../../../src/contract';
import { generatePassword, hashPassword } from '../auth/passwords';
import type { Config } from '../config';
import type { Db } from './client';
import { countries, permissions, rolePermissions, roles, users } from './schema';

export const SEED_ROLES = [
  { id: ROLE_IDS.topAdmin, name: ROLE_NAMES.admin, description: 'Top admin: everything, including the role_id 1-only fields' },
  { id: ROLE_IDS.appAdmin, name: ROLE_NAMES.appAdmin, description: 'Application admin: their own apps, servers and devices' },
  { id: ROLE_IDS.restricted, name: ROLE_NAMES.restricted, description: 'Restricted: their own items, no profile type or smart ads' },
];

interface MenuSeed {
  id: number;
  route: string;
  pName: string;
  enName: string;
  parentId: number | null;
  /** `all`: every seeded role; `topAdmin`: role_id 1 only (which is granted every item anyway). */
  grant: 'all' | 'topAdmin';
}

/**
 * The sidebar menu (docs/product.md §2). Ids are fixed so grants and later edits can name them. /app/devices
 * is reached from the app pages and is deliberately not a menu item.
 */
export const SEED_MENU: MenuSeed[] = [
  { id: 1, route: '/', pName: 'داشبورد', enName: 'Dashboard', parentId: null, grant: 'all' },
  { id: 2, route: '/servers', pName: 'سرورها', enName: 'Servers', parentId: null, grant: 'all' },
  { id: 3, route: '/servers/manage', pName: 'مدیریت سرورها', enName: 'Manage servers', parentId: 2, grant: 'topAdmin' },
  { id: 4, route: '/servers/my-servers', pName: 'سرورهای من', enName: 'My servers', parentId: 2, grant: 'all' },
  { id: 5, route: '/servers/settings', pName: 'تنظیمات سرورها', enName: 'Server settings', parentId: 2, grant: 'topAdmin' },
  { id: 6, route: '/app', pName: 'اپلیکیشن‌ها', enName: 'Applications', parentId: null, grant: 'all' },
  { id: 7, route: '/app/manage', pName: 'مدیریت اپلیکیشن‌ها', enName: 'Manage applications', parentId: 6, grant: 'topAdmin' },
  { id: 8, route: '/app/my-apps', pName: 'اپلیکیشن‌های من', enName: 'My applications', parentId: 6, grant: 'all' },
  { id: 9, route: '/users', pName: 'کاربران', enName: 'Users', parentId: null, grant: 'topAdmin' },
  { id: 10, route: '/users/list', pName: 'لیست کاربران', enName: 'Users list', parentId: 9, grant: 'topAdmin' },
  { id: 11, route: '/users/add-new', pName: 'افزودن کاربر جدید', enName: 'Add new user', parentId: 9, grant: 'topAdmin' },
  { id: 12, route: '/settings', pName: 'تنظیمات', enName: 'Settings', parentId: null, grant: 'topAdmin' },
  { id: 13, route: '/settings/privacy', pName: 'حریم خصوصی', enName: 'Privacy', parentId: 12, grant: 'topAdmin' },
  { id: 14, route: '/settings/domain-encryption', pName: 'رمزنگاری دامنه', enName: 'Domain encryption', parentId: 12, grant: 'topAdmin' },
  { id: 19, route: '/settings/audit', pName: 'گزارش تغییرات', enName: 'Audit log', parentId: 12, grant: 'topAdmin' },
  { id: 15, route: '/help', pName: 'راهنما', enName: 'Help', parentId: null, grant: 'all' },
  { id: 16, route: '/help/panel-training', pName: 'آموزش پنل', enName: 'Panel training', parentId: 15, grant: 'all' },
  { id: 17, route: '/help/app-admin-panel-training', pName: 'آموزش پنل ادمین اپلیکیشن', enName: 'App admin panel training', parentId: 15, grant: 'all' },
  { id: 18, route: '/help/api', pName: 'راهنمای API', enName: 'API help', parentId: 15, grant: 'all' },
];

export interface SeedOptions {
  admin: Config['admin'];
  /** Prints the one-time notice with a generated admin password. */
  announce: (text: string) => void;
}

export type AdminSeedResult = 'created' | 'exists' | 'conflict';

export async function seedDatabase(db: Db, options: SeedOptions): Promise<AdminSeedResult> {
  await db.transaction(async (tx) => {
    await seedRoles(tx);
    await seedMenu(tx);
    await seedCountries(tx);
  });
  return seedTopAdmin(db, options);
}

async function seedRoles(db: Db) {
  await db
    .insert(roles)
    .values(SEED_ROLES)
    .onConflictDoUpdate({ target: roles.id, set: { name: sql`excluded.name`, description: sql`excluded.description` } });
  await fixSequence(db, 'roles');
}

async function seedMenu(db: Db) {
  // The code is the source of truth for the menu items themselves, so changes here reach
  // existing databases; grants are only added, never taken back.
  await db
    .insert(permissions)
    .values(SEED_MENU.map(({ grant: _grant, ...item }, i) => ({ ...item, sortOrder: i })))
    .onConflictDoUpdate({
      target: permissions.id,
      set: {
        route: sql`excluded.route`,
        pName: sql`excluded.p_name`,
        enName: sql`excluded.en_name`,
        parentId: sql`excluded.parent_id`,
        sortOrder: sql`excluded.sort_order`,
      },
    });
  await fixSequence(db, 'permissions');
  const grants = SEED_ROLES.flatMap((role) =>
    SEED_MENU.filter((m) => role.id === ROLE_IDS.topAdmin || m.grant === 'all').map((m) => ({ roleId: role.id, permissionId: m.id })),
  );
  await db.insert(rolePermissions).values(grants).onConflictDoNothing();
}

async function seedCountries(db: Db) {
  const rows = Object.values(getAllCountries()).map((c) => ({ code: c.id, name: c.name, timezones: [...c.timezones] }));
  await db
    .insert(countries)
    .values(rows)
    .onConflictDoUpdate({ target: countries.code, set: { name: sql`excluded.name`, timezones: sql`excluded.timezones` } });
}

/** Rows inserted with explicit ids leave the serial behind; move it past them. */
async function fixSequence(db: Db, table: 'roles' | 'permissions') {
  await db.execute(sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), (SELECT max(id) FROM ${sql.identifier(table)}))`);
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
