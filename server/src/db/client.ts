// Opens the database in one of its two modes (docs/architecture.md §1): embedded PGlite in a folder (or
// `memory://` for tests), or PostgreSQL through a node-postgres pool when DATABASE_URL is set.
// Both come out as one Drizzle type, so repositories never know which driver they run on, and
// both apply the same committed migrations at boot.
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { Pool, type PoolClient } from 'pg';
import type { DatabaseTarget } from '../config';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type every repository takes; a transaction (`tx`) satisfies it too. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DbKind = DatabaseTarget['kind'];

export interface DbHandle {
  db: Db;
  kind: DbKind;
  /**
   * Applies pending migrations, then runs `after` (the seed) on the migrated database. On
   * PostgreSQL both happen under an advisory lock, so instances starting together take turns.
   */
  migrate(migrationsDir: string, after?: (db: Db) => Promise<void>): Promise<void>;
  close(): Promise<void>;
}

/** The Drizzle objects backed by a PostgreSQL pool (openPostgres registers them). */
const pooled = new WeakSet<object>();

/**
 * Whether statements sent together on `db` run side by side: on a PostgreSQL pool's, each on a
 * connection of its own; not on PGlite (one backend runs every statement in turn) nor on a
 * transaction (one connection). Code that sends a speculative statement alongside the one that
 * decides whether it is needed (the device list's planner) does so only where it costs no wait.
 */
export function runsConcurrently(db: Db): boolean {
  return pooled.has(db);
}

/** Arbitrary constant naming the boot lock; any other advisory-lock user must pick another. */
const BOOT_LOCK_KEY = 7_420_316;

export async function openDatabase(target: DatabaseTarget): Promise<DbHandle> {
  return target.kind === 'pglite' ? openPglite(target.dir) : openPostgres(target.url);
}

async function openPglite(dir: string): Promise<DbHandle> {
  // PGlite does not create parent folders itself.
  if (!dir.startsWith('memory://')) mkdirSync(dir, { recursive: true });
  return pgliteHandle(await PGlite.create(dir, { extensions: PGLITE_EXTENSIONS }));
}

/** The extensions every PGlite instance loads (the migrations create pg_trgm). */
export const PGLITE_EXTENSIONS = { pg_trgm };

/**
 * Wraps an open PGlite client. openDatabase uses it, and the server tests, which start each
 * in-memory database from one migrated copy (PGlite's loadDataDir) instead of running initdb again.
 */
export function pgliteHandle(client: PGlite): DbHandle {
  const db = drizzlePglite({ client, schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    // A PGlite database belongs to one process, so there is nobody to take turns with.
    async migrate(migrationsDir, after) {
      await migratePglite(db, { migrationsFolder: checkedFolder(migrationsDir) });
      await after?.(db as unknown as Db);
    },
    close: () => client.close(),
  };
}

async function openPostgres(url: string): Promise<DbHandle> {
  // No JIT: every query here is short, and JIT compiling one the planner prices high (a deep page of
  // the device list) adds 15-50 ms to it (docs/architecture.md §8). The trigram indexes' GIN pending
  // lists are bounded by the indexes themselves (GIN_PENDING_LIST_KB), for this pool and every other writer.
  const pool = new Pool({
    connectionString: url,
    max: 10,
    options: '-c jit=off',
    // A database host that stops answering (a failover, a partition) fails a new connection and a
    // wait for a free one after this long, as a 503 (http/errors.ts), instead of holding the call for
    // the kernel's minutes; keepalive notices a silently dead connection.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
  });
  survivesConnectionLoss(pool);
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  pooled.add(db);
  return {
    db,
    kind: 'postgres',
    async migrate(migrationsDir, after) {
      const folder = checkedFolder(migrationsDir);
      // Advisory locks belong to a connection, so everything runs on one checked-out client.
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [BOOT_LOCK_KEY]);
        const locked = drizzlePg({ client, schema });
        await migratePg(locked, { migrationsFolder: folder });
        await after?.(locked as unknown as Db);
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [BOOT_LOCK_KEY]).catch(() => undefined);
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/** How long a call waits for a connection (new or free) before it is answered 503. */
export const CONNECT_TIMEOUT_MS = 10_000;

/**
 * Keeps the process alive when PostgreSQL drops a connection (a restart, a failover,
 * pg_terminate_backend, a network cut). node-postgres emits an 'error' event on a client whose
 * connection dies, and an 'error' event without a listener throws out of the socket's callback,
 * ending the process. pg-pool listens on idle clients only (and re-emits on the pool): it takes its
 * listener off a client it hands out, and an audited call holds one for its whole transaction. So
 * every client the pool makes gets a listener of its own for its whole life; the calls that were
 * using it get the error from their query (a 503 DB_UNAVAILABLE), and the next queries get a fresh
 * connection.
 *
 * A dead client that is checked out goes back to the pool at once, which drops it: Drizzle's
 * transaction releases its client in a `finally` only after `begin` succeeded, so a connection cut
 * between the checkout and `begin` would otherwise never be released, and ten of them would leave
 * the pool with no slot (every later call waiting for a connection). The release its holder makes
 * later is then a no-op.
 */
export function survivesConnectionLoss(pool: Pool): void {
  // An idle client's error: pg-pool has already dropped the client; nothing to do.
  pool.on('error', () => {});
  const checkedOut = new WeakSet<PoolClient>();
  pool.on('acquire', (client) => checkedOut.add(client));
  pool.on('release', (_err, client) => checkedOut.delete(client));
  pool.on('connect', (client) => {
    client.on('error', (err) => {
      if (!checkedOut.has(client)) return;
      checkedOut.delete(client);
      const release = client.release;
      client.release = () => {};
      release(err);
    });
  });
}

function checkedFolder(dir: string): string {
  if (!existsSync(path.join(dir, 'meta', '_journal.json'))) {
    throw new Error(`No migrations found in ${dir}; run the server from the repository root`);
  }
  return dir;
}
