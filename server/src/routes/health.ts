// GET /api/health: liveness plus a database round trip, for load balancers and `npm start` checks. A
// database that cannot be reached makes it a 503 DB_UNAVAILABLE (http/errors.ts), like every other call.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

export async function healthRoutes(app: FastifyInstance) {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Server and database health',
        description: 'Runs one query on the database: 200 when it answers, 503 DB_UNAVAILABLE (with Retry-After) while the database cannot be reached.',
        response: {
          200: {
            type: 'object',
            properties: { status: { type: 'string', enum: ['ok'] }, db: { type: 'string', enum: ['pglite', 'postgres'] } },
          },
        },
      },
    },
    async (request) => {
      await request.db.execute(sql`SELECT 1`);
      return { status: 'ok', db: app.dbKind };
    },
  );
}
