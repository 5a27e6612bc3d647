// /servers/manage: every server (SPEC §2 "Server lists").
import { ServerList } from '../components/server-list';

export default function ManageServersPage() {
  return <ServerList scope="all" titleId="servers.manage.title" />;
}
