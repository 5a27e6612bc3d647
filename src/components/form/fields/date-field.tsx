// A date bound to the Form through MUI X's DatePicker (docs/architecture.md §4): the Persian calendar with
// the Jalali adapter in Persian, the Gregorian one in English. The form value stays what the
// contract expects whatever the calendar: a Gregorian ISO date (`1990-05-17`), '' when empty, and
// a date the user typed that does not exist is kept as the invalid text so the schema refuses it.
import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { enUS as enPickerText, faIR as faPickerText } from '@mui/x-date-pickers/locales';
import { faIR as faJalali } from 'date-fns-jalali/locale/fa-IR';
import { enUS } from 'date-fns/locale/en-US';
import { selectLocale, useAppSelector } from '@/lib/state';
import { useField } from '../use-field';
import { PersianDigitsJalaliAdapter, toLatinDigits } from './persian-date-adapter';

/** What an impossible typed date is stored as: not an ISO date, so the schema's date rule refuses it. */
export const INVALID_DATE = 'invalid-date';

const pad = (n: number) => String(n).padStart(2, '0');

/** `1990-05-17` → that day at local midnight; anything else → null. */
export function isoToDate(value: unknown): Date | null {
  const m = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})/.exec(value) : null;
  if (!m) return null;
  const date = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A picked day → its Gregorian ISO date (local calendar day, no time zone shift). */
export function dateToIso(date: Date | null): string {
  if (!date) return '';
  if (Number.isNaN(date.getTime())) return INVALID_DATE;
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

const EN_TEXT = enPickerText.components.MuiLocalizationProvider.defaultProps.localeText;
// MUI's Persian texts keep the Latin YYYY/MM/DD placeholders; a Persian form names the parts
const FA_TEXT = {
  ...faPickerText.components.MuiLocalizationProvider.defaultProps.localeText,
  fieldYearPlaceholder: () => 'سال',
  fieldMonthPlaceholder: () => 'ماه',
  fieldDayPlaceholder: () => 'روز',
};

/**
 * A digit typed on a Persian keyboard (۱) reaches a field section as Latin (1): MUI's fields take
 * a Latin key and show it in the calendar's digits, but turn a Persian one into nothing. This runs
 * in the capture phase, before the field's own input handler reads the section's text.
 */
function latinDigitsTyped(event: FormEvent<HTMLElement>) {
  const target = event.target as HTMLElement;
  const text = target.textContent;
  if (target.getAttribute('contenteditable') === 'true' && text && /[۰-۹٠-٩]/.test(text)) target.textContent = toLatinDigits(text);
}

/**
 * The calendar of the user's language around date pickers: Jalali with Persian texts, Persian
 * digits and weekday initials in Persian, Gregorian in English. The key gives each calendar its
 * own provider, so switching language never mixes the two adapters.
 */
export function CalendarProvider({ children }: { children: ReactNode }) {
  const locale = useAppSelector(selectLocale);
  const persian = locale === 'fa';
  return (
    <LocalizationProvider
      key={locale}
      dateAdapter={persian ? PersianDigitsJalaliAdapter : AdapterDateFns}
      adapterLocale={persian ? faJalali : enUS}
      localeText={persian ? FA_TEXT : EN_TEXT}
    >
      {/* display: contents, so the wrapper takes no part in the layout */}
      <div style={{ display: 'contents' }} onInputCapture={latinDigitsTyped}>
        {children}
      </div>
    </LocalizationProvider>
  );
}

export interface DateFieldProps {
  name: string;
  labelId: string;
  /** Days after today cannot be picked (a birthdate). */
  disableFuture?: boolean;
}

export function DateField({ name, labelId, disableFuture }: DateFieldProps) {
  const { field, hasError, errorText, intl } = useField(name);
  // The picker gets back the very object it last emitted while the form still holds what that
  // object became: a fresh Date (or a fresh invalid one, mid-typing) would make it rebuild its
  // sections from the value and wipe what the user has typed so far.
  const [emitted, setEmitted] = useState<Date | null>(null);
  const value = useMemo(() => (emitted && dateToIso(emitted) === field.value ? emitted : isoToDate(field.value)), [emitted, field.value]);
  return (
    <CalendarProvider>
      <DatePicker
        name={field.name}
        inputRef={field.ref}
        label={intl.formatMessage({ id: labelId })}
        value={value}
        disableFuture={disableFuture}
        onChange={(next) => {
          setEmitted(next);
          field.onChange(dateToIso(next));
        }}
        onClose={field.onBlur}
        slotProps={{
          textField: { fullWidth: true, error: hasError, helperText: errorText, onBlur: field.onBlur },
          field: { clearable: true },
        }}
      />
    </CalendarProvider>
  );
}
