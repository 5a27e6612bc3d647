// A create/edit popup: a Form inside a dialog. Submitting shows the in-progress label; success
// toasts and closes (the list refreshes through cache tags), failure toasts, keeps the dialog open
// and puts the server's field errors on the fields.
import { useId, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import { FormattedMessage } from 'react-intl';
import { Form, type FormSchema } from '../form/form';
import { useSubmitAction, type SubmitActionOptions } from './use-submit-action';

export interface FormDialogProps<T extends FieldValues> extends SubmitActionOptions {
  open: boolean;
  onClose: () => void;
  titleId: string;
  schema: FormSchema<T>;
  defaultValues: DefaultValues<T>;
  onSubmit: (values: T) => Promise<unknown>;
  submitLabelId?: string;
  pendingLabelId?: string;
  maxWidth?: DialogProps['maxWidth'];
  children: ReactNode;
}

export function FormDialog<T extends FieldValues>({
  open,
  onClose,
  titleId,
  schema,
  defaultValues,
  onSubmit,
  submitLabelId = 'common.save',
  pendingLabelId = 'common.inProgress',
  maxWidth = 'sm',
  onSuccess,
  children,
  ...messages
}: FormDialogProps<T>) {
  const titleDomId = useId();
  const { submitting, run } = useSubmitAction({
    ...messages,
    onSuccess: (result) => {
      onClose();
      onSuccess?.(result);
    },
  });

  return (
    <Dialog open={open} onClose={submitting ? undefined : onClose} aria-labelledby={titleDomId} maxWidth={maxWidth} fullWidth>
      <Form schema={schema} defaultValues={defaultValues} onSubmit={(values) => run(() => onSubmit(values))}>
        <DialogTitle id={titleDomId}>
          <FormattedMessage id={titleId} />
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {children}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={submitting}>
            <FormattedMessage id="common.cancel" />
          </Button>
          <Button type="submit" variant="contained" disabled={submitting}>
            <FormattedMessage id={submitting ? pendingLabelId : submitLabelId} />
          </Button>
        </DialogActions>
      </Form>
    </Dialog>
  );
}
