// Global settings that are not per app: the operator display names (docs/product.md §3 Operator settings)
// and the privacy policy text.
import { sql } from 'drizzle-orm';
import { check, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';

/** Key/value pairs; the keys are wifiOperatorName, mciOperatorName, irancellOperatorName, othersOperatorName. */
export const operatorSettings = pgTable('operator_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamps.updatedAt,
});

/** A single row (id 1) holding the sanitised policy HTML. */
export const privacyPolicy = pgTable(
  'privacy_policy',
  {
    id: smallint('id').primaryKey().default(1),
    html: text('html').notNull().default(''),
    updatedAt: timestamps.updatedAt,
  },
  (t) => [check('privacy_policy_single_row', sql`${t.id} = 1`)],
);
