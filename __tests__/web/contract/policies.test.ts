// The shared role-policy table (docs/product.md §6): what each seeded role passes. The panel's guards and the
// server's authorize() both read this table, so a change here is a change on both sides.
import { allowed, POLICIES, ROLE_IDS, ROLE_NAMES, type Policy, type RoleRef } from '../../../src/contract';

const top = { id: ROLE_IDS.topAdmin, name: ROLE_NAMES.admin };
const appAdmin = { id: ROLE_IDS.appAdmin, name: ROLE_NAMES.appAdmin };
const restricted = { id: ROLE_IDS.restricted, name: ROLE_NAMES.restricted };

const passing = (role: RoleRef) => (Object.keys(POLICIES) as Policy[]).filter((p) => allowed(role, p)).sort();

describe('role policies', () => {
  it('gives the top admin every policy but being named an app admin (apps go to app admins)', () => {
    expect(passing(top)).toEqual(
      Object.keys(POLICIES)
        .filter((p) => p !== 'apps:administer')
        .sort(),
    );
  });

  it('gives an app admin only the unrestricted parts of their own apps', () => {
    expect(passing(appAdmin)).toEqual(['apps:administer', 'apps:smartSection', 'profiles:type']);
  });

  it('keeps the profile type and the smart section from role_id 5', () => {
    expect(allowed(restricted, 'profiles:type')).toBe(false);
    expect(allowed(restricted, 'apps:smartSection')).toBe(false);
    expect(allowed(restricted, 'users:manage')).toBe(false);
  });

  it('lets role_id 5 administer an app: a restricted app admin', () => {
    expect(allowed(restricted, 'apps:administer')).toBe(true);
  });

  it('reads the role named admin by name and role_id 1 by id', () => {
    const namedAdmin = { id: 9, name: ROLE_NAMES.admin };
    expect([allowed(namedAdmin, 'users:manage'), allowed(namedAdmin, 'apps:manage'), allowed(namedAdmin, 'scope:all')]).toEqual([true, true, false]);
  });

  it('passes nobody without a role', () => {
    expect((Object.keys(POLICIES) as Policy[]).some((p) => allowed(undefined, p))).toBe(false);
  });
});
