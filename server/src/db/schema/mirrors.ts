// The mirrors an app's signed bundle is published to (docs/product.md §7 "Mobile apps"): git remotes
// the top admin lists per app, each with its access token sealed (domain/secret-box.ts) and its
// publishing state; and the lease that lets one instance publish at a time (migration 0022).
import { bigint, boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { apps } from './apps';
import { timestamps } from './columns';

export const appMirrors = pgTable(
  'app_mirrors',
  {
    id: serial('id').primaryKey(),
    appId: integer('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    /** Only 'git' so far. */
    kind: text('kind').notNull().default('git'),
    /** The remote's http(s) URL, without credentials. */
    url: text('url').notNull(),
    branch: text('branch').notNull(),
    /** The bundle file's path in the repository. */
    path: text('path').notNull(),
    /** The access token, sealed under SECRETS_KEY with mirrorTokenContext. */
    tokenSealed: text('token_sealed').notNull(),
    /** The config version last pushed, when and as which commit. */
    publishedVersion: bigint('published_version', { mode: 'number' }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    publishedCommit: text('published_commit'),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }),
    /** The remote's message of the last failed attempt (tokens scrubbed); null after a success. */
    lastError: text('last_error'),
    /** Failed attempts in a row: the backoff grows with them. */
    failures: integer('failures').notNull().default(0),
    /** Not tried again before this (the debounce after a publish, the backoff after a failure). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** "Publish now": publish even when the version is already there. */
    requested: boolean('requested').notNull().default(false),
    ...timestamps,
  },
  (t) => [index('app_mirrors_app_idx').on(t.appId, t.id), index('app_mirrors_due_idx').on(t.nextAttemptAt)],
);

export const mirrorPublishLease = pgTable('mirror_publish_lease', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
