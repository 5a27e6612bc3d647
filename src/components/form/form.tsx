// The one form wrapper (react-hook-form + yupResolver with a schema from src/contract). Nothing is
// sent while the form is invalid. When onSubmit throws an API error whose body names fields
// (`errors: {field: messageId}`), those messages are put on the fields with setError; toasts are
// the caller's business (see useSubmitAction).
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { yupResolver } from '@hookform/resolvers/yup';
import { FormProvider, useForm, type DefaultValues, type FieldValues, type Path, type Resolver, type UseFormReturn } from 'react-hook-form';
import type { AnyObject, ObjectSchema } from 'yup';
import { V } from '@/contract';
import { fieldErrorsOf, isApiError } from '@/lib/api';
import { useNotify } from '@/lib/state';

export type FormSchema<T extends FieldValues> = ObjectSchema<T, AnyObject>;

export interface FormProps<T extends FieldValues> {
  schema: FormSchema<T>;
  defaultValues: DefaultValues<T>;
  onSubmit: (values: T, form: UseFormReturn<T>) => Promise<unknown> | void;
  /** Clear the fields after a successful submit (e.g. "new user"). */
  resetOnSuccess?: boolean;
  /** Toast the generic checkInput when a submit is refused as invalid (docs/product.md §5); default true. */
  invalidToast?: boolean;
  id?: string;
  sx?: SxProps<Theme>;
  children: ReactNode | ((form: UseFormReturn<T>) => ReactNode);
}

/** Puts a server 400's field errors on the matching fields; returns whether any matched. */
export function applyServerErrors<T extends FieldValues>(error: unknown, form: UseFormReturn<T>): boolean {
  const errors = fieldErrorsOf(error);
  if (!errors) return false;
  const known = Object.keys(form.getValues() ?? {});
  let matched = false;
  for (const [field, message] of Object.entries(errors)) {
    if (!known.includes(field)) continue;
    form.setError(field as Path<T>, { type: 'server', message: message || V.checkInput }, { shouldFocus: !matched });
    matched = true;
  }
  return matched;
}

export function Form<T extends FieldValues>({ schema, defaultValues, onSubmit, resetOnSuccess, invalidToast = true, id, sx, children }: FormProps<T>) {
  const notify = useNotify();
  const form = useForm<T>({ resolver: yupResolver(schema) as unknown as Resolver<T>, defaultValues, mode: 'onTouched' });
  const submit = form.handleSubmit(
    async (values) => {
      try {
        await onSubmit(values, form);
        if (resetOnSuccess) form.reset(defaultValues);
      } catch (error) {
        // API errors were already reported by the caller; anything else is a bug worth surfacing.
        if (!isApiError(error)) throw error;
        applyServerErrors(error, form);
      }
    },
    () => {
      if (invalidToast) notify.error(V.checkInput);
    },
  );
  return (
    <FormProvider {...form}>
      <Box component="form" id={id} noValidate onSubmit={submit} sx={sx}>
        {typeof children === 'function' ? children(form) : children}
      </Box>
    </FormProvider>
  );
}
