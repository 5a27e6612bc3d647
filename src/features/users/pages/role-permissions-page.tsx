// /users/roles/{id} (docs/product.md §6): one role's permissions on one page: the menu tree (the sidebar and the
// page guards), the API operations grouped by tag, and the scope (own apps or every app). Changes are
// a draft until saved from the sticky bar, which counts them; leaving with unsaved changes asks first.
import { useParams } from 'react-router-dom';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from 'react-intl';
import { ACCESS_SCOPES, type AccessScope, type MenuItem, type Operation, type RoleWithGrants } from '@/contract';
import { useSubmitAction } from '@/components/dialogs';
import { ErrorState } from '@/components/feedback/error-state';
import { LoadingState } from '@/components/feedback/loading-state';
import { BackButton } from '@/components/layout/back-button';
import { PageHeader } from '@/components/layout/page-header';
import { roleLabel } from '@/lib/i18n';
import { PATHS } from '@/lib/routing';
import { useGetMenusQuery, useGetOperationsQuery, useGetRoleQuery, useSetRolePermissionsMutation } from '../access-api';
import { accessErrorId } from '../access/access-errors';
import { MenuGrantTree } from '../access/menu-grant-tree';
import { OperationGroups } from '../access/operation-groups';
import { SaveBar } from '../access/save-bar';
import { useGrantDraft } from '../access/use-grant-draft';

export default function RolePermissionsPage() {
  const id = Number(useParams().roleId);
  const valid = Number.isInteger(id) && id > 0;
  const role = useGetRoleQuery(id, { skip: !valid });
  const menus = useGetMenusQuery();
  const operations = useGetOperationsQuery();
  const failed = role.error ?? menus.error ?? operations.error;
  return (
    <>
      <BackButton to={PATHS.usersRoles} labelId="users.access.permissions.back" />
      {!valid || (failed && !(role.data && menus.data && operations.data)) ? (
        <>
          <PageHeader titleId="users.access.permissions.title" />
          <ErrorState error={valid ? failed : { status: 404 }} onRetry={() => [role, menus, operations].forEach((q) => q.refetch())} />
        </>
      ) : role.data && menus.data && operations.data ? (
        <PermissionsEditor key={role.data.id} role={role.data} menus={menus.data} operations={operations.data} />
      ) : (
        <LoadingState />
      )}
    </>
  );
}

function Section({ titleId, children }: { titleId: string; children: React.ReactNode }) {
  return (
    <Paper variant="outlined" component="section" sx={{ p: 2, mb: 3 }} aria-label={useIntl().formatMessage({ id: titleId })}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        <FormattedMessage id={titleId} />
      </Typography>
      {children}
    </Paper>
  );
}

function PermissionsEditor({ role, menus, operations }: { role: RoleWithGrants; menus: MenuItem[]; operations: Operation[] }) {
  const intl = useIntl();
  const { draft, changes, toggleMenu, setOperations, setScope, reset, body } = useGrantDraft(role, menus, operations);
  const [save] = useSetRolePermissionsMutation();
  const { submitting, run } = useSubmitAction({
    successMessageId: 'users.access.permissions.saved',
    errorMessageId: accessErrorId('users.access.permissions.saveError'),
  });

  return (
    <>
      <PageHeader
        titleId="users.access.permissions.title"
        subtitle={intl.formatMessage({ id: 'users.access.permissions.subtitle' }, { role: roleLabel(intl, role) })}
      />
      <Section titleId="users.access.permissions.scope">
        <RadioGroup
          row
          value={draft.scope}
          onChange={(_e, value) => setScope(value as AccessScope)}
          aria-label={intl.formatMessage({ id: 'users.access.permissions.scope' })}
        >
          {ACCESS_SCOPES.map((scope) => (
            <FormControlLabel key={scope} value={scope} control={<Radio />} label={intl.formatMessage({ id: `users.access.scope.${scope}Long` })} />
          ))}
        </RadioGroup>
      </Section>
      <Section titleId="users.access.permissions.menus">
        <MenuGrantTree items={menus} checked={draft.menuIds} onToggle={toggleMenu} />
      </Section>
      <Section titleId="users.access.permissions.operations">
        <OperationGroups operations={operations} checked={draft.operations} onChange={setOperations} />
      </Section>
      <SaveBar
        changes={changes}
        saving={submitting}
        onReset={reset}
        onSave={() => run(() => save({ id: role.id, body: body() }).unwrap()).catch(() => undefined)}
      />
    </>
  );
}
