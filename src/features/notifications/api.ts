// The bell's reads and read mark (GET apps/notifications, POST apps/notifications/read): field-health
// alerts of the caller's servers, polled every NOTIFICATIONS_POLL_SECONDS.
import { baseApi, unwrapData } from '@/lib/api';
import type { DataResponse } from '@/contract';
import type { NotificationList, NotificationsReadBody } from '@/contract/notifications';

export const notificationsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getNotifications: build.query<NotificationList, void>({
      query: () => ({ url: 'apps/notifications' }),
      transformResponse: (response: DataResponse<NotificationList>) => unwrapData(response),
    }),
    markNotificationsRead: build.mutation<void, NotificationsReadBody>({
      query: (body) => ({ url: 'apps/notifications/read', method: 'POST', body }),
      // The list answers the new unread count at once, without waiting for the next poll.
      async onQueryStarted(body, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          notificationsApi.util.updateQueryData('getNotifications', undefined, (draft) => {
            const newlyRead = draft.rows.filter((r) => r.id <= body.upTo && !r.read);
            for (const row of newlyRead) row.read = true;
            draft.unread = Math.max(0, draft.unread - newlyRead.length);
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
        dispatch(notificationsApi.endpoints.getNotifications.initiate(undefined, { forceRefetch: true, subscribe: false }));
      },
    }),
  }),
});

export const { useGetNotificationsQuery, useMarkNotificationsReadMutation } = notificationsApi;
