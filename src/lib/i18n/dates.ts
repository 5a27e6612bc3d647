// Dates and digits through the platform's Intl (docs/architecture.md §4): the Persian calendar for fa,
// Gregorian for en. Nothing here pulls in a date library.
import type { Locale } from '@/contract';

export const intlLocale = (locale: Locale): string => (locale === 'fa' ? 'fa-IR' : 'en-US');

const calendarLocale = {
  persian: { fa: 'fa-IR-u-ca-persian-nu-arabext', en: 'en-US-u-ca-persian' },
  gregorian: { fa: 'fa-IR-u-ca-gregory-nu-arabext', en: 'en-US-u-ca-gregory' },
} as const;

export type Calendar = keyof typeof calendarLocale;

/** A date in the given calendar, worded in the UI language. */
export function formatDate(
  value: Date | string | number,
  locale: Locale,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'long' },
  calendar: Calendar = locale === 'fa' ? 'persian' : 'gregorian',
): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return dateTimeFormat(calendarLocale[calendar][locale], options).format(date);
}

// Building an Intl.DateTimeFormat costs far more than using one, and a list formats a date per row
// on every render: keep one per (locale, options).
const formats = new Map<string, Intl.DateTimeFormat>();

function dateTimeFormat(tag: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${tag} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(tag, options);
    formats.set(key, format);
  }
  return format;
}

/**
 * Weekday and date in full. (CLDR's Persian "full" pattern reads "year month day, weekday", so fa
 * is put together as weekday + long date, the way Persian calendars print it.)
 */
export function formatFullDate(value: Date, locale: Locale, calendar: Calendar): string {
  if (locale === 'en') return formatDate(value, locale, { dateStyle: 'full' }, calendar);
  const weekday = dateTimeFormat(calendarLocale[calendar][locale], { weekday: 'long' }).format(value);
  return `${weekday} ${formatDate(value, locale, { dateStyle: 'long' }, calendar)}`;
}

/** A time of day in Persian digits, whatever the UI language (the sidebar clock). */
export function formatPersianTime(value: Date): string {
  return dateTimeFormat('fa-IR', { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).format(value);
}

// Likewise one number format per locale: a dashboard or a list formats a figure per card and row.
const numberFormats = new Map<Locale, Intl.NumberFormat>();

export function formatNumber(value: number, locale: Locale): string {
  let format = numberFormats.get(locale);
  if (!format) numberFormats.set(locale, (format = new Intl.NumberFormat(intlLocale(locale))));
  return format.format(value);
}
