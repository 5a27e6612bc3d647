// Text fields bound to the surrounding Form (the input itself, with its charset rule, is TextBox).
import { useField } from '../use-field';
import { TextBox, type TextBoxProps } from './text-box';

export type { Charset } from './text-box';

export interface TextInputProps extends Omit<TextBoxProps, 'value' | 'onValueChange' | 'onBlur' | 'inputRef' | 'error' | 'errorText'> {
  name: string;
}

export function TextInput({ name, ...rest }: TextInputProps) {
  const { field, hasError, errorText } = useField(name);
  return (
    <TextBox
      {...rest}
      name={field.name}
      inputRef={field.ref}
      value={field.value ?? ''}
      onBlur={field.onBlur}
      onValueChange={field.onChange}
      error={hasError}
      errorText={errorText}
    />
  );
}

/** English letters, digits and special characters only (the default of every text input). */
export const EnglishTextField = (props: Omit<TextInputProps, 'charset'>) => <TextInput {...props} charset="english" />;

/** Persian letters, digits, whitespace and punctuation only. */
export const PersianTextField = (props: Omit<TextInputProps, 'charset'>) => <TextInput {...props} charset="persian" />;
