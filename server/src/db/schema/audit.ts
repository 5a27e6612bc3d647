// The audit log (docs/product.md §7 "Audit log", docs/architecture.md §6): one row per change made through the API,
// written in the same transaction as the change, plus sign-ins, sign-outs, reveals and exports.
// Secret values never reach it (server/src/audit/diff.ts).
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './access';

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    // The trail outlives the user who acted.
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** The actor's username and role name when acting (or the name typed at a failed sign-in). */
    actorName: text('actor_name'),
    actorRole: text('actor_role'),
    /** Client address. */
    ip: text('ip'),
    /** What happened, e.g. `app.update`; the filter of GET audit. */
    action: text('action').notNull(),
    /** Method and route pattern, e.g. `PUT /api/v1/apps/updateApp/:id`. */
    operation: text('operation'),
    /** What was acted on, e.g. `profile:42` (kept for records written before migration 0008). */
    target: text('target'),
    targetType: text('target_type'),
    targetId: text('target_id'),
    targetName: text('target_name'),
    /** The changed fields only, before and after; secrets as "changed" without a value. */
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_actor_idx').on(t.actorId),
    index('audit_log_target_idx').on(t.targetType, t.targetId),
    index('audit_log_action_idx').on(t.action),
  ],
);
