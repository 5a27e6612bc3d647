// Menu filtering of docs/product.md §2/§6 for the admin role, an app admin and the restricted role.
import { buildMenu, leafPaths } from '../../../../src/features/layout-menu';
import type { MenuItem } from '../../../../src/contract';
import { fullMenu, ROLES } from '../../support/fixtures';

/** What the seed gives an app admin: the `my-` entries, devices is not in the menu, help. */
function appAdminMenu(): MenuItem[] {
  return fullMenu().filter((m) => ['/servers', '/app', '/help'].includes(m.route));
}

describe('buildMenu', () => {
  it('admin role: sees `manage` entries, never `my-` entries', () => {
    const paths = leafPaths(buildMenu(fullMenu(), ROLES.admin));
    expect(paths).toEqual(expect.arrayContaining(['/servers/manage', '/app/manage', '/users/list', '/settings/privacy', '/help/api']));
    expect(paths.filter((p) => p.includes('my-'))).toEqual([]);
  });

  it('appAdmin: sees `my-` entries, never `manage` entries', () => {
    const paths = leafPaths(buildMenu(appAdminMenu(), ROLES.appAdmin));
    expect(paths).toEqual(['/servers/my-servers', '/servers/settings', '/app/my-apps', '/help/panel-training', '/help/app-admin-panel-training', '/help/api']);
  });

  it('restricted role (not admin): `manage` entries are hidden even when granted', () => {
    const paths = leafPaths(buildMenu(fullMenu(), ROLES.restricted));
    expect(paths.some((p) => p.includes('manage'))).toBe(false);
    expect(paths).toContain('/servers/my-servers');
  });

  it('hides a parent whose children were all filtered out', () => {
    const onlyManage: MenuItem[] = [
      { id: 1, route: '/app', pName: 'اپ', enName: 'Apps', children: [{ id: 2, route: '/app/manage', pName: 'همه', enName: 'All', children: [] }] },
    ];
    expect(buildMenu(onlyManage, ROLES.appAdmin)).toEqual([]);
    expect(buildMenu(onlyManage, ROLES.admin)).toHaveLength(1);
  });

  it('applies the rules to children only, and maps route `/` to the dashboard', () => {
    const menu: MenuItem[] = [
      { id: 1, route: '/', pName: 'داشبورد', enName: 'Dashboard', children: [] },
      { id: 2, route: '/my-things', pName: 'چیزها', enName: 'Things', children: [] },
    ];
    const nodes = buildMenu(menu, ROLES.admin);
    expect(nodes.map((n) => n.path)).toEqual(['/dashboard', '/my-things']);
    expect(nodes[0].label).toEqual({ fa: 'داشبورد', en: 'Dashboard' });
  });

  it('copes with no permissions', () => {
    expect(buildMenu(undefined, undefined)).toEqual([]);
  });
});
