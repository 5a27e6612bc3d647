// A text input on its own (no Form around it), for the sign-in page, which stays free of
// react-hook-form and yup (docs/architecture.md §8); TextInput binds the same input to a Form. docs/product.md §5
// "Text inputs": English letters, digits, whitespace and special characters by default;
// Persian-only where a field says so. A disallowed change is reverted (the field keeps its value)
// and an error toast says what is allowed.
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { isEnglishText, isPersianText, V } from '@/contract';
import { useNotify } from '@/lib/state';
import { OutlinedField, type OutlinedFieldProps } from './outlined-field';

export type Charset = 'english' | 'persian' | 'any';

const charsetRules: Record<Exclude<Charset, 'any'>, { accepts: (value: string) => boolean; noticeId: string }> = {
  english: { accepts: isEnglishText, noticeId: V.englishOnly },
  persian: { accepts: isPersianText, noticeId: V.persianOnly },
};

export interface TextBoxProps extends Omit<OutlinedFieldProps, 'label' | 'onChange'> {
  labelId: string;
  onValueChange: (value: string) => void;
  /** The field's error, translated; it marks the field as invalid and replaces the helper text. */
  errorText?: ReactNode;
  charset?: Charset;
  /** Technical values (emails, user names, addresses, keys) are typed left to right. */
  ltr?: boolean;
}

export function TextBox({ labelId, onValueChange, errorText, error, charset = 'english', ltr, htmlInput, helperText, ...rest }: TextBoxProps) {
  const intl = useIntl();
  const notify = useNotify();
  const rule = charset === 'any' ? undefined : charsetRules[charset];
  return (
    <OutlinedField
      {...rest}
      onChange={(event) => {
        const next = event.target.value;
        if (rule && !rule.accepts(next)) {
          notify.error(rule.noticeId);
          return;
        }
        onValueChange(next);
      }}
      label={intl.formatMessage({ id: labelId })}
      error={error ?? !!errorText}
      helperText={errorText ?? helperText}
      htmlInput={{ ...(ltr ? { dir: 'ltr' } : {}), ...htmlInput }}
    />
  );
}
