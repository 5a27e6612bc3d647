// The Jalali adapter of MUI X as a Persian reader expects it (docs/architecture.md §4):
// date-fns-jalali writes Latin digits (1403, 12) and its short weekday names are "1ش" … "5ش", of
// which the calendar header keeps the first character (`ش 1 2 3 4 5 ج`). This adapter writes every
// formatted date in Persian digits (days, years, months, times, the field's sections) and names
// the weekdays by their initials (ش ی د س چ پ ج). Parsing takes Persian, Arabic-Indic or Latin digits.
import { AdapterDateFnsJalali } from '@mui/x-date-pickers/AdapterDateFnsJalali';
import type { AdapterOptions } from '@mui/x-date-pickers/models';
import type { Locale as DateFnsLocale } from 'date-fns-jalali/locale';

const PERSIAN_DIGITS = '۰۱۲۳۴۵۶۷۸۹';
const ARABIC_INDIC_DIGITS = '٠١٢٣٤٥٦٧٨٩';

/** `1403/12/24` → `۱۴۰۳/۱۲/۲۴`. */
export const toPersianDigits = (text: string): string => text.replace(/[0-9]/g, (d) => PERSIAN_DIGITS[Number(d)]);

/** `۱۴۰۳` or `١٤٠٣` → `1403`. */
export const toLatinDigits = (text: string): string =>
  text.replace(/[۰-۹٠-٩]/g, (d) => String(Math.max(PERSIAN_DIGITS.indexOf(d), ARABIC_INDIC_DIGITS.indexOf(d))));

export class PersianDigitsJalaliAdapter extends AdapterDateFnsJalali {
  constructor({ locale, formats }: AdapterOptions<DateFnsLocale, never> = {}) {
    // 'EEEEE' is date-fns-jalali's narrow weekday: ی د س چ پ ج ش, one letter each
    super({ locale, formats: { weekdayShort: 'EEEEE', ...formats } });
    // The parent's methods are instance fields (arrow functions), not prototype methods: wrap them.
    const formatByString = this.formatByString;
    const parse = this.parse;
    this.formatByString = (value, formatString) => toPersianDigits(formatByString(value, formatString));
    this.parse = (value, format) => parse(toLatinDigits(value), format);
    // MUI tells a zero-padded year token by its year 1 starting with '0'; in Persian digits it
    // starts with '۰', so the padded tokens say their length themselves.
    this.formatTokenMap = {
      ...this.formatTokenMap,
      yy: { sectionType: 'year', contentType: 'digit', maxLength: 2 },
      yyyy: { sectionType: 'year', contentType: 'digit', maxLength: 4 },
    };
  }
}
