// The signed bundle's rows (so an app can trust a config read from a mirror while the API is blocked; docs/product.md §7 "Mobile apps"): each app's Ed25519 signing keys and its
// bundle settings (the API bases). Private keys arrive and leave sealed (domain/secret-box.ts); only
// `active` hands one out, to the route that signs with it. Every write bumps the app's config version
// (triggers of migration 0019).
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { appBundleKeys, appBundleSettings } from '../db/schema';

/** A key as it may be shown: never its private half. */
export interface PublicBundleKey {
  id: number;
  publicKeyPem: string;
  active: boolean;
  createdAt: Date;
}

/** The active key with its sealed private key, for signing. */
export interface SigningKeyRow {
  id: number;
  publicKeyPem: string;
  privateKeySealed: string;
}

export interface NewKey {
  publicKeyPem: string;
  privateKeySealed: string;
}

export function bundleKeysRepository(db: Db) {
  return {
    /** The app's keys, newest first (the active one, then the ones it replaced). */
    async list(appId: number): Promise<PublicBundleKey[]> {
      return db
        .select({ id: appBundleKeys.id, publicKeyPem: appBundleKeys.publicKeyPem, active: appBundleKeys.active, createdAt: appBundleKeys.createdAt })
        .from(appBundleKeys)
        .where(eq(appBundleKeys.appId, appId))
        .orderBy(desc(appBundleKeys.id));
    },

    async active(appId: number): Promise<SigningKeyRow | undefined> {
      const [row] = await db
        .select({ id: appBundleKeys.id, publicKeyPem: appBundleKeys.publicKeyPem, privateKeySealed: appBundleKeys.privateKeySealed })
        .from(appBundleKeys)
        .where(and(eq(appBundleKeys.appId, appId), eq(appBundleKeys.active, true)));
      return row;
    },

    /**
     * Stores the app's first active key unless it has one (another call, maybe on another instance,
     * made it first: the one-active index keeps theirs). Answers whether this one was stored.
     */
    async insertFirst(appId: number, key: NewKey): Promise<boolean> {
      const rows = await db
        .insert(appBundleKeys)
        .values({ appId, ...key, active: true })
        .onConflictDoNothing()
        .returning({ id: appBundleKeys.id });
      return rows.length > 0;
    },

    /**
     * Makes `key` the app's active key and keeps the one it replaces, inactive. Rotations of one app
     * take turns (the app's row is locked), so two at once leave one active key. Run in a transaction.
     */
    async rotate(appId: number, key: NewKey): Promise<number> {
      await db.execute(sql`SELECT id FROM apps WHERE id = ${appId} FOR UPDATE`);
      await db
        .update(appBundleKeys)
        .set({ active: false })
        .where(and(eq(appBundleKeys.appId, appId), eq(appBundleKeys.active, true)));
      const [row] = await db
        .insert(appBundleKeys)
        .values({ appId, ...key, active: true })
        .returning({ id: appBundleKeys.id });
      return row.id;
    },

    /** The API base URLs the app should try, in order; none until saved. */
    async apiBases(appId: number): Promise<string[]> {
      const [row] = await db.select({ apiBases: appBundleSettings.apiBases }).from(appBundleSettings).where(eq(appBundleSettings.appId, appId));
      return row?.apiBases ?? [];
    },

    async setApiBases(appId: number, apiBases: string[]): Promise<void> {
      await db
        .insert(appBundleSettings)
        .values({ appId, apiBases })
        .onConflictDoUpdate({ target: appBundleSettings.appId, set: { apiBases, updatedAt: new Date() } });
    },
  };
}
