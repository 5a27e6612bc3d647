// A person's display name by locale (docs/product.md §2 sidebar): English name and family in en when the
// record has them, otherwise the (Persian) name and family.
import type { Locale } from '@/contract';

interface Named {
  name: string;
  family: string;
  eName?: string | null;
  eFamily?: string | null;
}

export function fullName(person: Named, locale: Locale): string {
  const english = [person.eName, person.eFamily].filter((part) => part && part.trim()).join(' ');
  if (locale === 'en' && english) return english;
  return [person.name, person.family].filter(Boolean).join(' ');
}

const regionNames = new Map<string, Intl.DisplayNames>();

/**
 * A country's name in the UI language. The server's country list is in English; in Persian the
 * platform's region names (`Intl.DisplayNames('fa')`) give the Persian one, and the server's name
 * stays as the fallback for a code Intl does not know.
 */
export function countryName(country: { code: string; name: string }, locale: Locale): string {
  if (locale !== 'fa') return country.name;
  const code = country.code.toUpperCase();
  let names = regionNames.get(locale);
  if (!names) regionNames.set(locale, (names = new Intl.DisplayNames(locale, { type: 'region', fallback: 'code' })));
  try {
    const name = names.of(code);
    return name && name !== code ? name : country.name;
  } catch {
    return country.name; // not a region code Intl accepts
  }
}

const listFormats = new Map<Locale, Intl.ListFormat>();

/**
 * Names listed with the locale's separators ("a, b, c" in English, "a، b، c" in Persian), each
 * name in a first-strong isolate (U+2068 … U+2069) so a Latin name keeps its order in Persian
 * (`isolate: false` for text that leaves the page, e.g. a CSV cell).
 */
export function formatNameList(names: readonly string[], locale: Locale, isolate = true): string {
  const isolated = isolate ? names.map((name) => `\u2068${name}\u2069`) : names;
  let format = listFormats.get(locale);
  if (!format) listFormats.set(locale, (format = new Intl.ListFormat(locale === 'fa' ? 'fa-IR' : 'en-US', { type: 'conjunction', style: 'narrow' })));
  return format.format(isolated);
}
