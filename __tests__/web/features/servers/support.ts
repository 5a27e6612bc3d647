// Fixtures of the servers feature tests: a server, its profiles and the fake routes the pages read.
import { json, type FakeServer } from '../../support/fake-server';
import { makeUser, ROLES } from '../../support/fixtures';
import type { Profile, Server } from '../../../../src/features/servers/types';

export const SERVER: Server = {
  id: 7,
  ip: 'de-server-1',
  apps: [{ app: { id: 3, name: 'FastVPN' } }],
  location: { id: 80, name: 'Germany', code: 'DE' },
  flagUrl: '/api/v1/flags/de.svg',
  username: 'root',
  provider: null,
  port: 22,
  hasPassword: true,
  profileCount: 3,
  shared: false,
};

export const VLESS = 'vless://3f1c9a6e-2b4d-4c8e-9f7a-1d2e3f4a5b6c@de1.example.com:443?encryption=none&security=tls&sni=de1.example.com&type=ws&path=%2Fws#DE';

export const profile = (id: number, name: string, protocol: Profile['protocol'], operator: Profile['operator']): Profile => ({
  id,
  name,
  protocol,
  operator,
  type: 'normal',
  serverId: SERVER.id,
});

/** In id order: names, protocols and operators each out of alphabetical order. */
export const PROFILES: Profile[] = [profile(1, 'beta', 'vmess', 'mci'), profile(2, 'alpha', 'vless', 'wifi'), profile(3, 'gamma', 'vless', 'irancell')];

export function serveProfilePage(server: FakeServer, opts: { roleId?: 1 | 2 | 5; profiles?: Profile[]; shared?: boolean } = {}) {
  const role = opts.roleId === 5 ? ROLES.restricted : opts.roleId === 2 ? ROLES.appAdmin : ROLES.admin;
  server.on('GET', 'users/current', json({ data: makeUser({ role }) }));
  server.on('GET', 'apps/servers', json({ data: [{ ...SERVER, shared: opts.shared ?? false }] }));
  server.on('GET', `apps/profiles/${SERVER.id}`, json({ data: opts.profiles ?? PROFILES }));
}
