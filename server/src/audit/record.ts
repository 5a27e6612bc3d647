// Writes one audit record (docs/architecture.md §6 "Audit log") on the given transaction: the actor, the
// client address, the operation (method and route pattern), the target, and the before/after of
// the changed fields with secrets redacted (./diff.ts).
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { auditLog } from '../db/schema';
import type { AuditActor } from './context';
import { diffFields, redact } from './diff';

export interface AuditEntry {
  action: string;
  actor: AuditActor;
  request: FastifyRequest;
  target: { type: string; id?: unknown; name?: string | null };
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
  /** Whether before/after are snapshots to compare (false: the target has no fields, or was not known up front). */
  compare?: boolean;
  detail?: Record<string, unknown>;
  /** Write nothing when a compared target shows no changed field and there is no detail. */
  skipUnchanged?: boolean;
}

const idText = (id: unknown): string | null => {
  if (id === undefined || id === null) return null;
  return Array.isArray(id) ? id.join(',') : String(id);
};

export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  const { before, after } = entry.compare ? diffFields(entry.before, entry.after) : { before: null, after: null };
  const detail = entry.detail && Object.keys(entry.detail).length ? redact(entry.detail) : null;
  if (entry.compare && entry.skipUnchanged && !before && !after && !detail) return;
  const targetId = idText(entry.target.id);
  await db.insert(auditLog).values({
    actorId: entry.actor.id,
    actorName: entry.actor.name,
    actorRole: entry.actor.role,
    ip: entry.request.ip,
    action: entry.action,
    operation: `${entry.request.method} ${entry.request.routeOptions.url ?? entry.request.url}`,
    target: targetId === null ? null : `${entry.target.type}:${targetId}`,
    targetType: entry.target.type,
    targetId,
    targetName: entry.target.name ?? null,
    before,
    after,
    detail,
  });
}
