// A password input with a show/hide toggle. Passwords are typed left to right and, like every text
// input, accept English characters only (a Persian keyboard layout is caught at once). NewPasswordFields is the
// pair every "set a password" form asks for: the new one, with the strength rule under it, and its
// repetition (fields `password` and `repassword`, checked by the contract's schemas).
import { useIntl } from 'react-intl';
import { PASSWORD_MIN_LENGTH } from '@/contract';
import { usePasswordToggle } from './password-toggle';
import { TextInput, type TextInputProps } from './text-input';

export function PasswordField(props: Omit<TextInputProps, 'type' | 'charset' | 'ltr' | 'endAdornment'>) {
  const toggle = usePasswordToggle();
  return <TextInput autoComplete="current-password" {...props} {...toggle} ltr />;
}

export interface NewPasswordFieldsProps {
  labelId: string;
  /** The strength rule shown under the new password; `{min}` is the minimum length. */
  ruleId: string;
  repeatLabelId: string;
  required?: boolean;
}

export function NewPasswordFields({ labelId, ruleId, repeatLabelId, required }: NewPasswordFieldsProps) {
  const intl = useIntl();
  return (
    <>
      <PasswordField
        name="password"
        labelId={labelId}
        autoComplete="new-password"
        required={required}
        helperText={intl.formatMessage({ id: ruleId }, { min: PASSWORD_MIN_LENGTH })}
      />
      <PasswordField name="repassword" labelId={repeatLabelId} autoComplete="new-password" required={required} />
    </>
  );
}
