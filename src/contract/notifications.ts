// Field-health alerts as staff meet them: the bell's list (GET apps/notifications: the alerts of the
// caller's servers, newest first, with their unread count), the read mark (POST
// apps/notifications/read: everything up to an alert id is read, per user), and the app's webhook
// delivery log (GET apps/alertDeliveries/{appId}, role_id 1). An alert is a verdict turning to or
// from `failing`, at most one per app, profile and operator per health window.
import * as yup from 'yup';
import { bool, int, isoTime, text, textOrNull } from './response-fields';
import { body, positiveId } from './schemas/common';

/** How many alerts the bell lists. */
export const NOTIFICATIONS_LIST_MAX = 30;
/** How many deliveries the app page lists. */
export const ALERT_DELIVERIES_LIST_MAX = 50;
/** How often the panel asks for new alerts. */
export const NOTIFICATIONS_POLL_SECONDS = 60;
export const ALERT_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type AlertDeliveryStatus = (typeof ALERT_DELIVERY_STATUSES)[number];

/** POST apps/notifications/read: the alerts up to `upTo` are read. */
export const notificationsReadSchema = body({ upTo: positiveId() });
export type NotificationsReadBody = yup.InferType<typeof notificationsReadSchema>;

const verdict = () => yup.string().defined();

export const notificationSchema = yup
  .object({
    id: int(),
    appId: int(),
    appName: text(),
    profileId: int(),
    profileName: text(),
    serverId: int(),
    serverIp: text(),
    operator: text(),
    from: verdict().nullable().meta({ description: 'The verdict before; null for a first verdict' }),
    to: verdict(),
    at: isoTime('When the verdict changed'),
    read: bool(),
  })
  .defined();
export type NotificationDto = yup.InferType<typeof notificationSchema>;

export const notificationListSchema = yup
  .object({
    rows: yup.array(notificationSchema).defined(),
    unread: int().meta({ description: "The caller's unread alerts (all of them, not only the listed ones)" }),
  })
  .defined();
export type NotificationList = yup.InferType<typeof notificationListSchema>;

export const alertDeliverySchema = yup
  .object({
    id: int(),
    alertId: int(),
    url: text(),
    profileName: text(),
    operator: text(),
    to: verdict(),
    status: yup.string().oneOf(ALERT_DELIVERY_STATUSES).defined(),
    attempts: int(),
    responseStatus: yup.number().integer().nullable().defined(),
    lastError: textOrNull(),
    updatedAt: isoTime('The last attempt (or the alert, before any)'),
  })
  .defined();
export type AlertDeliveryDto = yup.InferType<typeof alertDeliverySchema>;
export const alertDeliveryListSchema = yup.array(alertDeliverySchema).defined();
