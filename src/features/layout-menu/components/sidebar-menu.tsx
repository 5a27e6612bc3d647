// The sidebar's menu tree: parents start expanded (a dozen entries fit) and fold on a click, the
// current page is highlighted, labels follow the UI language. A dashboard entry leads the list
// unless the permission tree already has one.
import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { useIntl } from 'react-intl';
import { NavLink, useLocation } from 'react-router-dom';
import type { Locale, MenuItem, RoleRef } from '@/contract';
import { PATHS } from '@/lib/routing';
import { buildMenu, isActivePath, leafPaths, type MenuNode } from '../build-menu';
import { menuIcon } from '../menu-icons';

interface SidebarMenuProps {
  permissions: readonly MenuItem[] | undefined;
  role: RoleRef | undefined;
  locale: Locale;
}

export function SidebarMenu({ permissions, role, locale }: SidebarMenuProps) {
  const intl = useIntl();
  const { pathname } = useLocation();
  const tree = useMemo(() => buildMenu(permissions, role), [permissions, role]);
  const nodes = useMemo<MenuNode[]>(() => {
    if (leafPaths(tree).includes(PATHS.dashboard)) return tree;
    const label = intl.formatMessage({ id: 'layoutMenu.dashboard' });
    return [{ id: 0, path: PATHS.dashboard, label: { fa: label, en: label }, children: [] }, ...tree];
  }, [tree, intl]);
  const [folded, setFolded] = useState<ReadonlySet<number>>(() => new Set());
  const toggle = (id: number) =>
    setFolded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const renderNode = (node: MenuNode, depth: number) => {
    const label = <ListItemText primary={node.label[locale]} />;
    // top-level entries carry their area's icon; entries below are indented under it instead
    const icon = depth === 0 ? <ListItemIcon>{menuIcon(node)}</ListItemIcon> : null;
    const indent = { paddingInlineStart: depth === 0 ? 2 : 2 + 4.5 * depth };
    if (!node.children.length) {
      return (
        <li key={node.id}>
          <ListItemButton component={NavLink} to={node.path} selected={isActivePath(node.path, pathname)} sx={indent}>
            {icon}
            {label}
          </ListItemButton>
        </li>
      );
    }
    const expanded = !folded.has(node.id);
    return (
      <li key={node.id}>
        <ListItemButton onClick={() => toggle(node.id)} aria-expanded={expanded} sx={indent}>
          {icon}
          {label}
          {expanded ? <ExpandLess /> : <ExpandMore />}
        </ListItemButton>
        <Collapse in={expanded} timeout="auto" unmountOnExit>
          <List disablePadding dense>
            {node.children.map((child) => renderNode(child, depth + 1))}
          </List>
        </Collapse>
      </li>
    );
  };

  return (
    <Box component="nav" aria-label={intl.formatMessage({ id: 'layoutMenu.label' })} sx={{ px: 1 }}>
      <List>{nodes.map((node) => renderNode(node, 0))}</List>
    </Box>
  );
}
