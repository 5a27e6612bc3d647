// Country search of the picker: what matches is unchanged (the name in the UI language or
// in English contains the text, or the code starts with it); the order is not. An exact code or
// exact name (either language) comes first, then names (or codes) that start with the text, then
// the rest, each group in the list's own order. Without it `US` offered Australia first and the
// United States 7th, `NL` Finland and `هلند` Caribbean Netherlands, and staff picked the wrong one.

/** The names a country is searched by: the UI language's and the English one (the same in English). */
export interface SearchableCountry {
  code: string;
  name: string;
}

const EXACT = 0;
const STARTS = 1;
const CONTAINS = 2;

/** The rank of a country for a (trimmed, lower-cased, non-empty) query, or -1 when it does not match. */
function rankOf(c: SearchableCountry, localName: string, q: string): number {
  const code = c.code.toLowerCase();
  const names = [localName.toLowerCase(), c.name.toLowerCase()];
  if (code === q || names.includes(q)) return EXACT;
  if (code.startsWith(q) || names.some((n) => n.startsWith(q))) return STARTS;
  if (names.some((n) => n.includes(q))) return CONTAINS;
  return -1;
}

/** The countries that match `input`, best first; the whole list for a blank input. */
export function searchCountries<C extends SearchableCountry>(options: readonly C[], input: string, nameOf: (c: C) => string): C[] {
  const q = input.trim().toLowerCase();
  if (!q) return [...options];
  const groups: C[][] = [[], [], []];
  for (const c of options) {
    const rank = rankOf(c, nameOf(c), q);
    if (rank >= 0) groups[rank].push(c);
  }
  return groups.flat();
}
