// `npm run totp:reset -- <login>` (README "Two-factor sign-in", lost device, last resort): with the
// API stopped, it turns a user's TOTP off in the same database, so their next sign-in needs only the
// password. Runs against a real database the CLI opens itself (PGlite on disk, or PostgreSQL).
import path from 'node:path';
import * as OTPAuth from 'otpauth';
import type { DatabaseTarget } from '../../server/src/config';
import { resetTotp } from '../../server/src/totp-reset';
import { createTestApp, freshDatabase, tempDir } from './helpers/test-app';

const ENV = { JWT_SECRET: 'test-jwt-secret-that-is-long-enough-0123456789', SECRETS_KEY: '00'.repeat(32), LOG_LEVEL: 'silent' };

it('turns the TOTP of the named user off, by username or email, and names an unknown user', async () => {
  const folder = tempDir();
  const created = await freshDatabase();
  const database: DatabaseTarget = created?.target ?? { kind: 'pglite', dir: path.join(folder.dir, 'pglite') };
  const env = { ...ENV, ...(database.kind === 'postgres' ? { DATABASE_URL: database.url } : { DATA_DIR: folder.dir }) };
  try {
    let t = await createTestApp({ database });
    const { user, token } = await t.signedInUser();
    const { secret } = (
      await t.app.inject({ method: 'POST', url: '/api/v1/users/totp/setup', headers: t.auth(token), payload: { password: user.password } })
    ).json();
    const code = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate();
    const enabled = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/totp/enable',
      headers: t.auth(token),
      payload: { password: user.password, code },
    });
    expect(enabled.statusCode).toBe(200);
    const signIn = () => t.app.inject({ method: 'POST', url: '/api/v1/users/signin', payload: { email: user.username, password: user.password } });
    expect((await signIn()).json()).toEqual({ totpRequired: true, challenge: expect.any(String) });
    await t.app.close();

    await expect(resetTotp('nobody@nowhere', env)).rejects.toThrow(/No user named "nobody@nowhere"/);
    expect(await resetTotp(user.email.toUpperCase(), env)).toContain(user.username);

    t = await createTestApp({ database });
    expect((await signIn()).json()).toEqual({ token: expect.any(String) });
    await t.app.close();
  } finally {
    await created?.drop();
    folder.remove();
  }
});
