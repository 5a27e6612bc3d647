// A small form state for text fields checked by plain rule functions from src/contract instead of
// a yup schema: the sign-in page's form, which must not load react-hook-form and yup (docs/architecture.md §8,
// docs/architecture.md §8 bundle budget). It behaves like Form (form.tsx): a field's error shows
// once it was left (or after a submit) and follows every change from then on; a refused submit
// marks every invalid field, focuses the first and toasts checkInput; a server 400's field errors
// land on the matching fields.
import { useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { V } from '../../contract';
import { fieldErrorsOf, isApiError } from '../../lib/api';
import { translate } from '../../lib/i18n';
import { useNotify } from '../../lib/state';

export type FieldErrors<T> = Partial<Record<keyof T, string>>;

export interface CheckedFormOptions<T extends { [K in keyof T]: string }> {
  defaultValues: T;
  /** The values to send (e.g. trimmed) and the message id of each invalid field. */
  check: (values: T) => { value: T; errors: FieldErrors<T> };
  onSubmit: (values: T) => Promise<unknown> | void;
}

export function useCheckedForm<T extends { [K in keyof T]: string }>({ defaultValues, check, onSubmit }: CheckedFormOptions<T>) {
  const intl = useIntl();
  const notify = useNotify();
  const [values, setValues] = useState(defaultValues);
  const [errors, setErrors] = useState<FieldErrors<T>>({});
  const live = useRef(new Set<keyof T>()); // fields whose error follows each change
  const inputs = useRef(new Map<keyof T, HTMLInputElement | HTMLTextAreaElement | null>());
  const names = Object.keys(defaultValues) as (keyof T)[];

  const showError = (name: keyof T, next: T) => setErrors((e) => ({ ...e, [name]: check(next).errors[name] }));
  const focusFirst = (failed: FieldErrors<T>) => inputs.current.get(names.find((n) => failed[n]) as keyof T)?.focus();

  const field = (name: keyof T & string) => ({
    name,
    value: values[name],
    inputRef: (el: HTMLInputElement | HTMLTextAreaElement | null) => void inputs.current.set(name, el),
    onValueChange: (value: string) => {
      const next = { ...values, [name]: value };
      setValues(next);
      if (live.current.has(name)) showError(name, next);
    },
    onBlur: () => {
      live.current.add(name);
      showError(name, values);
    },
    errorText: errors[name] ? translate(intl, errors[name]) : undefined,
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { value, errors: failed } = check(values);
    names.forEach((n) => live.current.add(n));
    setErrors(failed);
    if (names.some((n) => failed[n])) {
      focusFirst(failed);
      notify.error(V.checkInput);
      return;
    }
    try {
      await onSubmit(value);
    } catch (error) {
      // API errors were already reported by the caller; anything else is a bug worth surfacing.
      if (!isApiError(error)) throw error;
      const server = fieldErrorsOf(error) ?? {};
      const known = Object.fromEntries(names.filter((n) => n in server).map((n) => [n, server[n as string] || V.checkInput])) as FieldErrors<T>;
      setErrors((e) => ({ ...e, ...known }));
      focusFirst(known);
    }
  };

  return { field, submit };
}
