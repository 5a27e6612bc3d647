// loadConfig (server/src/config.ts): defaults, a clear error naming each bad variable, and the
// secrets generated once into DATA_DIR.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../../server/src/config';
import { tempDir } from './helpers/test-app';

const secrets = { JWT_SECRET: 'x'.repeat(32), SECRETS_KEY: 'ab'.repeat(32) };

it('applies the documented defaults', () => {
  const c = loadConfig({ ...secrets }, '/srv/panel');
  expect(c).toMatchObject({
    port: 8080,
    host: '127.0.0.1',
    dataDir: '/srv/panel/data',
    database: { kind: 'pglite', dir: '/srv/panel/data/pglite' },
    admin: { username: 'admin', email: 'admin@localhost', password: undefined },
    logLevel: 'info',
    trustProxy: false,
    staticDir: '/srv/panel/dist',
  });
  expect(c.secretsKey).toEqual(Buffer.from('ab'.repeat(32), 'hex'));
});

it('reads every variable', () => {
  const c = loadConfig({
    ...secrets,
    PORT: '9000',
    HOST: '0.0.0.0',
    DATA_DIR: '/var/lib/panel',
    DATABASE_URL: 'postgres://u@db:5432/panel',
    ADMIN_USERNAME: 'root',
    ADMIN_EMAIL: 'root@example.com',
    ADMIN_PASSWORD: 'Str0ng!Pass',
    LOG_LEVEL: 'warn',
    TRUST_PROXY: '10.0.0.0/8',
  });
  expect(c).toMatchObject({
    port: 9000,
    host: '0.0.0.0',
    dataDir: '/var/lib/panel',
    database: { kind: 'postgres', url: 'postgres://u@db:5432/panel' },
    admin: { username: 'root', email: 'root@example.com', password: 'Str0ng!Pass' },
    logLevel: 'warn',
    trustProxy: '10.0.0.0/8',
  });
  expect(loadConfig({ ...secrets, SECRETS_KEY: Buffer.alloc(32, 7).toString('base64') }).secretsKey).toEqual(Buffer.alloc(32, 7));
});

it('names every bad value in one error', () => {
  let error: unknown;
  try {
    loadConfig({
      PORT: 'eighty',
      DATABASE_URL: 'mysql://x',
      JWT_SECRET: 'short',
      SECRETS_KEY: 'abcd',
      ADMIN_EMAIL: 'not-an-email',
      ADMIN_PASSWORD: 'weak',
      LOG_LEVEL: 'loud',
    });
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(ConfigError);
  const { problems, message } = error as ConfigError;
  expect(problems.map((p) => p.split(' ')[0])).toEqual(['PORT', 'DATABASE_URL', 'JWT_SECRET', 'SECRETS_KEY', 'ADMIN_EMAIL', 'ADMIN_PASSWORD', 'LOG_LEVEL']);
  expect(message).toContain('PORT must be an integer from 0 to 65535 (got "eighty")');
  expect(() => loadConfig({ ...secrets, PORT: '70000' })).toThrow(/PORT/);
});

it('generates JWT_SECRET and SECRETS_KEY once into DATA_DIR and reuses them', () => {
  const tmp = tempDir();
  try {
    const env = { DATA_DIR: path.join(tmp.dir, 'nested', 'data') };
    const first = loadConfig(env);
    const second = loadConfig(env);
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(first.secretsKey).toHaveLength(32);
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(second.secretsKey).toEqual(first.secretsKey);
    const keyFile = path.join(env.DATA_DIR, 'secrets-key');
    expect(Buffer.from(readFileSync(keyFile, 'utf8'), 'hex')).toEqual(first.secretsKey);
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    // A secret given in the environment wins over the file.
    expect(loadConfig({ ...env, JWT_SECRET: 'y'.repeat(40) }).jwtSecret).toBe('y'.repeat(40));
  } finally {
    tmp.remove();
  }
});
