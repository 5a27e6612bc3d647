// GET dashboard/stats (docs/product.md §7 "Dashboard"): the figures of the panel's first page, for what the
// caller may see. role_id 1 (scope:all) sees every app and what hangs off them; anyone else the apps
// they administer, the servers linked to those and their profiles. Staff user figures only for the
// admin role (users:manage), as null otherwise. Device figures come from counters (docs/architecture.md §8).
import type { FastifyInstance } from 'fastify';
import { OPERATORS, PROTOCOLS } from '../../../src/contract';
import { requireUser } from '../auth/authorize';
import { appScope, can } from '../auth/rbac';
import { dataResponse } from '../http/schemas';

const int = { type: 'integer' } as const;
const activeInactive = { type: 'object', properties: { active: int, inactive: int }, required: ['active', 'inactive'] } as const;
const countsOf = (keys: readonly string[]) => ({
  type: 'array',
  items: { type: 'object', properties: { key: { type: 'string', enum: [...keys] }, count: int }, required: ['key', 'count'] },
});
const obj = (properties: Record<string, object>, extra: object = {}) => ({ type: 'object', properties, required: Object.keys(properties), ...extra });

const statsSchema = obj({
  apps: activeInactive,
  servers: obj({
    total: int,
    byCountry: { type: 'array', items: obj({ code: { type: 'string' }, name: { type: 'string' }, count: int }) },
  }),
  profiles: obj({ total: int, byOperator: countsOf(OPERATORS), byProtocol: countsOf(PROTOCOLS) }),
  devices: obj({
    total: int,
    last24h: { ...int, description: 'Registered in the current hour (Asia/Tehran) and the 23 before it' },
    last7d: { ...int, description: 'Registered today (Asia/Tehran) and the 6 days before' },
    last30d: { ...int, description: 'Registered today (Asia/Tehran) and the 29 days before' },
    perDay: {
      type: 'array',
      description: 'The last 30 days of Iran’s calendar, oldest first',
      items: obj({ day: { type: 'string', format: 'date' }, count: int }),
    },
    byVersion: {
      type: 'array',
      description: 'Per app, most devices first: its devices by version, highest version first',
      items: obj({
        appId: int,
        appName: { type: 'string' },
        devices: int,
        versions: {
          type: 'array',
          items: obj({
            appVersion: { type: 'number', nullable: true, description: 'null: devices that reported no version' },
            devices: int,
            blocked: { type: 'boolean' },
          }),
        },
      }),
    },
  }),
  users: { ...activeInactive, nullable: true, description: 'Staff users; null unless the caller has the admin role' },
});

export async function dashboardRoutes(app: FastifyInstance) {
  app.get(
    '/dashboard/stats',
    {
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
      return { data: await app.repos.dashboard.stats({ apps: appScope(user), withUsers: can(user, 'users:manage') }) };
    },
  );
}
