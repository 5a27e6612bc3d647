// The fields a profile form shares between "new profile" and the edit popup: name, address,
// operator, protocol and (not for role_id 5, docs/product.md §6) type. The address error may be a share-link
// reason id (shareLink.*, from the contract's scheme check or the server's parser).
import { useIntl } from 'react-intl';
import { OPERATORS, PROFILE_TYPES, PROTOCOLS } from '@/contract';
import { OutlinedField, SelectField, TextInput, useField } from '@/components/form';
import { reasonText } from '@/features/servers/reasons';

export const operatorOptions = OPERATORS.map((o) => ({ value: o, labelId: `servers.operator.${o}` }));
const protocolOptions = PROTOCOLS.map((p) => ({ value: p, label: p }));
const typeOptions = PROFILE_TYPES.map((t) => ({ value: t, labelId: `servers.profileType.${t}` }));

function AddressField({ helperId }: { helperId?: string }) {
  const { field, fieldState } = useField('address');
  const intl = useIntl();
  const error = fieldState.error?.message;
  return (
    <OutlinedField
      name={field.name}
      inputRef={field.ref}
      value={field.value ?? ''}
      onChange={(e) => field.onChange(e.target.value)}
      onBlur={field.onBlur}
      label={intl.formatMessage({ id: 'servers.profile.fields.address' })}
      error={!!error}
      helperText={error ? reasonText(intl, error) : helperId ? intl.formatMessage({ id: helperId }) : undefined}
      multiline
      minRows={2}
      htmlInput={{ dir: 'ltr', spellCheck: false }}
    />
  );
}

export function ProfileFields({ showType, addressHelperId }: { showType: boolean; addressHelperId?: string }) {
  return (
    <>
      <TextInput name="name" labelId="servers.profile.fields.name" ltr />
      <AddressField helperId={addressHelperId} />
      <SelectField name="operator" labelId="servers.profile.fields.operator" options={operatorOptions} />
      <SelectField name="protocol" labelId="servers.profile.fields.protocol" options={protocolOptions} />
      {showType && <SelectField name="type" labelId="servers.profile.fields.type" options={typeOptions} />}
    </>
  );
}
