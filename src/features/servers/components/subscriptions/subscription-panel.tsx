// The subscription links of one server for role_id 1 (the server page's subscriptions tab and the
// profile popup): the shared list and form (components/subscriptions) with this feature's calls and
// texts (servers.subscriptions.*).
import { SubscriptionList } from '@/components/subscriptions/subscription-list';
import { useCreateSubscriptionMutation, useGetSubscriptionsQuery, useRevokeSubscriptionMutation } from '@/features/servers/api';

export function SubscriptionPanel({ scope }: { scope: { serverId: number } }) {
  const list = useGetSubscriptionsQuery(scope);
  const [create] = useCreateSubscriptionMutation();
  const [revoke] = useRevokeSubscriptionMutation();
  return (
    <SubscriptionList
      ns="servers.subscriptions"
      operatorNs="servers.operator"
      scope={scope}
      list={list}
      create={async (body) => (await create(body).unwrap()).data}
      revoke={(id) => revoke(id).unwrap()}
    />
  );
}
