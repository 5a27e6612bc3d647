// Application settings (docs/product.md §3 "Application settings"): the DTO under the SPEC names, and the
// partial update of POST apps/updateSettings. The stored columns follow the database's spelling
// (adsForceByVpn, userConnectionLimit); the mapping below is the one place that knows both. Two
// values derive from others and are kept in step here: the five encrypted source-host URLs follow
// repoName, newCoreKey and newCoreIv, and saving appVersion records that version.
import { eq, inArray } from 'drizzle-orm';
import { SOURCE_HOSTS, normalizeAppVersion, type AppSettingsBody, type AppSettingsDto } from '../../../src/contract';
import type { Db } from '../db/client';
import { appSettings, apps, countries } from '../db/schema';
import { encryptSourceHosts } from '../domain/word-crypto';
import { ensureAppVersion } from './versions';

type SettingsRow = typeof appSettings.$inferSelect;
type SettingsColumns = Partial<typeof appSettings.$inferInsert>;

/** The keys that only role_id 1 may read (docs/product.md §6: core key and iv, cpp key and iv). */
export const SECRET_SETTINGS = ['newCoreKey', 'newCoreIv', 'cppKey', 'cppIv'] as const;

// The two ping fields and blockVersion are text columns; the contract makes them numbers.
const numOrNull = (v: string | null): number | null => (v === null || v === '' ? null : Number(v));
const textOrNull = (v: number | null | undefined): string | null | undefined =>
  v === undefined ? undefined : v === null ? null : String(v);

function toDto(s: SettingsRow, repoName: string | null, withSecrets: boolean): AppSettingsDto {
  const dto: AppSettingsDto = {
    aboutLink: s.aboutLink,
    policyLink: s.policyLink,
    googlePlayLink: s.googlePlayLink,
    instagram: s.instagram,
    telegram: s.telegram,
    youtube: s.youtube,
    updateText: s.updateText,
    englishUpdateText: s.englishUpdateText,
    email: s.email,
    appVersion: Number(s.appVersion),
    forceUpdate: s.forceUpdate,
    blockVersion: numOrNull(s.blockVersion),
    activeBlockVersion: s.activeBlockVersion,
    adsForceByVPN: s.adsForceByVpn,
    adsForceByVPNInForeign: s.adsForceByVpnInForeign,
    adsForceByVPNInIran: s.adsForceByVpnInIran,
    autoConnect: s.autoConnect,
    configsActive: s.configsActive,
    connectDelay: s.connectDelay,
    disconnectDelay: s.disconnectDelay,
    UserConnectionLimit: s.userConnectionLimit,
    detectLocationBy: s.detectLocationBy,
    activeEncryptSetting: s.activeEncryptSetting,
    repoName,
    smartActive: s.smartActive,
    autoConnectPing: numOrNull(s.autoConnectPing),
    connectionPing: numOrNull(s.connectionPing),
    dnsServer: s.dnsServer,
    clickToContinue: s.clickToContinue,
    foreignSmart: s.foreignSmart,
    delaySmart: s.delaySmart,
    loadSmartTogether: s.loadSmartTogether,
    restartTimeLimit: s.restartTimeLimit,
    restartTimeLimitEnabled: s.restartTimeLimitEnabled,
    selectedCountries: s.selectedCountries,
    blockedCountries: s.blockedCountries,
    staticConfigDelay: s.staticConfigDelay,
    robotIp: s.robotIp,
  };
  if (withSecrets) for (const k of SECRET_SETTINGS) dto[k] = s[k];
  return dto;
}

/** The stored columns of a validated settings body; absent fields stay absent (not changed). */
function toColumns(b: AppSettingsBody): SettingsColumns {
  const c: SettingsColumns = {
    aboutLink: b.aboutLink,
    policyLink: b.policyLink,
    googlePlayLink: b.googlePlayLink,
    instagram: b.instagram,
    telegram: b.telegram,
    youtube: b.youtube,
    updateText: b.updateText,
    englishUpdateText: b.englishUpdateText,
    email: b.email,
    appVersion: b.appVersion === undefined ? undefined : normalizeAppVersion(b.appVersion),
    forceUpdate: b.forceUpdate,
    blockVersion: textOrNull(b.blockVersion == null ? b.blockVersion : normalizeAppVersion(b.blockVersion)),
    activeBlockVersion: b.activeBlockVersion,
    adsForceByVpn: b.adsForceByVPN,
    adsForceByVpnInForeign: b.adsForceByVPNInForeign,
    adsForceByVpnInIran: b.adsForceByVPNInIran,
    autoConnect: b.autoConnect,
    configsActive: b.configsActive,
    connectDelay: b.connectDelay,
    disconnectDelay: b.disconnectDelay,
    userConnectionLimit: b.UserConnectionLimit,
    detectLocationBy: b.detectLocationBy,
    activeEncryptSetting: b.activeEncryptSetting,
    smartActive: b.smartActive,
    autoConnectPing: textOrNull(b.autoConnectPing),
    connectionPing: textOrNull(b.connectionPing),
    dnsServer: b.dnsServer,
    clickToContinue: b.clickToContinue,
    foreignSmart: b.foreignSmart,
    delaySmart: b.delaySmart,
    loadSmartTogether: b.loadSmartTogether,
    restartTimeLimit: b.restartTimeLimit,
    restartTimeLimitEnabled: b.restartTimeLimitEnabled,
    // Stored as sent (normalised by the schema); null clears the list.
    selectedCountries: b.selectedCountries === undefined ? undefined : (b.selectedCountries ?? ''),
    blockedCountries: b.blockedCountries === undefined ? undefined : (b.blockedCountries ?? ''),
    newCoreKey: b.newCoreKey,
    newCoreIv: b.newCoreIv,
    staticConfigDelay: b.staticConfigDelay,
    cppKey: b.cppKey,
    cppIv: b.cppIv,
    robotIp: b.robotIp,
  };
  for (const k of Object.keys(c) as (keyof SettingsColumns)[]) if (c[k] === undefined) delete c[k];
  return c;
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
