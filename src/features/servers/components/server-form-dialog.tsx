// Create / edit a server (docs/product.md §2, §5 "Server create/edit"): applications (multiple), a country,
// the server name (ip), username, password and port, validated with the contract's serverSchema.
// A new server's name is prefilled from the chosen country: `<code>-server-<n>` (lower case), n
// being the first number not already used by a server of that name, as long as the user has not
// typed a name of their own. On edit the password starts blank: blank keeps the stored one.
import { useFormContext } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { serverSchema, type ServerBody } from '@/contract';
import { FormDialog } from '@/components/dialogs';
import { NumberField, PasswordField, SelectField, TextInput } from '@/components/form';
import { useGetAppsQuery, useGetCountriesQuery } from '@/lib/api';
import { useAddServerMutation, useUpdateServerMutation, type ServersScope } from '../api';
import type { Server } from '../types';
import { CountryField, type CountryChoice } from '@/components/country';
import { useMemo, useRef } from 'react';

/** `ir-server-1`, or the next free number among the names already in use. */
export function suggestServerName(code: string, taken: readonly string[]): string {
  const base = `${code.toLowerCase()}-server-`;
  const used = new Set(taken.map((n) => n.toLowerCase()));
  let n = 1;
  while (used.has(`${base}${n}`)) n += 1;
  return `${base}${n}`;
}

function Fields({ isNew, scope, servers }: { isNew: boolean; scope: ServersScope; servers: Server[] }) {
  const intl = useIntl();
  const { getValues, setValue } = useFormContext<ServerBody>();
  const countries = useGetCountriesQuery();
  const apps = useGetAppsQuery({ own: scope === 'mine' });
  const lastSuggestion = useRef<string | null>(null);
  const appOptions = useMemo(() => (apps.data ?? []).map((a) => ({ value: a.id, label: a.name })), [apps.data]);

  const onCountry = (country: CountryChoice | null) => {
    if (!isNew || !country) return;
    const current = (getValues('ip') ?? '').trim();
    // Only replace an empty name or our own earlier suggestion, never what the user typed.
    if (current !== '' && current !== lastSuggestion.current) return;
    const name = suggestServerName(
      country.code,
      servers.map((s) => s.ip),
    );
    lastSuggestion.current = name;
    setValue('ip', name, { shouldValidate: true, shouldDirty: true });
  };

  return (
    <>
      <SelectField name="appId" labelId="servers.fields.apps" options={appOptions} multiple helperText={intl.formatMessage({ id: 'servers.form.appsHint' })} />
      <CountryField
        name="countryId"
        labelId="servers.fields.country"
        hintId="servers.form.countryHint"
        countries={countries.data ?? []}
        loading={countries.isLoading}
        onPicked={onCountry}
      />
      <TextInput name="ip" labelId="servers.fields.ip" ltr helperText={intl.formatMessage({ id: 'servers.form.ipHint' })} />
      <TextInput name="username" labelId="servers.fields.username" ltr autoComplete="off" />
      <PasswordField
        name="password"
        labelId="servers.fields.password"
        autoComplete="new-password"
        helperText={isNew ? undefined : intl.formatMessage({ id: 'servers.form.passwordKeep' })}
      />
      <NumberField name="port" labelId="servers.fields.port" min={1} max={65535} />
    </>
  );
}

export function ServerFormDialog({
  open,
  onClose,
  server,
  scope,
  servers,
}: {
  open: boolean;
  onClose: () => void;
  server?: Server;
  scope: ServersScope;
  servers: Server[];
}) {
  const [addServer] = useAddServerMutation();
  const [updateServer] = useUpdateServerMutation();
  const isNew = !server;
  const defaultValues = server
    ? {
        appId: server.apps.map((a) => a.app.id),
        countryId: server.location.id,
        ip: server.ip,
        username: server.username ?? '',
        password: '',
        port: server.port ?? undefined,
      }
    : { appId: [], countryId: undefined, ip: '', username: '', password: '', port: undefined };

  return (
    <FormDialog<ServerBody>
      open={open}
      onClose={onClose}
      titleId={isNew ? 'servers.create.title' : 'servers.edit.title'}
      schema={serverSchema}
      defaultValues={defaultValues as never}
      onSubmit={(values) => (server ? updateServer({ id: server.id, body: values }).unwrap() : addServer(values).unwrap())}
      successMessageId={isNew ? 'servers.create.success' : 'servers.edit.success'}
      errorMessageId={isNew ? 'servers.create.error' : 'servers.edit.error'}
    >
      <Fields isNew={isNew} scope={scope} servers={servers} />
    </FormDialog>
  );
}
