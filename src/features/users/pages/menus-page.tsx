// /users/menus (docs/product.md §6; docs/product.md §3 permission/menu item): the menu tree editor. Each item shows
// its names and route, with add child, edit, move up and down among its siblings, and delete (its
// descendants go with it; the confirm says how many). The toolbar adds a root item.
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import { FormattedMessage, useIntl } from 'react-intl';
import { flattenMenu, type MenuItem, type MenuMoveDirection } from '../../../contract';
import { ConfirmDialog } from '../../../components/dialogs';
import { ErrorState } from '../../../components/feedback/error-state';
import { LoadingState } from '../../../components/feedback/loading-state';
import { Ltr } from '../../../components/ltr';
import { PageHeader } from '../../../components/layout/page-header';
import { selectLocale, useAppSelector, useNotify } from '../../../lib/state';
import { useDeleteMenuMutation, useGetMenusQuery, useMoveMenuMutation } from '../access-api';
import { MenuItemDialog } from '../access/menu-item-dialog';

type Open = { kind: 'add'; parent: MenuItem | null } | { kind: 'edit' | 'delete'; item: MenuItem };

interface TreeActions {
  open: (what: Open) => void;
  move: (item: MenuItem, direction: MenuMoveDirection) => void;
}

function Action({ labelId, values, onClick, disabled, children, color }: {
  labelId: string; values: Record<string, string>; onClick: () => void; disabled?: boolean; children: React.ReactElement; color?: 'error';
}) {
  const label = useIntl().formatMessage({ id: labelId }, values);
  return (
    <Tooltip title={label}>
      <span>
        <IconButton size="small" aria-label={label} onClick={onClick} disabled={disabled} color={color}>
          {children}
        </IconButton>
      </span>
    </Tooltip>
  );
}

function MenuTree({ items, actions, depth = 0 }: { items: readonly MenuItem[]; actions: TreeActions; depth?: number }) {
  const locale = useAppSelector(selectLocale);
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, paddingInlineStart: depth ? { xs: 2, sm: 4 } : 0 }}>
      {items.map((item, index) => {
        const name = locale === 'fa' ? item.pName : item.enName;
        const values = { name };
        return (
          <li key={item.id}>
            <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, py: 0.75, borderBottom: 1, borderColor: 'divider' }}>
              <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
                <Typography variant="body1">{name}</Typography>
                <Typography variant="caption" color="text.secondary" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
                  {locale === 'fa' ? <Ltr>{item.enName}</Ltr> : item.pName} · <Ltr>{item.route}</Ltr>
                </Typography>
              </Box>
              <Box sx={{ display: 'flex', flexShrink: 0 }}>
                <Action labelId="users.access.menus.actions.addChild" values={values} onClick={() => actions.open({ kind: 'add', parent: item })}><PlaylistAddIcon fontSize="small" /></Action>
                <Action labelId="users.access.menus.actions.edit" values={values} onClick={() => actions.open({ kind: 'edit', item })}><EditOutlinedIcon fontSize="small" /></Action>
                <Action labelId="users.access.menus.actions.up" values={values} disabled={index === 0} onClick={() => actions.move(item, 'up')}><ArrowUpwardIcon fontSize="small" /></Action>
                <Action labelId="users.access.menus.actions.down" values={values} disabled={index === items.length - 1} onClick={() => actions.move(item, 'down')}><ArrowDownwardIcon fontSize="small" /></Action>
                <Action labelId="users.access.menus.actions.delete" values={values} color="error" onClick={() => actions.open({ kind: 'delete', item })}><DeleteOutlineIcon fontSize="small" /></Action>
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
      moveMenu({ id: item.id, direction }).unwrap().catch(() => notify.error('users.access.menus.moveError'));
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
