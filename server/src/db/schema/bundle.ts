// The signed bundle of each app (so an app can trust a config read from a mirror while the API is blocked; docs/product.md §7 "Mobile apps", GET apps/client/bundle):
// its Ed25519 signing keys and its bundle settings. Both hang off the app and go with it (ON DELETE
// CASCADE). A change to either bumps the app's config version (triggers of migration 0019, like
// app_settings in 0004), so a rotated key or new API bases are in the next bundle of every instance
// and carry a higher version than the bundle before them.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { apps } from './apps';
import { timestamps } from './columns';

/**
 * An app's signing keys: one active (signs the bundles), the older ones kept inactive and listed so
 * that the apps can trust both while a new key rolls out. The private key (PKCS#8 PEM) is sealed by
 * the secret box (SECRETS_KEY) under a context naming the app, and is never answered.
 */
export const appBundleKeys = pgTable(
  'app_bundle_keys',
  {
    id: serial('id').primaryKey(),
    appId: integer('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    /** SPKI PEM of the Ed25519 public key. */
    publicKeyPem: text('public_key_pem').notNull(),
    /** The PKCS#8 PEM private key, sealed (domain/secret-box.ts). */
    privateKeySealed: text('private_key_sealed').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('app_bundle_keys_app_idx').on(t.appId, t.id),
    // One active key per app, whatever the number of instances making the first one at once.
    uniqueIndex('app_bundle_keys_one_active_uq')
      .on(t.appId)
      .where(sql`${t.active}`),
  ],
);

/** One row per app once its bundle settings were saved; no row means the defaults (no API bases). */
export const appBundleSettings = pgTable('app_bundle_settings', {
  appId: integer('app_id')
    .primaryKey()
    .references(() => apps.id, { onDelete: 'cascade' }),
  /** The API base URLs the app should try, in order (signed into every bundle). */
  apiBases: text('api_bases').array().notNull().default([]),
  updatedAt: timestamps.updatedAt,
});
