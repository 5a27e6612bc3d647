// Field-health alerts in the panel: the bell's list and read mark (GET apps/notifications, POST
// apps/notifications/read), for the staff who see the alert's server, and an app's webhook delivery
// log (GET apps/alertDeliveries/{appId}, role_id 1). Alerts are written by the judge and posted by
// services/alert-webhooks.ts, never in a request.
import { and } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { appIdParamsSchema, type AppIdParams } from '../../../src/contract/bundle';
import {
  ALERT_DELIVERIES_LIST_MAX,
  NOTIFICATIONS_LIST_MAX,
  alertDeliveryListSchema,
  notificationListSchema,
  notificationsReadSchema,
  type NotificationsReadBody,
} from '../../../src/contract/notifications';
import { noRecord, owns } from '../auth/access';
import { requireUser } from '../auth/authorize';
import { appScope, serverScope } from '../auth/rbac';
import { auditDetail } from '../audit/context';
import { fromParams, theCaller } from '../audit/plugin';
import { dataResponse, successResponse } from '../http/schemas';
import { responseSchema, yupSchema } from '../http/validation';
import { deliveriesOf, markNotificationsRead, notificationsFor } from '../repositories/field-alerts';

const tags = ['servers'];

export async function notificationRoutes(app: FastifyInstance) {
  app.get(
    '/apps/notifications',
    {
      config: { access: noRecord("the list is scoped to the servers and apps in the caller's reach") },
      preValidation: app.authorize({ any: true }),
      schema: {
        tags,
        summary: "Field-health alerts of the caller's servers, newest first, with the unread count",
        description:
          `The newest ${NOTIFICATIONS_LIST_MAX} alerts: a profile's verdict for an operator turned to or from \`failing\` (at most one per app, ` +
          "profile and operator per health window). Only alerts of apps and servers in the caller's reach. `unread` counts the caller's " +
          'alerts after their read mark (POST apps/notifications/read).',
        response: { 200: dataResponse(responseSchema(notificationListSchema)) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const scope = and(serverScope(request.db, user), appScope(user));
      return { data: await notificationsFor(request.db, user.id, scope, NOTIFICATIONS_LIST_MAX) };
    },
  );

  app.post<{ Body: NotificationsReadBody }>(
    '/apps/notifications/read',
    {
      config: {
        access: noRecord("the read mark is the caller's own"),
        audit: { action: 'user.notificationsRead', target: 'user', id: theCaller, always: true },
      },
      preValidation: app.authorize({ any: true }),
      schema: {
        tags,
        summary: "Mark the caller's alerts read up to an alert id",
        description: 'Every alert with an id up to `upTo` is read for the caller (for no one else). A mark never moves back.',
        body: yupSchema(notificationsReadSchema),
        response: { 200: successResponse() },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await markNotificationsRead(request.db, user.id, request.body.upTo);
      auditDetail(request, { upTo: request.body.upTo });
      return { success: true };
    },
  );

  app.get<{ Params: AppIdParams }>(
    '/apps/alertDeliveries/:appId',
    {
      config: { access: [owns('app', fromParams('appId'), 'read')] },
      preValidation: app.authorize({ policy: 'apps:advancedSettings' }),
      schema: {
        tags: ['app settings'],
        summary: "The app's alert webhook deliveries, newest first (role_id 1)",
        description:
          `The last ${ALERT_DELIVERIES_LIST_MAX} posts to the app's alert webhook: the alert's profile, operator and new verdict, the status ` +
          '(pending, delivered, or failed after the last of its tries), the attempts made, the last HTTP status and error.',
        params: yupSchema(appIdParamsSchema),
        response: { 200: dataResponse(responseSchema(alertDeliveryListSchema)) },
      },
    },
    async (request) => ({ data: await deliveriesOf(request.db, request.params.appId, ALERT_DELIVERIES_LIST_MAX) }),
  );
}
