// /servers/manage: every server (SPEC §2 "Server lists"), for the top admin. Anyone else would get
// only their own servers from the API under an "all servers" title, so they are sent to
// /servers/my-servers, the page that says what it lists.
import { Navigate } from 'react-router-dom';
import { useCurrentUser } from '../../../lib/api';
import { can } from '../../../lib/authorization';
import { ServerList } from '../components/server-list';

const MY_SERVERS_PATH = '/servers/my-servers';

export default function ManageServersPage() {
  const { user } = useCurrentUser();
  if (user && !can(user, 'servers:manageAll')) return <Navigate to={MY_SERVERS_PATH} replace />;
  return <ServerList scope="all" titleId="servers.manage.title" />;
}
