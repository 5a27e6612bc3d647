// A light outlined text field (label, input, helper text) for the form fields. MUI's TextField
// also brings Select, Menu, Popover and Modal; the sign-in page must stay small, so text, password
// and number fields are built from the input parts directly.
import { useId, type ReactNode, type Ref } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { SxProps, Theme } from '@mui/material/styles';

export interface OutlinedFieldProps {
  name: string;
  label: string;
  value: string | number;
  onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement | HTMLTextAreaElement>;
  error?: boolean;
  helperText?: ReactNode;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  disabled?: boolean;
  required?: boolean;
  placeholder?: string;
  multiline?: boolean;
  minRows?: number;
  size?: 'small' | 'medium';
  fullWidth?: boolean;
  startAdornment?: ReactNode;
  endAdornment?: ReactNode;
  htmlInput?: Record<string, unknown>;
  sx?: SxProps<Theme>;
}

export function OutlinedField({
  name,
  label,
  value,
  onChange,
  onBlur,
  inputRef,
  error,
  helperText,
  type = 'text',
  autoComplete,
  autoFocus,
  disabled,
  required,
  placeholder,
  multiline,
  minRows,
  size,
  fullWidth = true,
  startAdornment,
  endAdornment,
  htmlInput,
  sx,
}: OutlinedFieldProps) {
  const id = `${useId()}-${name}`;
  const helperId = helperText ? `${id}-helper` : undefined;
  return (
    <FormControl variant="outlined" error={error} disabled={disabled} required={required} fullWidth={fullWidth} size={size} sx={sx}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        name={name}
        label={label}
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        inputRef={inputRef}
        type={type}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        placeholder={placeholder}
        multiline={multiline}
        minRows={minRows}
        startAdornment={startAdornment}
        endAdornment={endAdornment}
        inputProps={{ 'aria-describedby': helperId, ...htmlInput }}
      />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
