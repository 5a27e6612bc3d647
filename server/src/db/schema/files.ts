// Uploaded files (avatars now, other uploads later). Bytes live in the database so API
// instances stay stateless: any instance behind a load balancer can serve any file.
import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bytea } from './columns';

export const files = pgTable('files', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** What the file is for, e.g. `avatar`; lets a later cleanup job reason about orphans per kind. */
  kind: text('kind').notNull(),
  mime: text('mime').notNull(),
  size: integer('size').notNull(),
  bytes: bytea('bytes').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
