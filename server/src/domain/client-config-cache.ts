// The per-instance cache of GET apps/client/config (docs/product.md §7 "Mobile apps"): one entry per app,
// valid for one config version; a version change (database trigger, same transaction as the change)
// drops the app's entry on the next call of any instance.
import type { Locale, Operator } from '../../../src/contract';
import { renderConfig, type ConfigVariant, type PreparedConfig } from './client-config';

interface Entry {
  version: number;
  prepared: Promise<PreparedConfig>;
  variants: Map<string, ConfigVariant>;
}

/**
 * Per-instance cache of prepared configs, one entry per app, valid for one config version. A
 * concurrent first call for a version waits for the same preparation (no stampede on a change).
 */
export class ClientConfigCache {
  private readonly entries = new Map<number, Entry>();
  /** Preparations run so far (tests assert that answers are served from memory). */
  builds = 0;

  constructor(private readonly prepare: (appId: number) => Promise<PreparedConfig | undefined>) {}

  async variant(
    appId: number,
    version: number,
    choice: { operator?: Operator; lang: Locale; versionCode: number },
  ): Promise<ConfigVariant | 'keysMissing' | undefined> {
    const entry = this.current(appId, version);
    return pick(await entry.prepared, entry.variants, choice);
  }

  /** The prepared config of one version, shared with the signed bundle (domain/bundle.ts). */
  prepared(appId: number, version: number): Promise<PreparedConfig> {
    return this.current(appId, version).prepared;
  }

  /** Drops everything (an app deleted, tests). */
  clear(): void {
    this.entries.clear();
  }

  /** The app's entry for `version`, made (and its preparation started) when the cached one is older. */
  private current(appId: number, version: number): Pick<Entry, 'prepared' | 'variants'> {
    let entry = this.entries.get(appId);
    if (!entry || entry.version !== version) {
      // An older version never replaces a newer one (a slow call that read the version earlier).
      if (entry && entry.version > version) return { prepared: this.run(appId), variants: new Map() };
      const made: Entry = { version, prepared: this.run(appId), variants: new Map() };
      this.entries.set(appId, made);
      made.prepared.catch(() => {
        if (this.entries.get(appId) === made) this.entries.delete(appId);
      });
      entry = made;
    }
    return entry;
  }

  private async run(appId: number): Promise<PreparedConfig> {
    this.builds++;
    const prepared = await this.prepare(appId);
    if (!prepared) throw new Error(`app ${appId} vanished while its config was built`);
    return prepared;
  }
}

function pick(prepared: PreparedConfig, variants: Map<string, ConfigVariant>, choice: { operator?: Operator; lang: Locale; versionCode: number }) {
  if (prepared.kind === 'keysMissing') return 'keysMissing' as const;
  const blocked = prepared.blocked.has(String(choice.versionCode));
  const key = `${choice.operator ?? '*'}|${choice.lang}|${blocked ? 1 : 0}`;
  let v = variants.get(key);
  if (!v) {
    v = renderConfig(prepared, { operator: choice.operator, lang: choice.lang, blocked });
    variants.set(key, v);
  }
  return v;
}
