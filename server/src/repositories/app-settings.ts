// Application settings (docs/product.md §3 "Application settings"): the DTO and the partial update of
// POST apps/updateSettings. The columns carry the keys of the contract's field table
// (src/contract/schemas/app-settings.ts), so both directions are a copy over its keys. Two
// values derive from others and are kept in step here: the five encrypted source-host URLs follow
// repoName, newCoreKey and newCoreIv, and saving appVersion records that version.
import { eq, inArray } from 'drizzle-orm';
import {
  SECRET_SETTINGS,
  SETTING_FIELDS,
  SOURCE_HOSTS,
  normalizeAppVersion,
  type AppSettingsBody,
  type AppSettingsDto,
  type SettingKey,
} from '../../../src/contract';
import type { Db } from '../db/client';
import { appSettings, apps, countries } from '../db/schema';
import { encryptSourceHosts } from '../domain/word-crypto';
import { ensureAppVersion } from './versions';

type SettingsRow = typeof appSettings.$inferSelect;
type SettingsColumns = Partial<typeof appSettings.$inferInsert>;

/** The stored fields: every line of the contract's table but repoName, which the app row holds. */
const STORED = (Object.keys(SETTING_FIELDS) as SettingKey[]).filter((k): k is Exclude<SettingKey, 'repoName'> => k !== 'repoName');
const SECRET = new Set<string>(SECRET_SETTINGS);
// A field whose line has no column of the same key fails to compile here.
type Unstored = Exclude<(typeof STORED)[number], keyof SettingsRow>;
export const everyFieldHasItsColumn: [Unstored] extends [never] ? true : Unstored = true;

function toDto(s: SettingsRow, repoName: string | null, withSecrets: boolean): AppSettingsDto {
  const dto: Record<string, unknown> = { repoName };
  for (const k of STORED) if (withSecrets || !SECRET.has(k)) dto[k] = s[k];
  return dto as AppSettingsDto;
}

/** The stored columns of a validated settings body; absent fields stay absent (not changed). */
function toColumns(b: AppSettingsBody): SettingsColumns {
  const c: Record<string, unknown> = {};
  for (const k of STORED) if (b[k] !== undefined) c[k] = b[k];
  // Versions are kept to their two decimals; a null country list is stored as none.
  if (b.appVersion !== undefined) c.appVersion = normalizeAppVersion(b.appVersion);
  if (b.blockVersion != null) c.blockVersion = normalizeAppVersion(b.blockVersion);
  for (const k of ['selectedCountries', 'blockedCountries'] as const) if (b[k] === null) c[k] = '';
  return c as SettingsColumns;
}

export function appSettingsRepository(db: Db) {
  return {
    async find(appId: number, withSecrets: boolean): Promise<AppSettingsDto | undefined> {
      const [row] = await db
        .select({ settings: appSettings, repoName: apps.repoName })
        .from(appSettings)
        .innerJoin(apps, eq(apps.id, appSettings.appId))
        .where(eq(appSettings.appId, appId));
      return row && toDto(row.settings, row.repoName, withSecrets);
    },

    /** Codes among `codes` that are not in the countries table. */
    async unknownCountryCodes(codes: string[]): Promise<string[]> {
      if (!codes.length) return [];
      const rows = await db.select({ code: countries.code }).from(countries).where(inArray(countries.code, codes));
      const known = new Set(rows.map((r) => r.code));
      return codes.filter((c) => !known.has(c));
    },

    /**
     * Applies the fields present in `body` (robotApiKey excluded: the route handles that action).
     * repoName is stored on the app. When repoName, newCoreKey or newCoreIv changes, the five
     * encrypted source-host URLs are recomputed (or cleared with the repo). A saved appVersion gets
     * its version record. Run in a transaction.
     */
    async update(appId: number, body: AppSettingsBody): Promise<void> {
      const columns = toColumns(body);
      if (body.repoName !== undefined) await db.update(apps).set({ repoName: body.repoName }).where(eq(apps.id, appId));
      if (body.repoName !== undefined || body.newCoreKey !== undefined || body.newCoreIv !== undefined) {
        const [current] = await db
          .select({ repoName: apps.repoName, key: appSettings.newCoreKey, iv: appSettings.newCoreIv })
          .from(appSettings)
          .innerJoin(apps, eq(apps.id, appSettings.appId))
          .where(eq(appSettings.appId, appId));
        const repoName = current?.repoName ?? null;
        const key = body.newCoreKey ?? current?.key ?? null;
        const iv = body.newCoreIv ?? current?.iv ?? null;
        const hosts = repoName && key && iv ? encryptSourceHosts(repoName, key, iv) : null;
        for (const h of SOURCE_HOSTS) columns[h] = hosts ? hosts[h] : null;
      }
      if (Object.keys(columns).length) await db.update(appSettings).set(columns).where(eq(appSettings.appId, appId));
      if (body.appVersion !== undefined) await ensureAppVersion(db, appId, body.appVersion);
    },
  };
}
