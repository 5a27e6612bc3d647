// The answer of GET apps/client/config (docs/product.md §7 "Mobile apps"): prepared once per config version
// and rendered once per (operator, lang, blocked); the per-instance cache is client-config-cache.ts.
// Pure: the route hands in a snapshot (repositories/client-config.ts), a way to open sealed profile
// addresses and the app's version.
//
// What is built when (the "speed" rule): per (app, config version) the snapshot is read once and
// every profile's link is opened and encrypted once (AES-256-CBC under the app's newCoreKey/Iv,
// exactly apps/wordEncryption). Per (operator, lang, blocked) of that version the JSON body is
// serialised once, with its strong ETag (SHA-256 of the bytes). A call then costs one indexed
// lookup (key → app, active, version) plus a Map read. A version change (database trigger, same
// transaction as the change) drops the app's entry on the next call of any instance.
import {
  AD_SLOTS,
  API_PREFIX,
  CLIENT_LINKS,
  CLIENT_SETTINGS,
  SETTING_FIELDS,
  type AppSettingsDto,
  type ClientConfig,
  type ClientProfile,
  type Locale,
  type Operator,
  type OperatorNames,
  type Protocol,
  type ProfileType,
} from '../../../src/contract';
import { flagUrl } from './flags';
import { strongEtag, type CachedBody } from '../http/cached-body';
import { encryptWord } from './word-crypto';

/** A stored profile as the answer is built from it (its address still sealed). */
export interface ProfileRow {
  id: number;
  serverId: number;
  name: string;
  operator: Operator;
  protocol: Protocol;
  type: ProfileType;
  addressEnc: string;
}

/** The stored settings row: every field of the contract's table under its key (the keys included). */
export type StoredSettings = Required<Omit<AppSettingsDto, 'repoName'>>;

/** Everything one config version is built from (read by repositories/client-config.ts). */
export interface ConfigSnapshot {
  app: { id: number; name: string; packageName: string };
  settings: StoredSettings | undefined;
  /** The ad settings row: the switches, IDApp and each slot's `<slot>Id`, `<slot>Active` and `<slot>Interval`. */
  ads: ({ adMob: boolean; gdprActive: boolean; smartActive: boolean; idApp: string | null } & Record<string, unknown>) | undefined;
  /** Blocked versions, in their stored spelling (versionKey). */
  blockedVersions: string[];
  operators: OperatorNames;
  servers: { id: number; country: { code: string; name: string } }[];
  profiles: ProfileRow[];
  /** Profiles field health hides from one operator's answer, as `profileId|operator`. */
  hidden: string[];
}

/** The prepared form of one config version: everything but the per-call choices. */
export type PreparedConfig =
  | { kind: 'keysMissing' }
  | {
      kind: 'ready';
      blocked: ReadonlySet<string>;
      base: Omit<ClientConfig, 'update' | 'servers' | 'privacyUrl'>;
      update: { appVersion: number; forceUpdate: boolean; updateText: string | null; englishUpdateText: string | null; storeLink: string | null };
      servers: (Omit<ClientConfig['servers'][number], 'profiles'> & { profiles: ClientProfile[] })[];
      /** `profileId|operator`: left out of that operator's answer (field health, hideFailing). */
      hidden: ReadonlySet<string>;
      /** Profiles whose stored address could not be opened (another SECRETS_KEY); left out. */
      skipped: number;
      /**
       * The newCoreKey/newCoreIv the profiles were encrypted under: never rendered, but the signed
       * bundle (domain/bundle.ts) encrypts its payload under the same pair, read in the same snapshot.
       */
      coreKeys: { key: string; iv: string };
    };

const codes = (csv: string): string[] =>
  csv
    .split(',')
    .map((c) => c.trim().toUpperCase())
    .filter(Boolean);

/** The fields the contract's table sends to the phones (toClient), with the country lists as arrays. */
function clientSettings(s: NonNullable<ConfigSnapshot['settings']>): ClientConfig['settings'] {
  const out: Record<string, unknown> = {};
  for (const k of CLIENT_SETTINGS) out[k] = SETTING_FIELDS[k].kind === 'countries' ? codes(s[k] as string) : s[k];
  out.links = Object.fromEntries(CLIENT_LINKS.map((k) => [k, s[k]]));
  return out as ClientConfig['settings'];
}

/**
 * Prepares a snapshot: opens and encrypts every profile once. `open` answers the plain share link
 * of a sealed address, or throws.
 */
export function prepareConfig(snapshot: ConfigSnapshot, open: (sealed: string) => string): PreparedConfig {
  const s = snapshot.settings;
  const key = s?.newCoreKey ?? '';
  const iv = s?.newCoreIv ?? '';
  if (!s || Buffer.byteLength(key, 'utf8') !== 32 || Buffer.byteLength(iv, 'utf8') !== 16) return { kind: 'keysMissing' };

  const a = snapshot.ads;
  const master = a?.adMob ?? false;
  const row = (a ?? {}) as Record<string, unknown>;
  const slots = Object.fromEntries(
    AD_SLOTS.map((slot) => [
      slot,
      {
        id: (row[`${slot}Id`] as string | null | undefined) ?? null,
        // Every slot is off while the master is off.
        active: master && Boolean(row[`${slot}Active`]),
        interval: Number(row[`${slot}Interval`] ?? 0),
      },
    ]),
  ) as ClientConfig['ads']['slots'];
  const ops = snapshot.operators;

  let skipped = 0;
  const byServer = new Map<number, ClientProfile[]>();
  for (const p of snapshot.profiles) {
    let link: string;
    try {
      link = open(p.addressEnc);
    } catch {
      skipped++;
      continue;
    }
    const list = byServer.get(p.serverId) ?? [];
    list.push({ id: p.id, name: p.name, protocol: p.protocol, type: p.type, operator: p.operator, config: encryptWord(link, key, iv) });
    byServer.set(p.serverId, list);
  }

  return {
    kind: 'ready',
    blocked: new Set(snapshot.blockedVersions),
    hidden: new Set(snapshot.hidden),
    base: {
      app: { name: snapshot.app.name, packageName: snapshot.app.packageName },
      settings: clientSettings(s),
      ads: { active: master, gdprActive: a?.gdprActive ?? false, smartActive: a?.smartActive ?? false, IDApp: a?.idApp ?? null, slots },
      operators: { irancell: ops.irancellOperatorName, mci: ops.mciOperatorName, wifi: ops.wifiOperatorName, others: ops.othersOperatorName },
    },
    update: {
      appVersion: Number(s.appVersion),
      forceUpdate: s.forceUpdate,
      updateText: s.updateText,
      englishUpdateText: s.englishUpdateText,
      storeLink: s.googlePlayLink,
    },
    servers: snapshot.servers.map((srv) => ({
      id: srv.id,
      country: srv.country,
      flagUrl: flagUrl(srv.country.code),
      profiles: byServer.get(srv.id) ?? [],
    })),
    skipped,
    coreKeys: { key, iv },
  };
}

/** One rendered answer: its bytes, strong ETag and compressed forms (made on first demand). */
export type ConfigVariant = CachedBody;

/** The answer `{data}` for one caller's choices. */
export function renderConfig(
  prepared: Extract<PreparedConfig, { kind: 'ready' }>,
  choice: { operator?: Operator; lang: Locale; blocked: boolean },
): ConfigVariant {
  const u = prepared.update;
  const data: ClientConfig = {
    ...prepared.base,
    update: {
      appVersion: u.appVersion,
      forceUpdate: u.forceUpdate,
      blocked: choice.blocked,
      text: choice.lang === 'en' ? u.englishUpdateText : u.updateText,
      storeLink: u.storeLink,
    },
    servers: prepared.servers.map((srv) => ({
      ...srv,
      profiles: choice.operator
        ? srv.profiles.filter((p) => p.operator === choice.operator && !prepared.hidden.has(`${p.id}|${choice.operator}`))
        : srv.profiles,
    })),
    privacyUrl: `${API_PREFIX}/apps/client/privacy?lang=${choice.lang}`,
  };
  const body = Buffer.from(JSON.stringify({ data }), 'utf8');
  return { etag: strongEtag(body), body };
}
