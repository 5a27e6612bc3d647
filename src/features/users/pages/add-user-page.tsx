// /users/add-new (docs/product.md §2, §5 "New user"): every field with its rules, validated by the contract's
// userCreateSchema (the server's own) plus a confirm-password field checked here only. The role
// options come from access/roles. A taken email or username (409) lands on its field; after a
// successful create the form is cleared for the next user, who must change the temporary password
// at first sign-in.
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PersonAddAltOutlinedIcon from '@mui/icons-material/PersonAddAltOutlined';
import { FormattedMessage, useIntl } from 'react-intl';
import { repeatOf, SEX, userCreateSchema, type UserCreateBody } from '@/contract';
import { EnglishTextField, Form, NewPasswordFields, SelectField, SubmitButton } from '@/components/form';
import { useSubmitAction } from '@/components/dialogs';
import { PageHeader } from '@/components/layout/page-header';
import { roleLabel } from '@/lib/i18n';
import { useCreateUserMutation, useGetRolesQuery } from '../api';
import { EmailField, EnglishNameFields, FieldGrid, OptionalProfileFields, PersianNameFields } from '../components/user-profile-fields';
import { userErrorId } from '../user-errors';
import { PATHS } from '@/lib/routing';

const newUserSchema = userCreateSchema.shape({ repassword: repeatOf('password') });
type NewUserValues = UserCreateBody & { repassword: string };

// Untouched selects hold '' (the contract reads it as missing, so "required" is reported).
const empty = {
  name: '',
  family: '',
  email: '',
  username: '',
  password: '',
  repassword: '',
  role_id: '',
  eName: '',
  eFamily: '',
  mobile: '',
  website: '',
  address: '',
  about: '',
  sex: SEX.male,
  birthdate: '',
} as unknown as NewUserValues;

function SectionTitle({ id }: { id: string }) {
  return (
    <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
      <FormattedMessage id={id} />
    </Typography>
  );
}

export default function AddUserPage() {
  const intl = useIntl();
  const roles = useGetRolesQuery();
  const [createUser] = useCreateUserMutation();
  const { submitting, run } = useSubmitAction({ successMessageId: 'users.create.success', errorMessageId: userErrorId('users.create.error') });
  const roleOptions = (roles.data ?? []).map((role) => ({ value: role.id, label: roleLabel(intl, role) }));

  const submit = ({ repassword: _repassword, ...body }: NewUserValues) => run(() => createUser(body).unwrap());

  return (
    <>
      <PageHeader titleId="users.create.title" link={{ to: PATHS.usersList, labelId: 'users.list.title' }} />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 880 }}>
        <Form schema={newUserSchema} defaultValues={empty} onSubmit={submit} resetOnSuccess>
          <Stack spacing={3}>
            <Alert severity="info">
              <FormattedMessage id="users.create.temporaryPasswordNote" />
            </Alert>
            <SectionTitle id="users.create.account" />
            <FieldGrid>
              <EnglishTextField name="username" labelId="users.fields.username" autoComplete="off" ltr required />
              <EmailField />
              <NewPasswordFields labelId="users.fields.password" ruleId="users.fields.passwordRule" repeatLabelId="users.fields.repassword" required />
              <SelectField
                name="role_id"
                labelId="users.fields.role"
                options={roleOptions}
                required
                disabled={!roles.data}
                helperText={roles.isError ? intl.formatMessage({ id: 'users.roles.loadError' }) : undefined}
              />
            </FieldGrid>
            <SectionTitle id="users.create.personal" />
            <FieldGrid>
              <PersianNameFields />
              <EnglishNameFields />
              <OptionalProfileFields />
            </FieldGrid>
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
              <SubmitButton labelId="users.create.submit" submitting={submitting} startIcon={<PersonAddAltOutlinedIcon />} />
            </Stack>
          </Stack>
        </Form>
      </Paper>
    </>
  );
}
