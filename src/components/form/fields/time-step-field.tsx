// A duration in seconds changed by buttons of ±1 hour and ±30 minutes (docs/product.md §5 UserConnectionLimit);
// it never goes below 0.
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { TIME_STEPS_SECONDS } from '@/contract';
import { useField } from '../use-field';

const stepLabel: Record<number, string> = { 3600: 'Hour', 1800: 'HalfHour' };

export function TimeStepField({ name, labelId }: { name: string; labelId: string }) {
  const { field, hasError, errorText, intl } = useField(name);
  const seconds = Math.max(0, Number(field.value) || 0);
  const change = (delta: number) => {
    field.onChange(Math.max(0, seconds + delta));
    field.onBlur();
  };
  const button = (delta: number) => (
    <Button key={delta} size="small" variant="outlined" onClick={() => change(delta)} disabled={delta < 0 && seconds === 0}>
      {intl.formatMessage({ id: `form.timeStep.${delta > 0 ? 'plus' : 'minus'}${stepLabel[Math.abs(delta)]}` })}
    </Button>
  );

  return (
    <FormControl error={hasError} component="fieldset" sx={{ gap: 1 }}>
      <FormLabel component="legend">{intl.formatMessage({ id: labelId })}</FormLabel>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        {TIME_STEPS_SECONDS.map((step) => button(-step))}
        <Typography component="output" aria-live="polite" sx={{ minWidth: 140, textAlign: 'center', fontWeight: 500 }}>
          {intl.formatMessage({ id: 'form.timeStep.value' }, { hours: Math.floor(seconds / 3600), minutes: Math.floor((seconds % 3600) / 60) })}
        </Typography>
        {[...TIME_STEPS_SECONDS].reverse().map((step) => button(step))}
      </Stack>
      <FormHelperText>{errorText ?? intl.formatMessage({ id: 'form.timeStep.seconds' }, { seconds })}</FormHelperText>
    </FormControl>
  );
}
