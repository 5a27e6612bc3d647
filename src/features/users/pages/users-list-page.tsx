// /users/list (docs/product.md §2 "Users"): the staff table with index, username, full name, app count, role,
// a status toggle and the row actions (details, edit, change password, change role, delete, and for
// the top admin, reset two-factor sign-in of a user who has it; the toolbar's two-factor settings
// require it per role).
// Filters are data: a search over names and username, a role filter and all/active/inactive.
// Every change refreshes the list through the User tag.
import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import PersonAddAltOutlinedIcon from '@mui/icons-material/PersonAddAltOutlined';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import KeyOutlinedIcon from '@mui/icons-material/KeyOutlined';
import ManageAccountsOutlinedIcon from '@mui/icons-material/ManageAccountsOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import PhonelinkLockOutlinedIcon from '@mui/icons-material/PhonelinkLockOutlined';
import Stack from '@mui/material/Stack';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';
import type { StaffUser } from '@/contract';
import { DataTable, listStatus, yesNoFilter, type DataTableColumn, type DataTableFilter, type RowAction } from '@/components/data-table';
import { ConfirmDialog } from '@/components/dialogs';
import { PageHeader } from '@/components/layout/page-header';
import { useCan } from '@/lib/authorization';
import { fullName, roleLabel } from '@/lib/i18n';
import { selectLocale, useAppSelector } from '@/lib/state';
import { useDeleteUserMutation, useGetRolesQuery, useGetUsersQuery, useResetUserTotpMutation } from '../api';
import { ChangeRoleDialog } from '../components/change-role-dialog';
import { EditUserDialog } from '../components/edit-user-dialog';
import { SetPasswordDialog } from '../components/set-password-dialog';
import { StatusSwitch } from '../components/status-switch';
import { TotpRolesDialog } from '../components/totp-roles-dialog';
import { UserDetailsDialog } from '../components/user-details-dialog';
import { userErrorId } from '../user-errors';
import { PATHS } from '@/lib/routing';

export const USERS_TABLE = 'users';

type DialogKind = 'details' | 'edit' | 'password' | 'role' | 'delete' | 'resetTotp';

/** The two yes/no questions of a row: delete, and reset two-factor sign-in. */
const CONFIRMS = {
  delete: {
    titleId: 'users.delete.title',
    messageId: 'users.delete.confirm',
    successMessageId: 'users.delete.success',
    errorMessageId: userErrorId('users.delete.error'),
    confirmLabelId: 'users.actions.delete',
  },
  resetTotp: {
    titleId: 'users.totp.resetTitle',
    messageId: 'users.totp.resetConfirm',
    successMessageId: 'users.totp.resetSuccess',
    errorMessageId: 'users.totp.resetError',
    confirmLabelId: 'users.totp.reset',
  },
};
const isConfirm = (kind: DialogKind): kind is keyof typeof CONFIRMS => kind in CONFIRMS;

/** The dialog a row action opened, and for whom. */
interface OpenDialog {
  kind: DialogKind;
  user: StaffUser;
}

export default function UsersListPage() {
  const list = useGetUsersQuery();
  const isTopAdmin = useCan('users:totp');
  const [totpRolesOpen, setTotpRolesOpen] = useState(false);
  const [open, setOpen] = useState<OpenDialog | null>(null);
  const appCounts = list.data?.appCounts;
  const columns = useUserColumns(appCounts);
  const filters = useUserFilters();
  const rowActions = useUserRowActions(isTopAdmin, setOpen);

  return (
    <>
      <PageHeader titleId="users.list.title" />
      <DataTable
        name={USERS_TABLE}
        rows={list.data?.users}
        columns={columns}
        filters={filters}
        indexColumn
        {...listStatus(list)}
        rowActions={rowActions}
        toolbar={<UsersToolbar isTopAdmin={isTopAdmin} onTotpRoles={() => setTotpRolesOpen(true)} />}
      />
      <TotpRolesDialog open={totpRolesOpen} onClose={() => setTotpRolesOpen(false)} />
      <UserDialogs open={open} appCounts={appCounts} onClose={() => setOpen(null)} />
    </>
  );
}

function useUserColumns(appCounts: Record<number, number> | undefined) {
  const intl = useIntl();
  const locale = useAppSelector(selectLocale);
  return useMemo<DataTableColumn<StaffUser>[]>(
    () => [
      { field: 'username', headerId: 'users.fields.username', ltr: true, minWidth: 130 },
      { field: 'fullName', headerId: 'users.fields.fullName', value: (u) => fullName(u, locale), minWidth: 160, flex: 1.4 },
      { field: 'appCount', headerId: 'users.fields.appCount', numeric: true, width: 120, value: (u) => appCounts?.[u.id] ?? 0 },
      { field: 'role', headerId: 'users.fields.role', value: (u) => (u.role ? roleLabel(intl, u.role) : ''), minWidth: 130 },
      {
        field: 'active',
        headerId: 'users.fields.status',
        width: 110,
        value: (u) => intl.formatMessage({ id: u.active ? 'users.status.active' : 'users.status.inactive' }),
        render: (u) => <StatusSwitch user={u} />,
      },
    ],
    [intl, locale, appCounts],
  );
}

function useUserFilters() {
  const intl = useIntl();
  const roles = useGetRolesQuery();
  return useMemo<DataTableFilter<StaffUser>[]>(
    () => [
      {
        kind: 'search',
        key: 'search',
        labelId: 'users.filters.search',
        match: (u) => [u.username, u.name, u.family, u.eName, u.eFamily, fullName(u, 'fa'), fullName(u, 'en')],
      },
      {
        kind: 'select',
        key: 'role',
        labelId: 'users.filters.role',
        options: (roles.data ?? []).map((role) => ({ value: String(role.id), label: roleLabel(intl, role) })),
        test: (u, value) => String(u.role_id) === value,
      },
      yesNoFilter({
        key: 'status',
        labelId: 'users.filters.status',
        value: (u) => u.active,
        yesLabelId: 'users.status.active',
        noLabelId: 'users.status.inactive',
      }),
    ],
    [roles.data, intl],
  );
}

function useUserRowActions(isTopAdmin: boolean, setOpen: (open: OpenDialog) => void) {
  return useMemo<RowAction<StaffUser>[]>(
    () => [
      { key: 'details', labelId: 'users.actions.details', icon: <InfoOutlinedIcon fontSize="small" />, onClick: (user) => setOpen({ kind: 'details', user }) },
      { key: 'edit', labelId: 'users.actions.edit', icon: <EditOutlinedIcon fontSize="small" />, onClick: (user) => setOpen({ kind: 'edit', user }) },
      {
        key: 'password',
        labelId: 'users.actions.password',
        icon: <KeyOutlinedIcon fontSize="small" />,
        onClick: (user) => setOpen({ kind: 'password', user }),
      },
      { key: 'role', labelId: 'users.actions.role', icon: <ManageAccountsOutlinedIcon fontSize="small" />, onClick: (user) => setOpen({ kind: 'role', user }) },
      {
        key: 'resetTotp',
        labelId: 'users.actions.resetTotp',
        icon: <PhonelinkLockOutlinedIcon fontSize="small" />,
        onClick: (user) => setOpen({ kind: 'resetTotp', user }),
        hidden: (user) => !isTopAdmin || !user.totpEnabled,
      },
      {
        key: 'delete',
        labelId: 'users.actions.delete',
        icon: <DeleteOutlineIcon fontSize="small" />,
        color: 'error',
        onClick: (user) => setOpen({ kind: 'delete', user }),
      },
    ],
    [isTopAdmin, setOpen],
  );
}

/** Add a user, and for the top admin the two-factor settings per role. */
function UsersToolbar({ isTopAdmin, onTotpRoles }: { isTopAdmin: boolean; onTotpRoles: () => void }) {
  return (
    <Stack direction="row" spacing={1}>
      <Button component={RouterLink} to={PATHS.usersAddNew} variant="contained" startIcon={<PersonAddAltOutlinedIcon />}>
        <FormattedMessage id="users.actions.add" />
      </Button>
      {isTopAdmin && (
        <Button variant="outlined" startIcon={<PhonelinkLockOutlinedIcon />} onClick={onTotpRoles}>
          <FormattedMessage id="users.totp.rolesButton" />
        </Button>
      )}
    </Stack>
  );
}

/** The dialog a row action opened: details, edit, password, role, or one of the two questions. */
function UserDialogs({ open, appCounts, onClose }: { open: OpenDialog | null; appCounts: Record<number, number> | undefined; onClose: () => void }) {
  const locale = useAppSelector(selectLocale);
  const [deleteUser] = useDeleteUserMutation();
  const [resetTotp] = useResetUserTotpMutation();
  const current = open?.user;
  const confirming = open && isConfirm(open.kind) ? { kind: open.kind, user: open.user } : null;
  return (
    <>
      <UserDetailsDialog user={open?.kind === 'details' ? open.user : null} appCount={current ? (appCounts?.[current.id] ?? 0) : 0} onClose={onClose} />
      {open?.kind === 'edit' && <EditUserDialog user={open.user} onClose={onClose} />}
      {open?.kind === 'password' && <SetPasswordDialog user={open.user} onClose={onClose} />}
      {open?.kind === 'role' && <ChangeRoleDialog user={open.user} onClose={onClose} />}
      {confirming && (
        <ConfirmDialog
          open
          onClose={onClose}
          {...CONFIRMS[confirming.kind]}
          values={{ name: fullName(confirming.user, locale), username: confirming.user.username }}
          onConfirm={() => (confirming.kind === 'delete' ? deleteUser(confirming.user.id) : resetTotp(confirming.user.id)).unwrap()}
          destructive
        />
      )}
    </>
  );
}
