// Enumerations of docs/product.md §3 and §9.
export const OPERATORS = ['irancell', 'mci', 'wifi', 'others'] as const;
export type Operator = (typeof OPERATORS)[number];
export const PROTOCOLS = ['vmess', 'vless'] as const;
export type Protocol = (typeof PROTOCOLS)[number];
export const PROFILE_TYPES = ['normal', 'smart'] as const;
/** The security layer of a share link (security= of vless, tls of vmess). */
export const LINK_SECURITIES = ['none', 'tls', 'reality'] as const;
export type LinkSecurity = (typeof LINK_SECURITIES)[number];
export type ProfileType = (typeof PROFILE_TYPES)[number];
export const DETECT_LOCATION_BY = ['Timezone', 'IP'] as const;
export type DetectLocationBy = (typeof DETECT_LOCATION_BY)[number];
export const NOTIFICATION_STATUSES = ['Success', 'Error', 'Notify'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];
export const SEX = { female: 0, male: 1 } as const;

/** Role ids fixed by docs/product.md §6 and the seed: 1 is the top admin (named `admin`), 5 is restricted. */
export const ROLE_IDS = { topAdmin: 1, appAdmin: 2, restricted: 5 } as const;
export const ROLE_NAMES = { admin: 'admin', appAdmin: 'appAdmin', restricted: 'restricted' } as const;

export const AD_SLOTS = ['intCon', 'intDis', 'rewIntCon', 'rewIntDis', 'rew', 'rew2', 'rewIntServerlist', 'appOpen', 'smartIntCon', 'smartIntDis'] as const;
export type AdSlot = (typeof AD_SLOTS)[number];
/** Slots whose Active flag the ads master (adMob) clears when it is switched off (docs/product.md §4). */
export const AD_SLOTS_CLEARED_BY_MASTER: AdSlot[] = ['rew', 'intCon', 'intDis', 'appOpen', 'rewIntCon', 'rewIntDis', 'rewIntServerlist'];
export const AD_SLOT_PAIRS: [AdSlot, AdSlot][] = [
  ['intCon', 'rewIntCon'],
  ['intDis', 'rewIntDis'],
];
export const SMART_AD_SLOTS: AdSlot[] = ['smartIntCon', 'smartIntDis'];
export const SOURCE_HOSTS = ['github', 'gitlab', 'gitea', 'codeberg', 'bitbucket'] as const;
export type SourceHost = (typeof SOURCE_HOSTS)[number];
