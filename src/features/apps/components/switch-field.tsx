// A boolean setting bound to the surrounding Form, shown as a labelled switch. `onToggle` may
// refuse or extend a change (the ad rules); without it the switch just sets the value.
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useField } from '@/components/form';

export interface SwitchFieldProps {
  name: string;
  labelId: string;
  disabled?: boolean;
  /** Decides a change; return false to keep the switch as it is. */
  onToggle?: (next: boolean) => boolean;
}

export function SwitchField({ name, labelId, disabled, onToggle }: SwitchFieldProps) {
  const { field, intl } = useField(name);
  return (
    <FormControlLabel
      sx={{ marginInlineStart: 0, gap: 1 }}
      disabled={disabled}
      label={intl.formatMessage({ id: labelId })}
      control={
        <Switch
          name={field.name}
          checked={field.value === true}
          onBlur={field.onBlur}
          onChange={(_e, next) => {
            if (onToggle && !onToggle(next)) return;
            field.onChange(next);
          }}
        />
      }
    />
  );
}
