// Text fields bound to the surrounding Form. docs/product.md §5 "Text inputs": English letters, digits,
// whitespace and special characters by default; Persian-only where a field says so. A disallowed
// change is reverted (the field keeps its value) and an error toast says what is allowed.
import { isEnglishText, isPersianText, V } from '../../../contract';
import { useNotify } from '../../../lib/state';
import { useField } from '../use-field';
import { OutlinedField, type OutlinedFieldProps } from './outlined-field';

export type Charset = 'english' | 'persian' | 'any';

const charsetRules: Record<Exclude<Charset, 'any'>, { accepts: (value: string) => boolean; noticeId: string }> = {
  english: { accepts: isEnglishText, noticeId: V.englishOnly },
  persian: { accepts: isPersianText, noticeId: V.persianOnly },
};

export interface TextInputProps extends Omit<OutlinedFieldProps, 'name' | 'label' | 'value' | 'onChange' | 'onBlur' | 'inputRef' | 'error'> {
  name: string;
  labelId: string;
  charset?: Charset;
  /** Technical values (emails, user names, addresses, keys) are typed left to right. */
  ltr?: boolean;
}

export function TextInput({ name, labelId, charset = 'english', ltr, htmlInput, helperText, ...rest }: TextInputProps) {
  const { field, hasError, errorText, intl } = useField(name);
  const notify = useNotify();
  const rule = charset === 'any' ? undefined : charsetRules[charset];

  return (
    <OutlinedField
      {...rest}
      name={field.name}
      inputRef={field.ref}
      value={field.value ?? ''}
      onBlur={field.onBlur}
      onChange={(event) => {
        const next = event.target.value;
        if (rule && !rule.accepts(next)) {
          notify.error(rule.noticeId);
          return;
        }
        field.onChange(next);
      }}
      label={intl.formatMessage({ id: labelId })}
      error={hasError}
      helperText={errorText ?? helperText}
      htmlInput={{ ...(ltr ? { dir: 'ltr' } : {}), ...htmlInput }}
    />
  );
}

/** English letters, digits and special characters only (the default of every text input). */
export const EnglishTextField = (props: Omit<TextInputProps, 'charset'>) => <TextInput {...props} charset="english" />;

/** Persian letters, digits, whitespace and punctuation only. */
export const PersianTextField = (props: Omit<TextInputProps, 'charset'>) => <TextInput {...props} charset="persian" />;
