// A server of one app with `count` vless profiles imported by CSV, for the page benches and the
// e2e tests of the profile list (bench/lighthouse.ts, bench/page-profile.ts): returns the server's id.
import type { RunningServer } from './server';

export async function seedProfiles(server: RunningServer, admin: string, count: number): Promise<number> {
  const user = await server.api('users/signup', {
    method: 'POST',
    token: admin,
    body: { name: 'سارا', family: 'احمدی', email: 'bench@example.com', username: 'bench', password: 'Temp-Pass-2024!', role_id: 2 },
  });
  const app = await server.api('apps/storeApp', {
    method: 'POST',
    token: admin,
    body: { name: 'BenchVPN', packageName: 'com.example.lighthouse', sign: 'sig', adminId: user.body.data?.id },
  });
  if (!app.body.data) throw new Error(`seeding the app failed: ${app.status} ${JSON.stringify(app.body)}`);
  const countries = await server.api('apps/countries', { token: admin });
  const de = countries.body.data.find((c: { code: string }) => c.code === 'DE');
  const created = await server.api('apps/addServer', {
    method: 'POST',
    token: admin,
    body: { appId: [app.body.data.id], countryId: de.id, ip: 'de-server-1', username: null, password: null, port: 443 },
  });
  const serverId = created.body.data.id as number;
  const hex = (n: number, len: number) => n.toString(16).padStart(len, '0').slice(-len);
  const lines = ['address,name,protocol,type'];
  for (let n = 1; n <= count; n++) {
    const id = `${hex(n * 2654435761, 8)}-${hex(n, 4)}-4${hex(n * 7, 3)}-8${hex(n * 13, 3)}-${hex(n * 40503, 12)}`;
    lines.push(`vless://${id}@s${n % 97}.ex.io:443?type=ws&security=tls#r${n},P-${(n * 7919) % count},vless,normal`);
  }
  const form = new FormData();
  form.append('serverId', String(serverId));
  form.append('csvFile', new Blob([`${lines.join('\n')}\n`], { type: 'text/csv' }), 'bench.csv');
  const r = await fetch(`${server.url}/api/v1/apps/group/addProfiles`, { method: 'POST', headers: { authorization: `JWT ${admin}` }, body: form });
  if (!r.ok) throw new Error(`seeding profiles failed: ${r.status} ${await r.text()}`);
  return serverId;
}
