// The webhook delivery queue the alert service works through (services/alert-webhooks.ts): the due
// deliveries with their app's current secret, each attempt's outcome, and the lease that lets one
// instance deliver at a time.
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { alertDeliveries, alertDeliveryLease, appSettings } from '../db/schema';

export interface DueDelivery {
  id: number;
  url: string;
  body: string;
  attempts: number;
  secret: string | null;
}

export interface AttemptOutcome {
  ok: boolean;
  responseStatus: number | null;
  error: string | null;
  /** The wait before the next try; null when no try is left. */
  retryInMs: number | null;
}

const LEASE = 'alertWebhooks';

export function alertDeliveryQueue(db: Db) {
  return {
    async due(limit: number): Promise<DueDelivery[]> {
      const rows = await db
        .select({
          id: alertDeliveries.id,
          url: alertDeliveries.url,
          body: alertDeliveries.body,
          attempts: alertDeliveries.attempts,
          secret: appSettings.alertWebhookSecret,
        })
        .from(alertDeliveries)
        .leftJoin(appSettings, eq(appSettings.appId, alertDeliveries.appId))
        .where(and(eq(alertDeliveries.status, 'pending'), lte(alertDeliveries.nextAttemptAt, sql`now()`)))
        .orderBy(asc(alertDeliveries.nextAttemptAt), asc(alertDeliveries.id))
        .limit(limit);
      return rows.map((r) => ({ ...r, id: Number(r.id), secret: r.secret?.length ? r.secret : null }));
    },

    async attempted(id: number, o: AttemptOutcome): Promise<void> {
      const status = o.ok ? 'delivered' : o.retryInMs === null ? 'failed' : 'pending';
      await db
        .update(alertDeliveries)
        .set({
          status,
          attempts: sql`${alertDeliveries.attempts} + 1`,
          responseStatus: o.responseStatus,
          lastError: o.ok ? null : o.error,
          nextAttemptAt: o.retryInMs === null ? sql`now()` : sql`now() + ${`${Math.round(o.retryInMs)} milliseconds`}::interval`,
          updatedAt: sql`now()`,
        })
        .where(eq(alertDeliveries.id, id));
    },

    /** Takes or renews the delivery lease for `ms`: true when this holder has it. */
    async lease(holder: string, ms: number): Promise<boolean> {
      const until = sql`now() + ${`${Math.round(ms)} milliseconds`}::interval`;
      const rows = await db
        .insert(alertDeliveryLease)
        .values({ name: LEASE, holder, expiresAt: until })
        .onConflictDoUpdate({
          target: alertDeliveryLease.name,
          set: { holder, expiresAt: until },
          setWhere: sql`${alertDeliveryLease.holder} = ${holder} OR ${alertDeliveryLease.expiresAt} < now()`,
        })
        .returning({ holder: alertDeliveryLease.holder });
      return rows.length > 0;
    },

    async releaseLease(holder: string): Promise<void> {
      await db.delete(alertDeliveryLease).where(and(eq(alertDeliveryLease.name, LEASE), eq(alertDeliveryLease.holder, holder)));
    },
  };
}

export type AlertDeliveryQueue = ReturnType<typeof alertDeliveryQueue>;
