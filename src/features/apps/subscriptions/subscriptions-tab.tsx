// The subscriptions tab of /app/{appId}, for role_id 1 only (the server answers the calls to no one
// else): links a standard client imports to get every profile of the app's servers, made, listed
// and revoked with the shared list and form (components/subscriptions), this feature's calls and
// texts (apps.subscriptions.*).
import { SubscriptionList } from '@/components/subscriptions/subscription-list';
import { useCreateAppSubscriptionMutation, useGetAppSubscriptionsQuery, useRevokeAppSubscriptionMutation } from '../api';

export function SubscriptionsTab({ appId }: { appId: number }) {
  const list = useGetAppSubscriptionsQuery(appId);
  const [create] = useCreateAppSubscriptionMutation();
  const [revoke] = useRevokeAppSubscriptionMutation();
  return (
    <SubscriptionList
      ns="apps.subscriptions"
      operatorNs="apps.receives.operator"
      scope={{ appId }}
      list={list}
      create={async (body) => (await create(body).unwrap()).data}
      revoke={(id) => revoke(id).unwrap()}
    />
  );
}
