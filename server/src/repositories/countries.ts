// The world country list (docs/product.md §3 Country), seeded from countries-and-timezones, and the flag URL
// every country and server carries. Flags are served by this API (routes/countries.ts) from the
// flag-icons package, so the panel needs no internet to show them.
import { eq } from 'drizzle-orm';
import type { CountryDto } from '../../../src/contract';
import type { Db } from '../db/client';
import { countries } from '../db/schema';
import { flagUrl } from '../domain/flags';

// Names are sorted here rather than in SQL: PGlite has no ICU collations, and both database modes
// must answer in the same order ("Åland Islands" next to "Albania", not after "Zimbabwe").
const byName = new Intl.Collator('en', { sensitivity: 'base' });

export function countriesRepository(db: Db) {
  return {
    async list(): Promise<CountryDto[]> {
      const rows = await db.select().from(countries);
      return rows
        .map((c) => ({ id: c.id, code: c.code, name: c.name, timezones: c.timezones, flagUrl: flagUrl(c.code) }))
        .sort((a, b) => byName.compare(a.name, b.name));
    },

    async exists(id: number): Promise<boolean> {
      const [row] = await db.select({ id: countries.id }).from(countries).where(eq(countries.id, id));
      return Boolean(row);
    },
  };
}
