// The privacy policy (docs/product.md §2 "Settings pages"): one row (id 1) of sanitised HTML. The route
// sanitises before calling `set`, so whatever this table holds is safe to render.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { privacyPolicy } from '../db/schema';
import type { PrivacyDto } from '../../../src/contract';

export function privacyRepository(db: Db) {
  return {
    async get(): Promise<PrivacyDto> {
      const [row] = await db.select().from(privacyPolicy).where(eq(privacyPolicy.id, 1));
      return { privacy: row?.html ?? '', updatedAt: row ? row.updatedAt.toISOString() : null };
    },

    /** Stores already-sanitised HTML (the single row is created on first save). */
    async set(html: string): Promise<PrivacyDto> {
      const [row] = await db
        .insert(privacyPolicy)
        .values({ id: 1, html })
        .onConflictDoUpdate({ target: privacyPolicy.id, set: { html, updatedAt: sql`now()` } })
        .returning();
      return { privacy: row.html, updatedAt: row.updatedAt.toISOString() };
    },
  };
}
