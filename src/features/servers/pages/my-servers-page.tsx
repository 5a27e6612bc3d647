// /servers/my-servers: the servers of the signed-in app admin's own apps (GET apps/servers?state=appAdmin).
import { ServerList } from '../components/server-list';

export default function MyServersPage() {
  return <ServerList scope="mine" titleId="servers.mine.title" />;
}
