// A select bound to the Form; options are data (value plus a message id or a literal label, for
// values that come from the server such as application names).
import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useField } from '../use-field';

export interface SelectOption {
  value: string | number;
  labelId?: string;
  label?: string;
}

export interface SelectFieldProps extends Omit<
  TextFieldProps,
  'name' | 'value' | 'defaultValue' | 'onChange' | 'label' | 'error' | 'select' | 'slotProps' | 'inputRef'
> {
  name: string;
  labelId: string;
  options: readonly SelectOption[];
  multiple?: boolean;
}

export function SelectField({ name, labelId, options, multiple = false, helperText, ...rest }: SelectFieldProps) {
  const { field, hasError, errorText, intl } = useField(name);
  return (
    <TextField
      fullWidth
      {...rest}
      select
      name={field.name}
      inputRef={field.ref}
      value={field.value ?? (multiple ? [] : '')}
      onBlur={field.onBlur}
      onChange={(event) => field.onChange(event.target.value)}
      label={intl.formatMessage({ id: labelId })}
      error={hasError}
      helperText={errorText ?? helperText}
      slotProps={{ select: { multiple } }}
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.labelId ? intl.formatMessage({ id: option.labelId }) : option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
