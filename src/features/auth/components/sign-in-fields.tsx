// The sign-in page's fields and form state in plain React and CSS (app/layout/sign-in.css), without
// MUI, react-hook-form or yup: the page is the entry route of every phone (docs/architecture.md §8),
// rendered before MUI has loaded (src/boot). They look and behave like the panel's outlined
// fields (components/form): a floating label, the error or hint under the field (its accessible
// description), aria-invalid, and English-only input (docs/product.md §5: a disallowed change is
// reverted and reported). The form state works like Form (components/form): a field's error shows once it
// was left (or after a submit) and follows every change from then on; a refused submit marks every
// invalid field, focuses the first and reports checkInput; a server 400's field errors land on the
// matching fields.
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { V } from '@/contract/errors';
import { isEnglishText } from '@/contract/text-rules';
import { isApiError } from '@/lib/api/errors';
import { useText } from '@/lib/i18n/plain-text';

export type FieldErrors<T> = Partial<Record<keyof T, string>>;

export interface SignInFormOptions<T extends { [K in keyof T]: string }> {
  defaultValues: T;
  /** The values to send (e.g. trimmed) and the message id of each invalid field. */
  check: (values: T) => { value: T; errors: FieldErrors<T> };
  /** Rejects with the ApiError of a refused request (already reported), for its field errors. */
  onSubmit: (values: T) => Promise<unknown>;
  /** Reports a message id (a refused submit, a disallowed character). */
  onError: (messageId: string) => void;
}

export function useSignInForm<T extends { [K in keyof T]: string }>({ defaultValues, check, onSubmit, onError }: SignInFormOptions<T>) {
  const text = useText();
  const [values, setValues] = useState(defaultValues);
  const [errors, setErrors] = useState<FieldErrors<T>>({});
  const live = useRef(new Set<keyof T>());
  const inputs = useRef(new Map<keyof T, HTMLInputElement | null>());
  const names = Object.keys(defaultValues) as (keyof T)[];

  const showError = (name: keyof T, next: T) => setErrors((e) => ({ ...e, [name]: check(next).errors[name] }));
  const focusFirst = (failed: FieldErrors<T>) => inputs.current.get(names.find((n) => failed[n]) as keyof T)?.focus();

  const field = (name: keyof T & string) => ({
    value: values[name],
    inputRef: (el: HTMLInputElement | null) => void inputs.current.set(name, el),
    onValueChange: (value: string) => {
      if (!isEnglishText(value)) {
        onError(V.englishOnly);
        return;
      }
      const next = { ...values, [name]: value };
      setValues(next);
      if (live.current.has(name)) showError(name, next);
    },
    onBlur: () => {
      live.current.add(name);
      showError(name, values);
    },
    errorText: errors[name] ? text(errors[name]) : undefined,
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { value, errors: failed } = check(values);
    names.forEach((n) => live.current.add(n));
    setErrors(failed);
    if (names.some((n) => failed[n])) {
      focusFirst(failed);
      onError(V.checkInput);
      return;
    }
    try {
      await onSubmit(value);
    } catch (error) {
      if (!isApiError(error)) throw error;
      const server = error.errors ?? {};
      const known = Object.fromEntries(names.filter((n) => n in server).map((n) => [n, server[n as string] || V.checkInput])) as FieldErrors<T>;
      setErrors((e) => ({ ...e, ...known }));
      focusFirst(known);
    }
  };

  return { field, submit };
}

export interface SignInFieldProps {
  labelId: string;
  value: string;
  inputRef: (el: HTMLInputElement | null) => void;
  onValueChange: (value: string) => void;
  onBlur: () => void;
  errorText?: string;
  /** Shown under the field while it has no error. */
  helperText?: ReactNode;
  type?: 'text' | 'password';
  autoComplete: string;
  /** Focused once the field is on screen (after the first paint, so the page's first layout is not forced inside the render). */
  autoFocus?: boolean;
  /** A button inside the field's end (the password's show/hide). */
  endButton?: ReactNode;
}

/** An outlined text field; technical values (emails, user names, codes) are typed left to right. */
export function SignInField({
  labelId,
  value,
  inputRef,
  onValueChange,
  onBlur,
  errorText,
  helperText,
  type = 'text',
  autoComplete,
  autoFocus,
  endButton,
}: SignInFieldProps) {
  const text = useText();
  const id = useId();
  const below = errorText ?? helperText;
  const input = useRef<HTMLInputElement | null>(null);
  useEffect(() => {
    if (!autoFocus) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      // unless the visitor has already put the focus somewhere
      timer = setTimeout(() => {
        if (!document.activeElement || document.activeElement === document.body) input.current?.focus();
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [autoFocus]);
  const classes = ['si-field', value ? 'si-field--filled' : '', errorText ? 'si-field--error' : '', endButton ? 'si-field--button' : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className={classes}>
      <div className="si-field__box">
        <label className="si-field__label" htmlFor={id} id={`${id}-label`}>
          {text(labelId)}
        </label>
        <input
          ref={(el) => {
            input.current = el;
            inputRef(el);
          }}
          id={id}
          className="si-field__input"
          type={type}
          dir="ltr"
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          onBlur={onBlur}
          autoComplete={autoComplete}
          aria-invalid={!!errorText}
          aria-describedby={below ? `${id}-helper` : undefined}
        />
        {endButton}
      </div>
      {below && (
        <p className="si-field__helper" id={`${id}-helper`}>
          {below}
        </p>
      )}
    </div>
  );
}

const EYE =
  'M12 4.5C7 4.5 2.73 7.61 1 12c1.73 4.39 6 7.5 11 7.5s9.27-3.11 11-7.5c-1.73-4.39-6-7.5-11-7.5M12 17c-2.76 0-5-2.24-5-5s2.24-5 5-5 5 2.24 5 5-2.24 5-5 5m0-8c-1.66 0-3 1.34-3 3s1.34 3 3 3 3-1.34 3-3-1.34-3-3-3';
const EYE_OFF =
  'M12 7c2.76 0 5 2.24 5 5 0 .65-.13 1.26-.36 1.83l2.92 2.92c1.51-1.26 2.7-2.89 3.43-4.75-1.73-4.39-6-7.5-11-7.5-1.4 0-2.74.25-3.98.7l2.16 2.16C10.74 7.13 11.35 7 12 7M2 4.27l2.28 2.28.46.46C3.08 8.3 1.78 10.02 1 12c1.73 4.39 6 7.5 11 7.5 1.55 0 3.03-.3 4.38-.84l.42.42L19.73 22 21 20.73 3.27 3zM7.53 9.8l1.55 1.55c-.05.21-.08.43-.08.65 0 1.66 1.34 3 3 3 .22 0 .44-.03.65-.08l1.55 1.55c-.67.33-1.41.53-2.2.53-2.76 0-5-2.24-5-5 0-.79.2-1.53.53-2.2m4.31-.78 3.15 3.15.02-.16c0-1.66-1.34-3-3-3z';

/** The show/hide button of a password field, and the input type it selects (as usePasswordToggle). */
export function usePasswordToggle() {
  const [visible, setVisible] = useState(false);
  const text = useText();
  return {
    type: visible ? ('text' as const) : ('password' as const),
    endButton: (
      <button
        type="button"
        className="si-icon-button"
        onClick={() => setVisible((v) => !v)}
        onMouseDown={(e) => e.preventDefault()}
        aria-label={text(visible ? 'form.password.hide' : 'form.password.show')}
        aria-pressed={visible}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d={visible ? EYE_OFF : EYE} />
        </svg>
      </button>
    ),
  };
}
