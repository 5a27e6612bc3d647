// /servers/manage: every server (docs/product.md §2 "Server lists"), for the top admin. The route's policy
// (servers:manageAll) sends anyone else to /servers/my-servers, the page that says what it lists.
import { ServerList } from '../components/server-list';

export default function ManageServersPage() {
  return <ServerList scope="all" titleId="servers.manage.title" />;
}
