// The config call's per-instance state: the cache of rendered answers (domain/client-config-cache.ts)
// and the batch of devices seen by the call, whose lastSeenAt is written once per interval. app.ts
// decorates it on the root instance, so that the route plugin (encapsulated), tests and the bench
// share one.
import type { FastifyInstance } from 'fastify';
import { prepareConfig } from '../domain/client-config';
import { ClientConfigCache } from '../domain/client-config-cache';
import { PROFILE_ADDRESS_CONTEXT } from '../domain/profile-address';
import type { Repositories } from '../repositories';

declare module 'fastify' {
  interface FastifyInstance {
    /** The config call's per-instance state, for tests and the bench. */
    clientConfig: ReturnType<typeof createClientConfigState>;
  }
}

export interface ClientConfigStateOptions {
  /** How often seen devices are written (lastSeenAt); default 1 s. */
  seenFlushMs?: number;
  /** Write earlier once this many distinct devices are waiting; default 2,000. */
  seenMaxPending?: number;
}

/**
 * lastSeenAt is written in batches: calls only note (app, device) in memory, and one UPDATE per
 * interval (or per `maxPending` devices) stamps them all. A device seen ten times in a second costs
 * one row write; a crash loses at most one interval of "seen" stamps, never a registration.
 */
export class SeenDevices {
  private pending = new Map<string, { appId: number; uniqueDeviceId: string }>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly write: (seen: { appId: number; uniqueDeviceId: string }[]) => Promise<void>,
    private readonly onError: (err: unknown) => void,
    private readonly flushMs: number,
    private readonly maxPending: number,
  ) {}

  note(appId: number, uniqueDeviceId: string): void {
    this.pending.set(`${appId}\u0000${uniqueDeviceId}`, { appId, uniqueDeviceId });
    if (this.pending.size >= this.maxPending) void this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), this.flushMs);
      this.timer.unref();
    }
  }

  /** Writes what is pending; resolves when it (and any earlier write) is done. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const batch = [...this.pending.values()];
    this.pending = new Map();
    this.flushing = this.flushing.then(async () => {
      if (!batch.length) return;
      try {
        await this.write(batch);
      } catch (err) {
        this.onError(err);
      }
    });
    return this.flushing;
  }
}

export function createClientConfigState(app: FastifyInstance, repos: Repositories, options: ClientConfigStateOptions = {}) {
  const open = (sealed: string) => app.secrets.open(sealed, PROFILE_ADDRESS_CONTEXT);
  const cache = new ClientConfigCache(async (appId) => {
    const snapshot = await repos.clientConfig.snapshot(appId);
    return snapshot && prepareConfig(snapshot, open);
  });
  const seen = new SeenDevices(
    (batch) => repos.clientConfig.touchDevices(batch),
    (err) => app.log.error({ err }, 'could not record lastSeenAt of devices'),
    options.seenFlushMs ?? 1000,
    options.seenMaxPending ?? 2000,
  );
  app.addHook('onClose', async () => {
    await seen.flush();
  });
  return { cache, seen, flushSeen: () => seen.flush() };
}
