// A numeric input with min, max and step (docs/product.md §5 "Application settings numbers"). An empty input
// is stored as null so the schema's required rule, not a NaN, decides.
import { useField } from '../use-field';
import { OutlinedField, type OutlinedFieldProps } from './outlined-field';

export interface NumberFieldProps extends Omit<
  OutlinedFieldProps,
  'name' | 'label' | 'value' | 'onChange' | 'onBlur' | 'inputRef' | 'error' | 'type' | 'htmlInput'
> {
  name: string;
  labelId: string;
  min?: number;
  max?: number;
  step?: number;
}

export function NumberField({ name, labelId, min, max, step = 1, helperText, ...rest }: NumberFieldProps) {
  const { field, hasError, errorText, intl } = useField(name, { min: min ?? '', max: max ?? '' });
  return (
    <OutlinedField
      {...rest}
      type="number"
      name={field.name}
      inputRef={field.ref}
      value={field.value ?? ''}
      onBlur={field.onBlur}
      onChange={(event) => field.onChange(event.target.value === '' ? null : Number(event.target.value))}
      label={intl.formatMessage({ id: labelId })}
      error={hasError}
      helperText={errorText ?? helperText}
      htmlInput={{ min, max, step, inputMode: step % 1 === 0 ? 'numeric' : 'decimal', dir: 'ltr' }}
    />
  );
}
