// Shared data of the users feature tests: staff rows shaped like GET users, the seeded roles, and
// the Persian texts of the real catalogues (so the tests read what the user reads).
import type { StaffUser } from '../../../../src/contract';
import shellFa from '../../../../src/app/i18n/lang/fa.json';
import usersFa from '../../../../src/features/users/lang/fa.json';
import { json, type FakeServer } from '../../support/fake-server';
import { makeUser, ROLES } from '../../support/fixtures';

export const fa: Record<string, string> = { ...shellFa, ...usersFa };

export function staff(overrides: Partial<StaffUser> = {}): StaffUser {
  const { permissions: _menu, ...user } = makeUser(overrides);
  return user;
}

export const USERS: StaffUser[] = [
  staff({ id: 1, username: 'admin', name: 'مدیر', family: 'سیستم', role: ROLES.admin }),
  staff({ id: 2, username: 'sara', name: 'سارا', family: 'احمدی', eName: 'Sara', eFamily: 'Ahmadi', email: 'sara@example.com', role: ROLES.appAdmin }),
  staff({ id: 3, username: 'reza', name: 'رضا', family: 'کریمی', eName: null, eFamily: null, email: 'reza@example.com', role: ROLES.appAdmin, active: false }),
  staff({ id: 4, username: 'nima', name: 'نیما', family: 'رستمی', eName: 'Nima', eFamily: 'Rostami', email: 'nima@example.com', role: ROLES.restricted }),
];

export const ROLE_OPTIONS = [ROLES.admin, ROLES.appAdmin, ROLES.restricted];

/** The admin session, the user list (sara administers 3 apps) and the role options. */
export function serveUsers(server: FakeServer, users: StaffUser[] = USERS) {
  server.on('GET', 'users/current', json({ data: makeUser() }));
  server.on('GET', 'users', () => json({ data: users, app: [{ adminId: 2, count: 3 }] }));
  server.on('GET', 'access/roles', json({ data: ROLE_OPTIONS }));
}
