// /users/roles (docs/product.md §6; docs/product.md §3 Role): every role with its name and description in the
// UI language, created date (in the user's calendar), users count and scope; actions
// edit, permissions (its own page) and delete. The top admin's role holds everything and is never
// edited or deleted; the seeded roles are never deleted.
import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import RuleOutlinedIcon from '@mui/icons-material/RuleOutlined';
import { FormattedMessage, useIntl } from 'react-intl';
import { ROLE_IDS, type RoleDetail } from '@/contract';
import { DataTable, listStatus, type DataTableColumn, type RowAction } from '@/components/data-table';
import { ConfirmDialog } from '@/components/dialogs';
import { PageHeader } from '@/components/layout/page-header';
import { formatDate, roleDescription, roleLabel } from '@/lib/i18n';
import { hrefs } from '@/lib/routing';
import { selectLocale, useAppSelector } from '@/lib/state';
import { useDeleteRoleMutation, useGetRoleDetailsQuery } from '../access-api';
import { accessErrorId } from '../access/access-errors';
import { RoleFormDialog } from '../access/role-form-dialog';

export const ROLES_TABLE = 'roles';

const SEEDED_ROLES: readonly number[] = Object.values(ROLE_IDS);
const isTopAdminRole = (role: RoleDetail) => role.id === ROLE_IDS.topAdmin;

/** The dialog open: a new role's form, or a role's form or delete question. */
type OpenDialog = { kind: 'create' } | { kind: 'edit' | 'delete'; role: RoleDetail };

export default function RolesPage() {
  const intl = useIntl();
  const list = useGetRoleDetailsQuery();
  const [open, setOpen] = useState<OpenDialog | null>(null);
  const columns = useRoleColumns();
  const rowActions = useRoleRowActions(setOpen);

  return (
    <>
      <PageHeader titleId="users.access.roles.title" />
      <DataTable
        name={ROLES_TABLE}
        rows={list.data}
        columns={columns}
        filters={[
          {
            kind: 'search',
            key: 'search',
            labelId: 'users.access.roles.search',
            match: (r) => [r.name, r.pName, roleLabel(intl, r), r.description, r.pDescription],
          },
        ]}
        {...listStatus(list)}
        rowActions={rowActions}
        toolbar={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setOpen({ kind: 'create' })}>
            <FormattedMessage id="users.access.roles.actions.add" />
          </Button>
        }
      />
      <RoleDialogs open={open} onClose={() => setOpen(null)} />
    </>
  );
}

function useRoleColumns() {
  const intl = useIntl();
  const locale = useAppSelector(selectLocale);
  return useMemo<DataTableColumn<RoleDetail>[]>(
    () => [
      { field: 'name', headerId: 'users.access.roles.fields.name', value: (r) => roleLabel(intl, r), minWidth: 130 },
      {
        field: 'description',
        headerId: 'users.access.roles.fields.description',
        // in the UI language (the other one when the role has only that one)
        value: (r) => roleDescription(intl, r),
        // Persian or English: laid out in its own direction, cut at its own end
        render: (r) => (
          <bdi
            dir="auto"
            title={roleDescription(intl, r) || undefined}
            style={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', textAlign: 'match-parent' }}
          >
            {roleDescription(intl, r)}
          </bdi>
        ),
        minWidth: 180,
        flex: 1.5,
      },
      {
        field: 'createdAt',
        headerId: 'users.access.roles.fields.createdAt',
        minWidth: 130,
        value: (r) => formatDate(r.createdAt, locale, { dateStyle: 'medium' }),
      },
      { field: 'usersCount', headerId: 'users.access.roles.fields.usersCount', numeric: true, width: 110 },
      {
        field: 'scope',
        headerId: 'users.access.roles.fields.scope',
        minWidth: 120,
        value: (r) => intl.formatMessage({ id: `users.access.scope.${r.scope}` }),
      },
    ],
    [intl, locale],
  );
}

function useRoleRowActions(setOpen: (open: OpenDialog) => void) {
  return useMemo<RowAction<RoleDetail>[]>(
    () => [
      {
        key: 'edit',
        labelId: 'users.access.roles.actions.edit',
        icon: <EditOutlinedIcon fontSize="small" />,
        onClick: (role) => setOpen({ kind: 'edit', role }),
        disabled: isTopAdminRole,
      },
      {
        key: 'permissions',
        labelId: 'users.access.roles.actions.permissions',
        icon: <RuleOutlinedIcon fontSize="small" />,
        href: (role) => hrefs.rolePermissions(role.id),
        disabled: isTopAdminRole,
      },
      {
        key: 'delete',
        labelId: 'users.access.roles.actions.delete',
        icon: <DeleteOutlineIcon fontSize="small" />,
        color: 'error',
        onClick: (role) => setOpen({ kind: 'delete', role }),
        disabled: (role) => SEEDED_ROLES.includes(role.id),
      },
    ],
    [setOpen],
  );
}

/** The role form (new or edit) and the delete question. */
function RoleDialogs({ open, onClose }: { open: OpenDialog | null; onClose: () => void }) {
  const intl = useIntl();
  const [deleteRole] = useDeleteRoleMutation();
  const current = open && open.kind !== 'create' ? open.role : undefined;
  return (
    <>
      {open?.kind === 'create' && <RoleFormDialog onClose={onClose} />}
      {open?.kind === 'edit' && <RoleFormDialog role={open.role} onClose={onClose} />}
      {current && (
        <ConfirmDialog
          open={open?.kind === 'delete'}
          onClose={onClose}
          titleId="users.access.roles.deleteTitle"
          messageId="users.access.roles.deleteConfirm"
          values={{ name: roleLabel(intl, current) }}
          onConfirm={() => deleteRole(current.id).unwrap()}
          successMessageId="users.access.roles.deleted"
          errorMessageId={accessErrorId('users.access.roles.deleteError')}
          confirmLabelId="users.access.roles.actions.delete"
          destructive
        />
      )}
    </>
  );
}
