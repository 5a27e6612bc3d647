// GET dashboard/stats (docs/product.md §7 "Dashboard"): the figures of the panel's first page, for what the
// caller may see. role_id 1 (scope:all) sees every app and what hangs off them; anyone else the apps
// they administer, the servers linked to those and their profiles. Staff user figures only for the
// admin role (users:manage), as null otherwise. Device figures come from counters (docs/architecture.md §8).
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../auth/authorize';
import { appScope, can, serverScope } from '../auth/rbac';
import { dataResponse } from '../http/schemas';
import { responseSchema } from '../http/validation';
import { dashboardStatsSchema } from '../../../src/contract/responses-reports';
import { noRecord } from '../auth/access';

const statsSchema = responseSchema(dashboardStatsSchema);

export async function dashboardRoutes(app: FastifyInstance) {
  app.get(
    '/dashboard/stats',
    {
      config: { access: noRecord("the figures are limited to the caller's reach by their queries") },
      preValidation: app.authorize({ any: true }),
      schema: {
        tags: ['dashboard'],
        summary: "The dashboard's figures, for what the caller may see",
        description: 'role_id 1: every app; anyone else: the apps they administer, their servers, profiles and devices.',
        response: { 200: dataResponse(statsSchema) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const scope = { apps: appScope(user), servers: serverScope(request.db, user), withUsers: can(user, 'users:manage') };
      return { data: await request.repos.dashboard.stats(scope) };
    },
  );
}
