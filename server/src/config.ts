// Server configuration: every environment variable the server reads, validated once at start so
// a bad value stops the process with a message naming the variable, instead of failing later.
// `loadConfig(env)` is pure except for the two generated secrets, which are created once in
// DATA_DIR when the env does not give them (tests pass them in, so no files are touched).
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isStrongPassword } from '../../src/contract';

export type DatabaseTarget = { kind: 'pglite'; dir: string } | { kind: 'postgres'; url: string };

/** One failure counter of the sign-in limits (repositories/sign-in-failures). */
export interface CounterRule {
  /** Failures within `windowMs` that block the key. */
  max: number;
  windowMs: number;
  /** The first block; each further block doubles, up to maxBlockMs. */
  blockMs: number;
  maxBlockMs: number;
}

export interface SignInLimits {
  /** Sign-in attempts per IP per window (all outcomes). Kept in memory per instance. */
  ipMax: number;
  ipWindowMs: number;
  /**
   * Failure counters kept in the database so they hold across instances (README "Sign-in limits"):
   * one (account, address) pair is locked; an account over its ceiling refuses only addresses
   * that already failed on it; an address failing across accounts (spraying) is slowed.
   */
  pair: CounterRule;
  account: CounterRule;
  address: CounterRule;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  database: DatabaseTarget;
  jwtSecret: string;
  /** 32 bytes, the AES-256-GCM key for secrets at rest. */
  secretsKey: Buffer;
  admin: { username: string; email: string; password: string | undefined };
  logLevel: string;
  /**
   * Fastify's trustProxy: true (trust X-Forwarded-For from anyone), false, or the proxies'
   * addresses/CIDRs. Needed behind a load balancer so per-IP limits see the client, not the proxy.
   */
  trustProxy: boolean | string;
  tokenTtlSeconds: number;
  signIn: SignInLimits;
  /** Built panel served at `/`; absent folder means API only. */
  staticDir: string;
  migrationsDir: string;
  /** Audit records older than this many days are deleted, once a day (AUDIT_RETENTION_DAYS, default 365). */
  auditRetentionDays: number;
  http: HttpTimeouts;
  /**
   * POST apps/client/report's limits: calls per device and per source address (CLIENT_REPORT_ADDRESS_MAX,
   * default 1,200) per minute; how long touched verdicts wait to be judged, and how often all are swept.
   */
  clientReport: { deviceMax: number; addressMax: number; windowMs: number; judgeDelayMs: number; sweepMs: number };
}

/**
 * How long the HTTP server waits on a client (server/src/app.ts applies them). Without them a client
 * that declares `Content-Length: 100` and sends 7 bytes, or never ends its headers, holds a
 * connection (a file descriptor) for as long as it likes, and enough of them exhaust the server.
 * A request timed out this way is answered 408 REQUEST_TIMEOUT and closed.
 */
export interface HttpTimeouts {
  /**
   * The whole request, headers and body, must arrive within this (HTTP_REQUEST_TIMEOUT_MS, default
   * 120 s). Also bounds an upload: a 10 MB CSV import fits from about 0.7 Mbit/s, a slow mobile link;
   * a body that stalls is closed sooner, by the idle timeout.
   */
  requestTimeoutMs: number;
  /** The request line and headers must arrive within this (HTTP_HEADERS_TIMEOUT_MS, default 10 s; at most the request timeout). */
  headersTimeoutMs: number;
  /**
   * A kept-alive connection with no request is closed after this (HTTP_KEEP_ALIVE_TIMEOUT_MS, default
   * 72 s: longer than a load balancer's usual 60 s, so the balancer, not the server, closes first).
   */
  keepAliveTimeoutMs: number;
  /**
   * A connection on which nothing is sent or received for this long is closed, a response the client
   * stopped reading included (HTTP_IDLE_TIMEOUT_MS, default 30 s; 0 turns it off): a stalled body is
   * dropped within 30 s while a slow upload that keeps sending goes on. Longer than any request the
   * server works on silently (a 100,000-row import takes about 10 s).
   */
  idleTimeoutMs: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

type Env = Record<string, string | undefined>;

export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
  const problems: string[] = [];
  const bad = (name: string, rule: string) => problems.push(`${name} ${rule} (got ${JSON.stringify(env[name])})`);
  const value = (name: string) => {
    const v = env[name]?.trim();
    return v === undefined || v === '' ? undefined : v;
  };

  const port = intIn(value('PORT') ?? '8080', 0, 65535);
  if (port === undefined) bad('PORT', 'must be an integer from 0 to 65535');

  const host = value('HOST') ?? '127.0.0.1';
  const dataDir = path.resolve(cwd, value('DATA_DIR') ?? './data');

  const databaseUrl = value('DATABASE_URL');
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\/.+/.test(databaseUrl)) {
    bad('DATABASE_URL', 'must be a postgres:// or postgresql:// URL');
  }

  const jwtSecretEnv = value('JWT_SECRET');
  if (jwtSecretEnv !== undefined && jwtSecretEnv.length < 32) bad('JWT_SECRET', 'must be at least 32 characters');

  const secretsKeyEnv = value('SECRETS_KEY');
  const secretsKeyParsed = secretsKeyEnv === undefined ? undefined : parseKey(secretsKeyEnv);
  if (secretsKeyEnv !== undefined && !secretsKeyParsed) {
    problems.push('SECRETS_KEY must be 32 bytes, as 64 hex characters or base64');
  }

  const adminUsername = value('ADMIN_USERNAME') ?? 'admin';
  if (!/^[A-Za-z0-9._-]{3,64}$/.test(adminUsername)) bad('ADMIN_USERNAME', 'must be 3-64 letters, digits, dots, dashes or underscores');
  const adminEmail = value('ADMIN_EMAIL') ?? 'admin@localhost';
  if (!/^[^\s@]+@[^\s@]+$/.test(adminEmail)) bad('ADMIN_EMAIL', 'must be an email address');
  // Not trimmed: a password may legitimately start or end with a space.
  const adminPassword = env.ADMIN_PASSWORD === '' ? undefined : env.ADMIN_PASSWORD;
  if (adminPassword !== undefined && !isStrongPassword(adminPassword)) {
    problems.push('ADMIN_PASSWORD must have at least 8 characters with an uppercase letter, a lowercase letter, a digit and a special character');
  }

  const logLevel = value('LOG_LEVEL') ?? 'info';
  if (!LOG_LEVELS.includes(logLevel)) bad('LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')}`);

  const trustProxyRaw = value('TRUST_PROXY') ?? 'false';
  const trustProxy = trustProxyRaw === 'true' ? true : trustProxyRaw === 'false' ? false : trustProxyRaw;
  if (typeof trustProxy === 'string' && !/^[0-9a-fA-F.:/,\s]+$/.test(trustProxy)) {
    bad('TRUST_PROXY', 'must be true, false or comma-separated proxy addresses');
  }

  const auditRetentionDays = intIn(value('AUDIT_RETENTION_DAYS') ?? '365', 1, 36_500);
  if (auditRetentionDays === undefined) bad('AUDIT_RETENTION_DAYS', 'must be an integer from 1 to 36500');
  // A carrier's NAT puts many phones behind one address, so the per-address limit is generous and tunable.
  const reportAddressMax = intIn(value('CLIENT_REPORT_ADDRESS_MAX') ?? '1200', 1, 10_000_000);
  if (reportAddressMax === undefined) bad('CLIENT_REPORT_ADDRESS_MAX', 'must be an integer from 1 to 10000000');

  const HOUR_MS = 3_600_000;
  const millis = (name: string, fallback: number, min: number): number | undefined => {
    const n = intIn(value(name) ?? String(fallback), min, HOUR_MS);
    if (n === undefined) bad(name, `must be a whole number of milliseconds from ${min} to ${HOUR_MS}`);
    return n;
  };
  const requestTimeoutMs = millis('HTTP_REQUEST_TIMEOUT_MS', 120_000, 1);
  const headersTimeoutMs = millis('HTTP_HEADERS_TIMEOUT_MS', 10_000, 1);
  const keepAliveTimeoutMs = millis('HTTP_KEEP_ALIVE_TIMEOUT_MS', 72_000, 1);
  const idleTimeoutMs = millis('HTTP_IDLE_TIMEOUT_MS', 30_000, 0);
  if (requestTimeoutMs !== undefined && headersTimeoutMs !== undefined && headersTimeoutMs > requestTimeoutMs) {
    bad('HTTP_HEADERS_TIMEOUT_MS', `must not be longer than HTTP_REQUEST_TIMEOUT_MS (${requestTimeoutMs})`);
  }

  if (problems.length) throw new ConfigError(problems);

  return {
    port: port!,
    host,
    dataDir,
    database: databaseUrl ? { kind: 'postgres', url: databaseUrl } : { kind: 'pglite', dir: path.join(dataDir, 'pglite') },
    jwtSecret: jwtSecretEnv ?? readOrCreateSecret(dataDir, 'jwt-secret', () => randomBytes(48).toString('base64url')),
    secretsKey: secretsKeyParsed ?? parseKey(readOrCreateSecret(dataDir, 'secrets-key', () => randomBytes(32).toString('hex')))!,
    admin: { username: adminUsername, email: adminEmail, password: adminPassword },
    logLevel,
    trustProxy,
    tokenTtlSeconds: 7 * 24 * 3600,
    signIn: {
      ipMax: 10,
      ipWindowMs: 60_000,
      pair: { max: 5, windowMs: 15 * MINUTE, blockMs: 15 * MINUTE, maxBlockMs: 24 * HOUR },
      account: { max: 50, windowMs: HOUR, blockMs: 15 * MINUTE, maxBlockMs: 24 * HOUR },
      address: { max: 30, windowMs: HOUR, blockMs: MINUTE, maxBlockMs: HOUR },
    },
    staticDir: path.resolve(cwd, 'dist'),
    migrationsDir: path.resolve(cwd, 'server/src/db/migrations'),
    auditRetentionDays: auditRetentionDays!,
    http: { requestTimeoutMs: requestTimeoutMs!, headersTimeoutMs: headersTimeoutMs!, keepAliveTimeoutMs: keepAliveTimeoutMs!, idleTimeoutMs: idleTimeoutMs! },
    clientReport: { deviceMax: 20, addressMax: reportAddressMax!, windowMs: 60_000, judgeDelayMs: 1000, sweepMs: 60_000 },
  };
}

function intIn(raw: string, min: number, max: number): number | undefined {
  if (!/^\d+$/.test(raw)) return undefined;
  const n = Number(raw);
  return n >= min && n <= max ? n : undefined;
}

/** A 32-byte key given as 64 hex characters or as base64. */
function parseKey(raw: string): Buffer | undefined {
  const key = /^[0-9a-fA-F]{64}$/.test(raw) ? Buffer.from(raw, 'hex') : Buffer.from(raw, 'base64');
  return key.length === 32 ? key : undefined;
}

/**
 * Reads a secret file from DATA_DIR, creating it (mode 0600) on first use, so the secret
 * survives restarts without being configured. `wx` makes a concurrent first start keep one value.
 */
function readOrCreateSecret(dataDir: string, file: string, generate: () => string): string {
  const full = path.join(dataDir, file);
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(full, generate(), { flag: 'wx', mode: 0o600 });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
  return readFileSync(full, 'utf8').trim();
}
