// A bench's in-process server for seeding: the app, and the pool's handles it keeps from its routes
// (routes reach the database only through the request, audit/context.ts). Closing the app closes the database.
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/src/app';
import type { Config } from '../../server/src/config';
import { openDatabase, type Db } from '../../server/src/db/client';
import { createRepositories, type Repositories } from '../../server/src/repositories';

export async function buildBenchApp(config: Config): Promise<{ app: FastifyInstance; db: Db; repos: Repositories }> {
  const handle = await openDatabase(config.database);
  try {
    const app = await buildApp({ config, db: handle, announce: () => undefined });
    app.addHook('onClose', () => handle.close());
    return { app, db: handle.db, repos: createRepositories(handle.db) };
  } catch (err) {
    await handle.close();
    throw err;
  }
}
