// A person's display name by locale (SPEC §2 sidebar): English name and family in en when the
// record has them, otherwise the (Persian) name and family.
import type { Locale } from '../../contract';

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
