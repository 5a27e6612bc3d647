// Applications and what hangs off each one: its settings row, its ad settings row and its version
// records (docs/product.md §3 Application, Application settings, Ad settings, Version record). Every child
// row belongs to its app and goes with it (ON DELETE CASCADE).
import { bigint, bigserial, boolean, index, integer, numeric, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { users } from './access';
import { timestamps } from './columns';
import { detectLocationByEnum } from './enums';

export const apps = pgTable(
  'apps',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    packageName: text('package_name').notNull().unique(),
    // Deleting a user who still administers apps must be a decision, not a side effect.
    adminId: integer('admin_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    sign: text('sign').notNull(),
    cppSign: text('cpp_sign'),
    description: text('description'),
    firebaseConfig: text('firebase_config'),
    email: text('email'),
    active: boolean('active').notNull().default(true),
    /** Random 256-bit value the mobile app sends as `appapikey`. */
    apiKey: text('api_key').notNull().unique(),
    /** The robot API key is shown once; only its hash is kept (docs/architecture.md §6). */
    robotApiKeyHash: text('robot_api_key_hash'),
    /** The product's field list names repoName under both the app and its settings; it is stored once, here. */
    repoName: text('repo_name'),
    ...timestamps,
  },
  (t) => [index('apps_admin_idx').on(t.adminId), index('apps_active_idx').on(t.active), index('apps_name_idx').on(t.name)],
);

/** One row per app; a column per settings field, under the key of its line in src/contract/schemas/app-settings.ts. */
export const appSettings = pgTable('app_settings', {
  appId: integer('app_id')
    .primaryKey()
    .references(() => apps.id, { onDelete: 'cascade' }),
  // Links and text
  aboutLink: text('about_link'),
  policyLink: text('policy_link'),
  googlePlayLink: text('google_play_link'),
  instagram: text('instagram'),
  telegram: text('telegram'),
  youtube: text('youtube'),
  updateText: text('update_text'),
  englishUpdateText: text('english_update_text'),
  email: text('email'),
  // Versioning and blocking; appVersion has step 0.01 (docs/product.md §5), so numeric keeps it exact.
  appVersion: numeric('app_version', { precision: 10, scale: 2, mode: 'number' }).notNull().default(0),
  forceUpdate: boolean('force_update').notNull().default(false),
  blockVersion: numeric('block_version', { precision: 10, scale: 2, mode: 'number' }),
  activeBlockVersion: boolean('active_block_version').notNull().default(false),
  // Ads and connection
  adsForceByVPN: boolean('ads_force_by_vpn').notNull().default(false),
  adsForceByVPNInForeign: boolean('ads_force_by_vpn_in_foreign').notNull().default(false),
  adsForceByVPNInIran: boolean('ads_force_by_vpn_in_iran').notNull().default(false),
  autoConnect: boolean('auto_connect').notNull().default(false),
  configsActive: boolean('configs_active').notNull().default(true),
  connectDelay: integer('connect_delay').notNull().default(0),
  disconnectDelay: integer('disconnect_delay').notNull().default(0),
  /** Seconds. */
  UserConnectionLimit: integer('user_connection_limit').notNull().default(0),
  // Location and encryption
  detectLocationBy: detectLocationByEnum('detect_location_by').notNull().default('Timezone'),
  activeEncryptSetting: boolean('active_encrypt_setting').notNull().default(false),
  // Smart mode and pings (milliseconds; null when not set).
  smartActive: boolean('smart_active').notNull().default(false),
  autoConnectPing: integer('auto_connect_ping'),
  connectionPing: integer('connection_ping'),
  dnsServer: text('dns_server'),
  clickToContinue: boolean('click_to_continue').notNull().default(false),
  foreignSmart: boolean('foreign_smart').notNull().default(false),
  delaySmart: integer('delay_smart').notNull().default(0),
  loadSmartTogether: boolean('load_smart_together').notNull().default(false),
  // Restart limits
  restartTimeLimit: integer('restart_time_limit').notNull().default(0),
  restartTimeLimitEnabled: boolean('restart_time_limit_enabled').notNull().default(false),
  // Countries: comma-separated ISO codes, as docs/product.md §3 sends them.
  selectedCountries: text('selected_countries').notNull().default(''),
  blockedCountries: text('blocked_countries').notNull().default(''),
  // Keys and delays
  newCoreKey: text('new_core_key'),
  newCoreIv: text('new_core_iv'),
  staticConfigDelay: integer('static_config_delay').notNull().default(0),
  cppKey: text('cpp_key'),
  cppIv: text('cpp_iv'),
  robotIp: text('robot_ip'),
  // The repository URL per source host, encrypted with the app's core key (domain encryption).
  github: text('github'),
  gitlab: text('gitlab'),
  gitea: text('gitea'),
  codeberg: text('codeberg'),
  bitbucket: text('bitbucket'),
  // Field health: whether failing profiles leave an operator's config, and the verdict's numbers.
  hideFailing: boolean('hide_failing').notNull().default(false),
  healthWindowMinutes: integer('health_window_minutes').notNull().default(120),
  healthMinDevices: integer('health_min_devices').notNull().default(5),
  healthWorkingPercent: integer('health_working_percent').notNull().default(80),
  healthFailingPercent: integer('health_failing_percent').notNull().default(20),
  healthProbationMinutes: integer('health_probation_minutes').notNull().default(30),
  // Alerts: the app's webhook (empty for none) and the HMAC secret its posts are signed with.
  alertWebhookUrl: text('alert_webhook_url'),
  alertWebhookSecret: text('alert_webhook_secret'),
  updatedAt: timestamps.updatedAt,
});

/** One row per app: IDApp, each ad slot's id/Active/Interval (seconds), and the switches. */
export const adSettings = pgTable('ad_settings', {
  appId: integer('app_id')
    .primaryKey()
    .references(() => apps.id, { onDelete: 'cascade' }),
  idApp: text('id_app'),
  /** The ads master toggle, exposed under the setting key `adMob`. */
  adMob: boolean('ad_mob').notNull().default(false),
  gdprActive: boolean('gdpr_active').notNull().default(false),
  /** The ad form's smart section switch; separate from app_settings.smart_active (smart connect mode). */
  smartActive: boolean('smart_active').notNull().default(false),
  intConId: text('int_con_id'),
  intConActive: boolean('int_con_active').notNull().default(false),
  intConInterval: integer('int_con_interval').notNull().default(0),
  intDisId: text('int_dis_id'),
  intDisActive: boolean('int_dis_active').notNull().default(false),
  intDisInterval: integer('int_dis_interval').notNull().default(0),
  rewIntConId: text('rew_int_con_id'),
  rewIntConActive: boolean('rew_int_con_active').notNull().default(false),
  rewIntConInterval: integer('rew_int_con_interval').notNull().default(0),
  rewIntDisId: text('rew_int_dis_id'),
  rewIntDisActive: boolean('rew_int_dis_active').notNull().default(false),
  rewIntDisInterval: integer('rew_int_dis_interval').notNull().default(0),
  rewId: text('rew_id'),
  rewActive: boolean('rew_active').notNull().default(false),
  rewInterval: integer('rew_interval').notNull().default(0),
  rew2Id: text('rew2_id'),
  rew2Active: boolean('rew2_active').notNull().default(false),
  rew2Interval: integer('rew2_interval').notNull().default(0),
  rewIntServerlistId: text('rew_int_serverlist_id'),
  rewIntServerlistActive: boolean('rew_int_serverlist_active').notNull().default(false),
  rewIntServerlistInterval: integer('rew_int_serverlist_interval').notNull().default(0),
  appOpenId: text('app_open_id'),
  appOpenActive: boolean('app_open_active').notNull().default(false),
  appOpenInterval: integer('app_open_interval').notNull().default(0),
  smartIntConId: text('smart_int_con_id'),
  smartIntConActive: boolean('smart_int_con_active').notNull().default(false),
  smartIntConInterval: integer('smart_int_con_interval').notNull().default(0),
  smartIntDisId: text('smart_int_dis_id'),
  smartIntDisActive: boolean('smart_int_dis_active').notNull().default(false),
  smartIntDisInterval: integer('smart_int_dis_interval').notNull().default(0),
  updatedAt: timestamps.updatedAt,
});

/**
 * Versions an app has been seen with. The version is text because it arrives both as a device's
 * appVersionCode and as the appVersion setting; text keeps exactly what was sent. status: true
 * active, false blocked.
 */
export const appVersions = pgTable(
  'app_versions',
  {
    id: serial('id').primaryKey(),
    appId: integer('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    appVersion: text('app_version').notNull(),
    status: boolean('status').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('app_versions_app_version_uq').on(t.appId, t.appVersion)],
);

/**
 * The version of what GET apps/client/config answers for each app (docs/product.md §7 "Mobile apps"). Database triggers
 * (migration 0004) bump it in the same transaction as any change that the answer depends on:
 * the app, its settings, ads and blocked versions, its servers, their links and profiles, and the
 * global operator names and privacy policy. Every API instance compares it on each call, so a cached
 * answer is never served after a change committed anywhere. `changedBy` names the last change
 * ("table:op"), for the panel's history.
 */
export const appConfigVersions = pgTable('app_config_versions', {
  appId: integer('app_id')
    .primaryKey()
    .references(() => apps.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull().default(1),
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  changedBy: text('changed_by'),
});

/** One row per bump of an app's config version: the "what the app receives" tab's history. */
export const appConfigChanges = pgTable(
  'app_config_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    appId: integer('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    version: bigint('version', { mode: 'number' }).notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    /** "table:op", e.g. app_settings:update. */
    changedBy: text('changed_by'),
  },
  (t) => [index('app_config_changes_app_idx').on(t.appId, t.id)],
);
