// A password input with a show/hide toggle. Passwords are typed left to right and, like every text
// input, accept English characters only (a Persian keyboard layout is caught at once). The toggle
// (usePasswordToggle) also serves the sign-in page's Form-free TextBox.
import { usePasswordToggle } from './password-toggle';
import { TextInput, type TextInputProps } from './text-input';

export function PasswordField(props: Omit<TextInputProps, 'type' | 'charset' | 'ltr' | 'endAdornment'>) {
  const toggle = usePasswordToggle();
  return <TextInput autoComplete="current-password" {...props} {...toggle} ltr />;
}
