// Test data shaped like the server's seed: roles, the docs/product.md §2 menu tree and users of each role.
import type { CurrentUser, MenuItem } from '../../../src/contract';

let nextId = 100;
const item = (route: string, pName: string, enName: string, children: MenuItem[] = []): MenuItem => ({
  id: nextId++,
  route,
  pName,
  enName,
  children,
});

/** The whole seeded menu (the top admin's permissions). */
export function fullMenu(): MenuItem[] {
  return [
    item('/servers', 'سرورها', 'Servers', [
      item('/servers/manage', 'همه سرورها', 'All servers'),
      item('/servers/my-servers', 'سرورهای من', 'My servers'),
      item('/servers/settings', 'تنظیمات سرورها', 'Server settings'),
    ]),
    item('/app', 'اپلیکیشن‌ها', 'Applications', [
      item('/app/manage', 'همه اپلیکیشن‌ها', 'All applications'),
      item('/app/my-apps', 'اپلیکیشن‌های من', 'My applications'),
    ]),
    item('/users', 'کاربران', 'Users', [item('/users/list', 'لیست کاربران', 'User list'), item('/users/add-new', 'کاربر جدید', 'New user')]),
    item('/settings', 'تنظیمات', 'Settings', [
      item('/settings/privacy', 'حریم خصوصی', 'Privacy'),
      item('/settings/domain-encryption', 'رمزنگاری دامنه', 'Domain encryption'),
      item('/settings/audit', 'گزارش تغییرات', 'Audit log'),
    ]),
    item('/help', 'راهنما', 'Help', [
      item('/help/panel-training', 'آموزش پنل', 'Panel training'),
      item('/help/app-admin-panel-training', 'آموزش پنل ادمین اپلیکیشن', 'App admin panel training'),
      item('/help/api', 'راهنمای API', 'API help'),
    ]),
  ];
}

export const ROLES = {
  admin: { id: 1, name: 'admin' },
  appAdmin: { id: 2, name: 'appAdmin' },
  restricted: { id: 5, name: 'restricted' },
} as const;

export function makeUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  const role = overrides.role ?? ROLES.admin;
  return {
    id: 1,
    name: 'مدیر',
    family: 'سیستم',
    eName: 'System',
    eFamily: 'Admin',
    username: 'admin',
    email: 'admin@localhost',
    mobile: null,
    address: null,
    website: null,
    about: null,
    sex: 1,
    birthdate: null,
    active: true,
    role_id: role.id,
    role: { ...role },
    avatar: null,
    createdAt: '2024-03-20T10:00:00.000Z',
    updatedAt: '2024-03-20T10:00:00.000Z',
    permissions: fullMenu(),
    needToChangePass: false,
    totpEnabled: false,
    totpEnrollmentRequired: false,
    ...overrides,
  };
}
