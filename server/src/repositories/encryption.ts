// Reads of the domain-encryption tools (docs/product.md §7 apps/wordEncryption, apps/decryptDomain): an app's
// core key and IV and its five stored encrypted source-host URLs. The apps module owns writing
// them (app creation generates the keys; updateSettings {repoName} stores the hosts); this module
// only reads the app_settings row.
import { eq } from 'drizzle-orm';
import type { SourceHost } from '../../../src/contract';
import type { Db } from '../db/client';
import { appSettings } from '../db/schema';

export interface CoreKeys {
  newCoreKey: string | null;
  newCoreIv: string | null;
}

export type EncryptedHosts = Record<SourceHost, string | null>;

export function encryptionRepository(db: Db) {
  return {
    /** The app's key and IV; undefined when the app has no settings row. */
    async coreKeys(appId: number): Promise<CoreKeys | undefined> {
      const [row] = await db
        .select({ newCoreKey: appSettings.newCoreKey, newCoreIv: appSettings.newCoreIv })
        .from(appSettings)
        .where(eq(appSettings.appId, appId));
      return row;
    },

    /** The key, IV and the five encrypted host URLs (null where unset). */
    async encryptedHosts(appId: number): Promise<(CoreKeys & EncryptedHosts) | undefined> {
      const [row] = await db
        .select({
          newCoreKey: appSettings.newCoreKey,
          newCoreIv: appSettings.newCoreIv,
          github: appSettings.github,
          gitlab: appSettings.gitlab,
          gitea: appSettings.gitea,
          codeberg: appSettings.codeberg,
          bitbucket: appSettings.bitbucket,
        })
        .from(appSettings)
        .where(eq(appSettings.appId, appId));
      return row;
    },
  };
}
