// Publishes each app's signed bundle to its mirrors (docs/product.md §7 "Mobile apps"). Every instance runs
// this loop, but only the holder of the lease row (migration 0022) publishes: a row, not an
// advisory lock, so it works on PGlite and on a pool of PostgreSQL connections alike, and another
// instance takes over once a holder has been gone for a lease period.
//
// A mirror of an active app is due when "publish now" was asked, when it holds no version yet, when
// its copy was issued before today (so it never expires on the mirror), or when the app's config
// version is newer than the one it holds and the app's debounce is over (repositories/mirrors.ts
// `due`): the debounce counts from the app's last publish, not the mirror's, so all an app's
// mirrors publish the same version together, a burst of saves making one commit a minute at most.
// After a failure the mirror's own wait doubles from `backoffMs` up to `maxBackoffMs`. An inactive
// app's mirrors are skipped (the mirror state says so: `appActive`) until it is active again. Each
// mirror publishes on its own (several at once, each git call bounded by a timeout), so a slow or
// failing remote never holds up the others, and none of it runs in a request.
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { MIRROR_DEBOUNCE_SECONDS } from '../../../src/contract/mirrors';
import type { DueMirror } from '../repositories/mirrors';
import { GitMirrorError, publishFile } from '../domain/git-mirror';
import type { Repositories } from '../repositories';

export interface PublisherTimings {
  /** How often due mirrors are looked for. */
  pollMs: number;
  /** The least time between an app's last publish and the next config version on its mirrors (but "publish now"). */
  debounceMs: number;
  /** The first retry's wait; it doubles with each failure in a row. */
  backoffMs: number;
  maxBackoffMs: number;
  /** How long the lease lasts unrenewed. */
  leaseMs: number;
  /** Each git command's limit. */
  gitTimeoutMs: number;
  /** Mirrors publishing at once. */
  concurrency: number;
}

export const DEFAULT_TIMINGS: PublisherTimings = {
  pollMs: 10_000,
  debounceMs: MIRROR_DEBOUNCE_SECONDS * 1000,
  backoffMs: 30_000,
  maxBackoffMs: 3_600_000,
  leaseMs: 120_000,
  gitTimeoutMs: 60_000,
  concurrency: 4,
};

/** The secret-box context of a mirror's token: a sealed token copied to another app's row does not open. */
export const mirrorTokenContext = (appId: number): string => `mirror.token:${appId}`;

declare module 'fastify' {
  interface FastifyInstance {
    mirrors: ReturnType<typeof createMirrorPublisher>;
  }
}

export const retryDelay = (t: PublisherTimings, failures: number): number => Math.min(t.maxBackoffMs, t.backoffMs * 2 ** Math.min(failures, 30));

export function createMirrorPublisher(app: FastifyInstance, repos: Repositories) {
  const holder = `${hostname()}:${process.pid}:${randomUUID()}`;
  let timings = DEFAULT_TIMINGS;
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let ticking: Promise<void> | undefined;
  const inFlight = new Map<number, Promise<void>>();

  async function publishOne(m: DueMirror): Promise<void> {
    const repo = repos.mirrors;
    const where = { mirrorId: m.id, url: m.url, branch: m.branch, path: m.path, version: m.version };
    try {
      const bundle = await app.bundles.cache.bundle(m.appId, m.version);
      if (bundle === 'keysMissing') throw new GitMirrorError('the app has no newCoreKey/newCoreIv, so no bundle can be made');
      const token = app.secrets.open(m.tokenSealed, mirrorTokenContext(m.appId));
      const commit = await publishFile({ url: m.url, branch: m.branch, path: m.path, token }, bundle.body, `Bundle version ${m.version}`, {
        timeoutMs: timings.gitTimeoutMs,
      });
      await repo.published(m, m.version, commit);
      await repo.audit(m.appId, 'app.mirrorPublish', { ...where, commit });
    } catch (err) {
      const message = err instanceof GitMirrorError ? err.message : 'the publish failed on the server (see its log)';
      if (!(err instanceof GitMirrorError)) app.log.error({ err, mirrorId: m.id, appId: m.appId }, 'mirror publish failed');
      else app.log.warn({ mirrorId: m.id, appId: m.appId, error: message }, 'mirror publish failed');
      try {
        await repo.failed(m, message, retryDelay(timings, m.failures));
        await repo.audit(m.appId, 'app.mirrorPublishFailed', { ...where, error: message });
      } catch (e) {
        app.log.error({ err: e, mirrorId: m.id }, "could not store a mirror's failure");
      }
    }
  }

  /** One round: renew the lease, then start the due mirrors that are not publishing already. */
  async function tick(): Promise<void> {
    try {
      if (!(await repos.mirrors.lease(holder, timings.leaseMs))) return;
      const room = timings.concurrency - inFlight.size;
      if (room <= 0) return;
      for (const m of await repos.mirrors.due(room, [...inFlight.keys()], timings.debounceMs)) {
        const work = publishOne(m).finally(() => {
          inFlight.delete(m.id);
          if (running) wake();
        });
        inFlight.set(m.id, work);
      }
    } catch (err) {
      app.log.error({ err }, 'the mirror publisher could not look for due mirrors');
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

  /** Looks for due mirrors in a moment (after "publish now" has committed, or a publish finished). */
  function wake(): void {
    if (running && !ticking) schedule(200);
  }

  return {
    holder,
    /** Starts the loop (main.ts; tests with short timings). */
    start(overrides: Partial<PublisherTimings> = {}): void {
      timings = { ...DEFAULT_TIMINGS, ...overrides };
      running = true;
      schedule(0);
    },
    wake,
    get timings(): PublisherTimings {
      return timings;
    },
    /** Stops looking, waits for the publishes under way, gives the lease up. */
    async stop(): Promise<void> {
      if (!running) return;
      running = false;
      clearTimeout(timer);
      await ticking;
      await Promise.allSettled(inFlight.values());
      await repos.mirrors.releaseLease(holder).catch(() => undefined);
    },
  };
}
