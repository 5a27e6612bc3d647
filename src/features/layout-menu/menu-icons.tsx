// An icon per menu area, chosen by the first segment of a route.
import type { ReactElement } from 'react';
import AppsOutlinedIcon from '@mui/icons-material/AppsOutlined';
import DashboardOutlinedIcon from '@mui/icons-material/DashboardOutlined';
import DnsOutlinedIcon from '@mui/icons-material/DnsOutlined';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlineOutlined';
import PeopleOutlineIcon from '@mui/icons-material/PeopleOutlined';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import FolderOutlinedIcon from '@mui/icons-material/FolderOutlined';
import type { MenuNode } from './build-menu';

const icons: Record<string, ReactElement> = {
  dashboard: <DashboardOutlinedIcon />,
  servers: <DnsOutlinedIcon />,
  app: <AppsOutlinedIcon />,
  apps: <AppsOutlinedIcon />,
  users: <PeopleOutlineIcon />,
  settings: <SettingsOutlinedIcon />,
  help: <HelpOutlineIcon />,
};

export function menuIcon(node: MenuNode): ReactElement {
  const route = node.path.length > 1 ? node.path : (node.children[0]?.path ?? '');
  return icons[route.split('/').filter(Boolean)[0] ?? ''] ?? <FolderOutlinedIcon />;
}
