// A form's submit button: contained unless told otherwise, and while the form's action runs
// (`submitting`, from useSubmitAction) disabled and labelled "in progress".
import Button, { type ButtonProps } from '@mui/material/Button';
import { FormattedMessage } from 'react-intl';

export interface SubmitButtonProps extends Omit<ButtonProps, 'type' | 'children' | 'disabled'> {
  labelId: string;
  submitting: boolean;
}

export function SubmitButton({ labelId, submitting, variant = 'contained', ...props }: SubmitButtonProps) {
  return (
    <Button type="submit" variant={variant} disabled={submitting} {...props}>
      <FormattedMessage id={submitting ? 'common.inProgress' : labelId} />
    </Button>
  );
}
