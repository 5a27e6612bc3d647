// The server process: load and validate the config, build the app, listen, and close cleanly on
// SIGINT/SIGTERM. The only file that listens (docs/architecture.md §2).
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { DOCS_PREFIX } from './http/docs';

async function main() {
  let config: Config;
  try {
    config = loadConfig(process.env);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    process.stderr.write(`${err.message}\n`);
    process.exit(1);
  }

  const app = await buildApp({ config });
  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      app.log.info(`${signal}: shutting down`);
      app.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }

  await app.listen({ port: config.port, host: config.host });
  // The bundle mirrors are published from every instance's loop; one at a time holds the lease.
  app.mirrors.start();
  // Alert webhooks likewise: every instance loops, the lease holder posts.
  app.alertWebhooks.start();
  const { port } = app.server.address() as { port: number };
  const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
  app.log.info(`panel at ${url}/ , API docs at ${url}${DOCS_PREFIX} (database: ${app.dbKind})`);
}

main().catch((err) => {
  process.stderr.write(`Failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
