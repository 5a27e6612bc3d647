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
    let entry = this.entries.get(appId);
    if (!entry || entry.version !== version) {
      // An older version never replaces a newer one (a slow call that read the version earlier).
      if (entry && entry.version > version) return this.fresh(appId, choice);
      entry = { version, prepared: this.run(appId), variants: new Map() };
      this.entries.set(appId, entry);
      entry.prepared.catch(() => {
        if (this.entries.get(appId) === entry) this.entries.delete(appId);
      });
    }
    const prepared = await entry.prepared;
    return pick(prepared, entry.variants, choice);
  }

  /** Drops everything (an app deleted, tests). */
  clear(): void {
    this.entries.clear();
  }

  private async fresh(appId: number, choice: { operator?: Operator; lang: Locale; versionCode: number }) {
    return pick(await this.run(appId), new Map(), choice);
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
