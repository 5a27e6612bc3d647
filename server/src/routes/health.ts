// GET /api/health: liveness plus a database round trip, for load balancers and `npm start` checks.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

export async function healthRoutes(app: FastifyInstance) {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Server and database health',
        response: {
          200: {
            type: 'object',
            properties: { status: { type: 'string', enum: ['ok'] }, db: { type: 'string', enum: ['pglite', 'postgres'] } },
          },
        },
      },
    },
    async () => {
      await app.db.execute(sql`SELECT 1`);
      return { status: 'ok', db: app.dbKind };
    },
  );
}
