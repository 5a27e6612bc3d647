// /servers/{serverId}: one server's profiles in three tabs (docs/product.md §2): the profile list, the CSV
// batch import and a new profile; role_id 1 also gets the server's subscription links. The chosen tab
// is kept in the address (?tab=import|new|subscriptions).
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Alert from '@mui/material/Alert';
import { FormattedMessage, useIntl } from 'react-intl';
import { ErrorState } from '@/components/feedback/error-state';
import { LoadingState } from '@/components/feedback/loading-state';
import { PageHeader } from '@/components/layout/page-header';
import { Ltr } from '@/components/ltr';
import { useCan } from '@/lib/authorization';
import { formatNameList } from '@/lib/i18n';
import { useGetProfilesQuery, useGetServersQuery } from '../api';
import { Flag } from '@/components/country';
import { ProfileCreateForm } from '../components/profiles/profile-create-form';
import { ProfileImport } from '../components/profiles/profile-import';
import { ProfileList } from '../components/profiles/profile-list';
import { SubscriptionPanel } from '../components/subscriptions/subscription-panel';
import { useMayChangeServer } from '../access';
import { BackButton } from '@/components/layout/back-button';
import { PATHS } from '@/lib/routing';
import type { Server } from '../types';

const TABS = ['list', 'import', 'new', 'subscriptions'] as const;
type TabKey = (typeof TABS)[number];

export default function ServerProfilesPage() {
  const { serverId: raw } = useParams();
  const serverId = Number(raw);
  const valid = Number.isInteger(serverId) && serverId > 0;
  const allServers = useCan('servers:manageAll');
  const showType = useCan('profiles:type');
  const topAdmin = useCan('profiles:reveal');
  const servers = useGetServersQuery('all', { skip: !valid });
  const profiles = useGetProfilesQuery(serverId, { skip: !valid });
  const server = servers.data?.find((s) => s.id === serverId);
  // A server shared for the caller: its profiles are read only, so the import and new tabs are not offered.
  const mayChange = useMayChangeServer()(server);
  const { tab, tabs, choose } = useProfilesTab(mayChange, topAdmin);

  // The S- counter: profile count + 1 once known, then +1 after each successful create.
  const [counter, setCounter] = useState<number | null>(null);
  if (counter === null && profiles.data) setCounter(profiles.data.length + 1);

  if (!valid || (servers.isSuccess && !server)) {
    return <ErrorState titleComponent="h1" titleId="servers.profiles.notFound" descriptionId="servers.profiles.notFoundHint" />;
  }

  return (
    <Box>
      <PageHeader
        titleId="servers.profiles.title"
        subtitle={<ServerSubtitle server={server} />}
        actions={<BackButton to={allServers ? PATHS.serversManage : PATHS.serversMine} labelId="servers.profiles.back" />}
      />
      <ProfilesTabs tab={tab} tabs={tabs} onChange={choose} />
      {!mayChange && server && (
        <Alert severity="info" sx={{ mb: 2 }}>
          <FormattedMessage id="servers.profiles.sharedReadOnly" />
        </Alert>
      )}
      {tab === 'list' && <ProfileList serverId={serverId} readOnly={!mayChange} />}
      {tab === 'import' && <ProfileImport serverId={serverId} />}
      {tab === 'subscriptions' && <SubscriptionPanel scope={{ serverId }} />}
      {tab === 'new' &&
        (counter === null ? (
          profiles.isError ? (
            <ErrorState error={profiles.error} onRetry={profiles.refetch} />
          ) : (
            <LoadingState />
          )
        ) : (
          <ProfileCreateForm serverId={serverId} showType={showType} counter={counter} onCreated={() => setCounter((n) => (n ?? 0) + 1)} />
        ))}
    </Box>
  );
}

/** The tabs the caller is offered, the one shown (asked for in the address, else the list) and the choice of another. */
function useProfilesTab(mayChange: boolean, topAdmin: boolean) {
  const [search, setSearch] = useSearchParams();
  const asked: TabKey = (TABS as readonly string[]).includes(search.get('tab') ?? '') ? (search.get('tab') as TabKey) : 'list';
  const tabs = TABS.filter((key) => (key === 'list' || mayChange) && (key !== 'subscriptions' || topAdmin));
  const tab: TabKey = tabs.includes(asked) ? asked : 'list';
  const choose = (next: TabKey) => setSearch(next === 'list' ? {} : { tab: next }, { replace: true });
  return { tab, tabs, choose };
}

/** The header's line under the title: the server's flag, address and app names. */
function ServerSubtitle({ server }: { server: Server | undefined }) {
  const intl = useIntl();
  return server ? (
    <Stack component="span" direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Flag url={server.flagUrl} size={16} />
      <Ltr>{server.ip}</Ltr>
      <span>·</span>
      <span>
        {formatNameList(
          server.apps.map((a) => a.app.name),
          intl.locale.startsWith('fa') ? 'fa' : 'en',
        )}
      </span>
    </Stack>
  ) : (
    // the line is kept while the server list loads, so nothing below moves when it fills,
    // and the heading stays at the top of the header (where profiles-paint.ts draws it)
    <span data-testid="subtitle-placeholder">{'\u00a0'}</span>
  );
}

/** The tabs, named in the UI's language. */
function ProfilesTabs({ tab, tabs, onChange }: { tab: TabKey; tabs: readonly TabKey[]; onChange: (next: TabKey) => void }) {
  const intl = useIntl();
  return (
    <Tabs
      value={tab}
      onChange={(_e, next: TabKey) => onChange(next)}
      sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      variant="scrollable"
      allowScrollButtonsMobile
    >
      {tabs.map((key) => (
        <Tab key={key} value={key} label={intl.formatMessage({ id: `servers.profiles.tab.${key}` })} />
      ))}
    </Tabs>
  );
}
