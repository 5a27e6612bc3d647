// Builds a fresh API server for a test file: on in-memory PGlite by default, or, when
// TEST_DATABASE_URL is set, on a brand-new database created on that PostgreSQL server (and dropped
// by close()), so the whole suite runs unchanged in both modes (docs/architecture.md §9).
//
//   const t = await createTestApp();
//   const { token } = await t.signedInUser({ role_id: 2 });
//   const res = await t.call(token, 'GET', 'users/current');
//   await t.close();
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../../server/src/app';
import { hashPassword } from '../../../server/src/domain/passwords';
import { loadConfig, type Config, type DatabaseTarget } from '../../../server/src/config';
import { openDatabase, PGLITE_EXTENSIONS, pgliteHandle, type Db, type DbHandle } from '../../../server/src/db/client';
import { createRepositories, type Repositories } from '../../../server/src/repositories';
import type { NewUser, UserRow } from '../../../server/src/repositories/users';
import { adminQuery, PG_TEMPLATE_ENV, PGLITE_SNAPSHOT_ENV, RUN_DATABASE_INFIX } from './admin-db';

export const ADMIN = { username: 'admin', email: 'admin@localhost', password: 'Admin#Pass1' } as const;
/** Meets docs/product.md §5's strength rule; the default password of users made by createUser. */
export const DEFAULT_PASSWORD = 'Passw0rd!';

export interface TestAppOptions {
  /** Extra environment for loadConfig (e.g. no ADMIN_PASSWORD: `{ ADMIN_PASSWORD: '' }`). */
  env?: Record<string, string>;
  /** Adjust the built config, e.g. lower the sign-in limits. */
  configure?: (config: Config) => void;
  /** Use this database instead of a fresh one (restart tests); it is not dropped by close(). */
  database?: DatabaseTarget;
  /** Runs before the app is ready, to add test-only routes; `db` is the pool the app was built on. */
  beforeReady?: (app: FastifyInstance, db: Db) => void | Promise<void>;
}

export interface TestUserInput extends Partial<Omit<NewUser, 'passwordHash'>> {
  /** Alias of roleId, in the API's spelling. Default 2 (appAdmin). */
  role_id?: number;
  /** Plain password; default DEFAULT_PASSWORD. */
  password?: string;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  db: Db;
  repos: Repositories;
  /** Text the first-run seed printed (the generated admin password notice). */
  announcements: string[];
  /** Signs in through the API and answers the token; fails the test on any non-200. */
  signIn(login: string, password: string): Promise<string>;
  /** Inserts a user directly through the repository; answers the row plus its plain password. */
  createUser(input?: TestUserInput): Promise<UserRow & { password: string }>;
  /** createUser then signIn. */
  signedInUser(input?: TestUserInput): Promise<{ user: UserRow & { password: string }; token: string }>;
  /** The Authorization header for a token, with the panel's `JWT` scheme. */
  auth(token: string): { authorization: string };
  /**
   * The one way a server test calls the API: `url` is relative to /api/v1 (or absolute when it starts
   * with '/'), `token` null for a signed-out call; `payload` is sent as JSON when given.
   */
  call(token: string | null, method: HttpMethod, url: string, payload?: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  /** Closes the app and the database; drops a database it created. */
  close(): Promise<void>;
  /** Closes the app and builds a new one on the same database (not for in-memory PGlite). */
  restart(): Promise<TestApp>;
}

let userCounter = 0;

export function testConfig(options: Pick<TestAppOptions, 'env' | 'configure'> = {}, database?: DatabaseTarget): Config {
  const config = loadConfig({
    JWT_SECRET: 'test-jwt-secret-that-is-long-enough-0123456789',
    SECRETS_KEY: '00'.repeat(32),
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'silent',
    ...options.env,
  });
  config.database = database ?? { kind: 'pglite', dir: 'memory://' };
  // Generous limits so ordinary tests never trip them; the rate-limit tests lower them.
  const generous = { max: 1_000, windowMs: 900_000, blockMs: 60_000, maxBlockMs: 60_000 };
  config.signIn = { ipMax: 10_000, ipWindowMs: 60_000, pair: { ...generous }, account: { ...generous }, address: { ...generous } };
  // No panel build in server tests unless a test points here explicitly.
  config.staticDir = path.join(tmpdir(), 'no-panel-build');
  options.configure?.(config);
  return config;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  if (options.database) return startTestApp(testConfig(options, options.database), options);
  const created = await migratedDatabase();
  const config = testConfig(options, created.target);
  try {
    return await startTestApp(config, options, created.drop, created.handle);
  } catch (err) {
    await created.handle?.close();
    await created.drop?.();
    throw err;
  }
}

async function startTestApp(config: Config, options: TestAppOptions, drop?: () => Promise<void>, given?: DbHandle): Promise<TestApp> {
  const announcements: string[] = [];
  // The test owns the database handle: the app keeps none a test (or a route) could reach.
  const handle = given ?? (await openDatabase(config.database));
  let app: FastifyInstance;
  try {
    app = await buildApp({ config, db: handle, announce: (text) => announcements.push(text) });
  } catch (err) {
    if (!given) await handle.close();
    throw err;
  }
  try {
    await options.beforeReady?.(app, handle.db);
    await app.ready();
  } catch (err) {
    await app.close().catch(() => undefined);
    if (!given) await handle.close();
    throw err;
  }
  const repos = createRepositories(handle.db);

  const t: TestApp = {
    app,
    config,
    db: handle.db,
    repos,
    announcements,
    async signIn(login, password) {
      const res = await app.inject({ method: 'POST', url: '/api/v1/users/signin', payload: { email: login, password } });
      if (res.statusCode !== 200) throw new Error(`sign-in as ${login} failed: ${res.statusCode} ${res.body}`);
      return res.json().token as string;
    },
    async createUser({ role_id, password = DEFAULT_PASSWORD, ...values } = {}) {
      const n = `${++userCounter}_${randomBytes(3).toString('hex')}`;
      const user = await repos.users.insert({
        name: 'کاربر',
        family: 'آزمایشی',
        username: `user${n}`,
        email: `user${n}@test.local`,
        roleId: role_id ?? 2,
        ...values,
        passwordHash: await hashPassword(password),
      });
      return { ...user, password };
    },
    async signedInUser(input) {
      const user = await t.createUser(input);
      return { user, token: await t.signIn(user.username, user.password) };
    },
    auth: (token) => ({ authorization: `JWT ${token}` }),
    call: (token, method, url, payload, headers = {}) =>
      app.inject({
        method,
        url: url.startsWith('/') ? url : `/api/v1/${url}`,
        headers: { ...(token ? t.auth(token) : {}), ...headers },
        ...(payload !== undefined && { payload: payload as object }),
      }),
    async close() {
      await app.close();
      await handle.close();
      await drop?.();
    },
    async restart() {
      if (config.database.kind === 'pglite' && config.database.dir.startsWith('memory://')) {
        throw new Error('restart() needs a persistent database: pass `database` or set TEST_DATABASE_URL');
      }
      await app.close();
      await handle.close();
      return startTestApp(config, options, drop);
    },
  };
  return t;
}

/**
 * In PostgreSQL mode, an empty database of its own (CREATE DATABASE on the server of
 * TEST_DATABASE_URL); otherwise in-memory PGlite, which needs no cleanup.
 */
export async function freshDatabase(): Promise<{ target: DatabaseTarget; drop(): Promise<void> } | undefined> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return undefined;
  return createDatabase(base);
}

async function createDatabase(base: string, template?: string): Promise<{ target: DatabaseTarget; drop(): Promise<void> }> {
  // Under the run's template (global-setup.ts) the database is named after it, and the global
  // teardown drops every such database at the end of the run instead of each test file dropping its
  // own: on PostgreSQL 15 DROP DATABASE forces an immediate checkpoint, which wrote out the clone's
  // pages (CREATE DATABASE's WAL_LOG strategy copies them through shared buffers) and took ~1 s
  // per app, one drop at a time across the workers.
  const runTemplate = process.env[PG_TEMPLATE_ENV];
  const name = `${runTemplate ? `${runTemplate}${RUN_DATABASE_INFIX}` : 'panel_test_'}${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(base, `CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    target: { kind: 'postgres', url: url.toString() },
    // the app's connections are closed before drop() (close()); the teardown forces what is left
    drop: runTemplate ? () => Promise.resolve() : () => adminQuery(base, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}

/**
 * The database of a new test app: a clone of the run's migrated template database in PostgreSQL
 * mode, otherwise an in-memory PGlite loaded from the run's migrated dump (global-setup.ts). Without
 * them (a setup that did not run) the app migrates an empty database itself, as it would anyway.
 */
async function migratedDatabase(): Promise<{ target: DatabaseTarget; drop?: () => Promise<void>; handle?: DbHandle }> {
  const base = process.env.TEST_DATABASE_URL;
  if (base) return createDatabase(base, process.env[PG_TEMPLATE_ENV]);
  const target: DatabaseTarget = { kind: 'pglite', dir: 'memory://' };
  const snapshot = process.env[PGLITE_SNAPSHOT_ENV];
  if (!snapshot) return { target };
  const client = await PGlite.create({ loadDataDir: new Blob([readFileSync(snapshot)]), extensions: PGLITE_EXTENSIONS });
  return { target, handle: pgliteHandle(client) };
}

/** A temporary folder removed by the returned cleanup (for PGlite data dirs and DATA_DIR tests). */
export function tempDir(prefix = 'panel-test-'): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export const isPostgresMode = (): boolean => Boolean(process.env.TEST_DATABASE_URL);
