// Posts field-health alerts to each app's webhook (the deliveries recordAlerts queued). Every instance
// runs this loop, only the holder of the lease row delivers (like the mirror publisher), and none of
// it runs in a request. A post is the stored JSON body with `X-Signature: sha256=<hex HMAC-SHA256 of
// the body under the app's secret>`; a 2xx answer delivers it, anything else (or no answer in time)
// is tried again after `backoffMs`, doubled each time, up to `tries` attempts in all.
import { createHmac, randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { alertDeliveryQueue, type DueDelivery } from '../repositories/alert-deliveries';

export interface WebhookTimings {
  pollMs: number;
  backoffMs: number;
  tries: number;
  timeoutMs: number;
  leaseMs: number;
  /** Deliveries per round. */
  batch: number;
}

export const DEFAULT_WEBHOOK_TIMINGS: WebhookTimings = { pollMs: 5_000, backoffMs: 30_000, tries: 3, timeoutMs: 10_000, leaseMs: 60_000, batch: 20 };

/** The X-Signature header's value for a body. */
export const signatureOf = (body: string, secret: string): string => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

declare module 'fastify' {
  interface FastifyInstance {
    alertWebhooks: ReturnType<typeof createAlertWebhooks>;
  }
}

export function createAlertWebhooks(db: Db, log: FastifyBaseLogger) {
  const queue = alertDeliveryQueue(db);
  const holder = `${hostname()}:${process.pid}:${randomUUID()}`;
  let timings = DEFAULT_WEBHOOK_TIMINGS;
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let ticking: Promise<void> | undefined;

  async function deliver(d: DueDelivery): Promise<void> {
    const headers: Record<string, string> = { 'content-type': 'application/json', 'user-agent': 'panel-alerts' };
    if (d.secret) headers['x-signature'] = signatureOf(d.body, d.secret);
    let responseStatus: number | null = null;
    let error: string | null = null;
    try {
      const res = await fetch(d.url, { method: 'POST', headers, body: d.body, redirect: 'manual', signal: AbortSignal.timeout(timings.timeoutMs) });
      responseStatus = res.status;
      await res.body?.cancel().catch(() => undefined);
      if (res.status < 200 || res.status >= 300) error = `HTTP ${res.status}`;
    } catch (err) {
      error =
        err instanceof Error
          ? err.name === 'TimeoutError'
            ? `no answer within ${timings.timeoutMs} ms`
            : String((err as { cause?: Error }).cause?.message ?? err.message)
          : 'failed';
    }
    const tried = d.attempts + 1;
    const retryInMs = error === null || tried >= timings.tries ? null : timings.backoffMs * 2 ** (tried - 1);
    if (error) log.warn({ deliveryId: d.id, attempt: tried, error }, 'alert webhook delivery failed');
    await queue.attempted(d.id, { ok: error === null, responseStatus, error: error?.slice(0, 300) ?? null, retryInMs });
  }

  /** One round: renew the lease, then post the due deliveries one after another. */
  async function tick(): Promise<void> {
    try {
      if (!(await queue.lease(holder, timings.leaseMs))) return;
      for (const d of await queue.due(timings.batch)) await deliver(d);
    } catch (err) {
      log.error({ err }, 'the alert webhooks could not be delivered');
    }
  }

  const round = () => {
    ticking = tick().finally(() => {
      ticking = undefined;
      schedule(timings.pollMs);
    });
  };

  function schedule(ms: number): void {
    if (!running) return;
    clearTimeout(timer);
    timer = setTimeout(round, ms);
    timer.unref();
  }

  return {
    start(overrides: Partial<WebhookTimings> = {}): void {
      timings = { ...DEFAULT_WEBHOOK_TIMINGS, ...overrides };
      running = true;
      schedule(0);
    },
    /** Looks for due deliveries in a moment. */
    wake(): void {
      if (running && !ticking) schedule(50);
    },
    async stop(): Promise<void> {
      if (!running) return;
      running = false;
      clearTimeout(timer);
      await ticking;
      await queue.releaseLease(holder).catch(() => undefined);
    },
  };
}
