// `npm run totp:reset -- <username or email>`: the last-resort route back in for a user who lost
// their authenticator and their recovery codes when no other top admin can reset it (README
// "Two-factor sign-in"). Runs on the server with the same environment as the API (DATABASE_URL or
// DATA_DIR); with the embedded database, stop the server first. Same effect as users/totp/reset.
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { createRepositories, inTransaction } from './repositories';

export async function resetTotp(login: string, env: Record<string, string | undefined> = process.env): Promise<string> {
  const config = loadConfig(env);
  const handle = await openDatabase(config.database);
  try {
    const user = await createRepositories(handle.db).users.findByLogin(login);
    if (!user) throw new Error(`No user named ${JSON.stringify(login)}`);
    await inTransaction(handle.db, (repos) => repos.totp.disable(user.id));
    return `Two-factor sign-in is off for ${user.username} (id ${user.id}); their next sign-in needs only the password.`;
  } finally {
    await handle.close();
  }
}

if (require.main === module) {
  const login = process.argv[2];
  if (!login) {
    process.stderr.write('Usage: npm run totp:reset -- <username or email>\n');
    process.exit(2);
  }
  resetTotp(login).then(
    (message) => process.stdout.write(`${message}\n`),
    (err: Error) => {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    },
  );
}
