// Reading and pruning the audit log (docs/product.md §7 "Audit log"); records are written by
// server/src/audit in the transaction of the change they describe.
import { and, count, desc, eq, gte, isNotNull, lte, lt, sql, type SQL } from 'drizzle-orm';
import type { AuditFilterOptions, AuditList, AuditQuery, AuditRowDto } from '../../../src/contract';
import { LIST_EXPORT_BATCH } from '../../../src/contract/exports';
import type { Db } from '../db/client';
import { auditLog, roles } from '../db/schema';
import { toCount } from '../db/helpers';

/** The list's filters (everything of its query but paging). */
type AuditFilters = Omit<AuditQuery, 'page' | 'size'>;

function whereOf(query: AuditFilters): SQL | undefined {
  return and(
    query.actorId !== undefined ? eq(auditLog.actorId, query.actorId) : undefined,
    query.action ? eq(auditLog.action, query.action) : undefined,
    query.targetType ? eq(auditLog.targetType, query.targetType) : undefined,
    query.targetId ? eq(auditLog.targetId, query.targetId) : undefined,
    query.from ? gte(auditLog.at, new Date(query.from)) : undefined,
    query.to ? lte(auditLog.at, new Date(query.to)) : undefined,
  );
}

export function auditRepository(db: Db) {
  return {
    /** One page, newest first, with the count of all rows that match. */
    async list(query: AuditQuery): Promise<AuditList> {
      const where = whereOf(query);
      const rows = await db
        .select({ row: auditLog, rolePName: roles.pName })
        .from(auditLog)
        .leftJoin(roles, eq(roles.name, auditLog.actorRole))
        .where(where)
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .limit(query.size)
        .offset((query.page - 1) * query.size);
      const [total] = await db.select({ n: count() }).from(auditLog).where(where);
      return { rows: rows.map((r) => toDto(r.row, r.rolePName)), count: toCount(total?.n) };
    },

    /**
     * Every record that matches the filters, newest first as the list, a batch of at most `size` at a
     * time (GET audit/export): keyset pagination on (at, id), so each batch reads its own rows
     * whatever its depth. The last row's time travels back as the database's text, which keeps its
     * microseconds (a JS Date would round them to milliseconds and skip rows of the same
     * millisecond).
     */
    async *exportBatches(query: AuditFilters, size = LIST_EXPORT_BATCH): AsyncGenerator<AuditRowDto[]> {
      const where = whereOf(query);
      let after: { at: string; id: number } | undefined;
      for (;;) {
        const rows = await db
          .select({ row: auditLog, atText: sql<string>`${auditLog.at}::text` })
          .from(auditLog)
          .where(and(where, after ? sql`(${auditLog.at}, ${auditLog.id}) < (${after.at}::timestamptz, ${after.id})` : undefined))
          .orderBy(desc(auditLog.at), desc(auditLog.id))
          .limit(size);
        if (!rows.length) return;
        yield rows.map((r) => toDto(r.row));
        const last = rows[rows.length - 1];
        after = { at: last.atText, id: Number(last.row.id) };
        if (rows.length < size) return;
      }
    },

    /** The choices of the panel's filters: the actions, actors and target types recorded so far. */
    async filterOptions(): Promise<AuditFilterOptions> {
      const actions = await db.selectDistinct({ v: auditLog.action }).from(auditLog).orderBy(auditLog.action);
      const types = await db.selectDistinct({ v: auditLog.targetType }).from(auditLog).where(isNotNull(auditLog.targetType)).orderBy(auditLog.targetType);
      const actors = await db
        .select({ id: auditLog.actorId, name: sql<string>`max(${auditLog.actorName})` })
        .from(auditLog)
        .where(isNotNull(auditLog.actorId))
        .groupBy(auditLog.actorId)
        .orderBy(auditLog.actorId);
      return { actions: actions.map((r) => r.v), targetTypes: types.map((r) => r.v!), actors: actors.map((r) => ({ id: r.id!, name: r.name })) };
    },

    /** Deletes records older than `days` days; answers how many. */
    async purgeOlderThan(days: number): Promise<number> {
      const gone = await db
        .delete(auditLog)
        .where(lt(auditLog.at, sql`now() - make_interval(days => ${days})`))
        .returning({ id: auditLog.id });
      return gone.length;
    },
  };
}

function toDto(r: typeof auditLog.$inferSelect, actorRolePName: string | null = null): AuditRowDto {
  return {
    id: Number(r.id),
    at: r.at.toISOString(),
    actorId: r.actorId,
    actorName: r.actorName,
    actorRole: r.actorRole,
    actorRolePName,
    ip: r.ip,
    action: r.action,
    operation: r.operation,
    targetType: r.targetType,
    targetId: r.targetId,
    targetName: r.targetName,
    before: r.before ?? null,
    after: r.after ?? null,
    detail: r.detail ?? null,
  };
}
