// /users/menus (docs/product.md §6; docs/product.md §3 permission/menu item): the menu tree editor. Each item shows
// its names and route, with add child, edit, move up and down among its siblings, and delete (its
// descendants go with it; the confirm says how many). The toolbar adds a root item.
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import { FormattedMessage } from 'react-intl';
import { flattenMenu, type MenuItem, type MenuMoveDirection } from '@/contract';
import { RowActions, type RowAction } from '@/components/data-table';
import { ConfirmDialog } from '@/components/dialogs';
import { ErrorState } from '@/components/feedback/error-state';
import { LoadingState } from '@/components/feedback/loading-state';
import { Ltr } from '@/components/ltr';
import { PageHeader } from '@/components/layout/page-header';
import { selectLocale, useAppSelector, useNotify } from '@/lib/state';
import { useDeleteMenuMutation, useGetMenusQuery, useMoveMenuMutation } from '../access-api';
import { MenuItemDialog } from '../access/menu-item-dialog';
import { UserText } from '@/components/user-text';

type Open = { kind: 'add'; parent: MenuItem | null } | { kind: 'edit' | 'delete'; item: MenuItem };

interface TreeActions {
  open: (what: Open) => void;
  move: (item: MenuItem, direction: MenuMoveDirection) => void;
}

/** One level's row actions, as data (the same buttons as a table row's). */
function levelActions(items: readonly MenuItem[], actions: TreeActions, name: (item: MenuItem) => string): RowAction<MenuItem>[] {
  const labelValues = (item: MenuItem) => ({ name: name(item) });
  const isFirst = (item: MenuItem) => items.indexOf(item) === 0;
  const isLast = (item: MenuItem) => items.indexOf(item) === items.length - 1;
  return [
    {
      key: 'addChild',
      labelId: 'users.access.menus.actions.addChild',
      labelValues,
      icon: <PlaylistAddIcon fontSize="small" />,
      onClick: (item) => actions.open({ kind: 'add', parent: item }),
    },
    {
      key: 'edit',
      labelId: 'users.access.menus.actions.edit',
      labelValues,
      icon: <EditOutlinedIcon fontSize="small" />,
      onClick: (item) => actions.open({ kind: 'edit', item }),
    },
    {
      key: 'up',
      labelId: 'users.access.menus.actions.up',
      labelValues,
      icon: <ArrowUpwardIcon fontSize="small" />,
      disabled: (item) => isFirst(item),
      onClick: (item) => actions.move(item, 'up'),
    },
    {
      key: 'down',
      labelId: 'users.access.menus.actions.down',
      labelValues,
      icon: <ArrowDownwardIcon fontSize="small" />,
      disabled: (item) => isLast(item),
      onClick: (item) => actions.move(item, 'down'),
    },
    {
      key: 'delete',
      labelId: 'users.access.menus.actions.delete',
      labelValues,
      icon: <DeleteOutlineIcon fontSize="small" />,
      color: 'error',
      onClick: (item) => actions.open({ kind: 'delete', item }),
    },
  ];
}

function MenuTree({ items, actions, depth = 0 }: { items: readonly MenuItem[]; actions: TreeActions; depth?: number }) {
  const locale = useAppSelector(selectLocale);
  const nameOf = (item: MenuItem) => (locale === 'fa' ? item.pName : item.enName);
  const rowActions = levelActions(items, actions, nameOf);
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, paddingInlineStart: depth ? { xs: 2, sm: 4 } : 0 }}>
      {items.map((item) => {
        const name = nameOf(item);
        return (
          <li key={item.id}>
            <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, py: 0.75, borderBottom: 1, borderColor: 'divider' }}>
              <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
                <Typography variant="body1">
                  <UserText>{name}</UserText>
                </Typography>
                <Typography variant="caption" color="text.secondary" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
                  {locale === 'fa' ? <Ltr>{item.enName}</Ltr> : item.pName} · <Ltr>{item.route}</Ltr>
                </Typography>
              </Box>
              <Box sx={{ flexShrink: 0 }}>
                <RowActions actions={rowActions} row={item} compact={false} />
              </Box>
            </Box>
            {(item.children?.length ?? 0) > 0 && <MenuTree items={item.children} actions={actions} depth={depth + 1} />}
          </li>
        );
      })}
    </Box>
  );
}

export default function MenusPage() {
  const locale = useAppSelector(selectLocale);
  const notify = useNotify();
  const menus = useGetMenusQuery();
  const [moveMenu] = useMoveMenuMutation();
  const [deleteMenu] = useDeleteMenuMutation();
  const [open, setOpen] = useState<Open | null>(null);
  const close = () => setOpen(null);
  const actions: TreeActions = {
    open: setOpen,
    move: (item, direction) => {
      moveMenu({ id: item.id, direction })
        .unwrap()
        .catch(() => notify.error('users.access.menus.moveError'));
    },
  };
  const deleting = open?.kind === 'delete' ? open.item : undefined;

  return (
    <>
      <PageHeader
        titleId="users.access.menus.title"
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setOpen({ kind: 'add', parent: null })}>
            <FormattedMessage id="users.access.menus.actions.addRoot" />
          </Button>
        }
      />
      <Paper variant="outlined" sx={{ p: { xs: 1, sm: 2 } }}>
        {menus.data ? (
          <MenuTree items={menus.data} actions={actions} />
        ) : menus.isError ? (
          <ErrorState error={menus.error} onRetry={menus.refetch} />
        ) : (
          <LoadingState />
        )}
      </Paper>
      {open?.kind === 'add' && <MenuItemDialog parent={open.parent} onClose={close} />}
      {open?.kind === 'edit' && <MenuItemDialog item={open.item} onClose={close} />}
      {deleting && (
        <ConfirmDialog
          open
          onClose={close}
          titleId="users.access.menus.deleteTitle"
          messageId="users.access.menus.deleteConfirm"
          values={{ name: locale === 'fa' ? deleting.pName : deleting.enName, count: flattenMenu(deleting.children ?? []).length }}
          onConfirm={() => deleteMenu(deleting.id).unwrap()}
          successMessageId="users.access.menus.deleted"
          errorMessageId="users.access.menus.deleteError"
          confirmLabelId="users.access.menus.deleteButton"
          destructive
        />
      )}
    </>
  );
}
