// A plain date input (YYYY-MM-DD, the value the contract expects) bound to the Form. The label
// stays shrunk because the browser draws its own placeholder inside a date input.
import TextField from '@mui/material/TextField';
import { useField } from '../../../components/form';

export function DateField({ name, labelId }: { name: string; labelId: string }) {
  const { field, hasError, errorText, intl } = useField(name);
  return (
    <TextField
      fullWidth
      type="date"
      name={field.name}
      inputRef={field.ref}
      value={field.value ?? ''}
      onBlur={field.onBlur}
      onChange={(event) => field.onChange(event.target.value)}
      label={intl.formatMessage({ id: labelId })}
      error={hasError}
      helperText={errorText}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { dir: 'ltr', max: new Date().toISOString().slice(0, 10) } }}
    />
  );
}
