// /app/{appId}: one application with the tabs application settings, admob settings and block list
// (docs/product.md §2) with the signed bundle's keys, API addresses and (for role_id 1) mirrors under the settings, and what the app receives (the mobile apps' config call, decoded; docs/product.md §7 "Mobile apps").
// Role_id 1 also gets the app's subscription links (the server's rule: profiles:reveal). The chosen tab is kept in the address (?tab=) so a reload or a shared link keeps it.
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { FormattedMessage, useIntl } from 'react-intl';
import { useParams, useSearchParams } from 'react-router-dom';
import { ErrorState } from '@/components/feedback/error-state';
import { PageHeader } from '@/components/layout/page-header';
import { UserText } from '@/components/user-text';
import { Ltr } from '@/components/ltr';
import { useCurrentUser } from '@/lib/api';
import { useGetAppQuery } from '../api';
import { AdsTab } from '../ads/ads-tab';
import { can } from '@/lib/authorization';
import { SettingsTab } from '../settings/settings-tab';
import { VersionsTab } from '../versions/versions-tab';
import { ReceivesTab } from '../receives/receives-tab';
import { SubscriptionsTab } from '../subscriptions/subscriptions-tab';
import { BundleSection } from '../bundle/bundle-section';
import { MirrorsSection } from '../bundle/mirrors-section';
import { AlertDeliveriesSection } from '../alerts/alert-deliveries-section';
import { BackButton } from '@/components/layout/back-button';
import { PATHS } from '@/lib/routing';

const TABS = ['settings', 'ads', 'versions', 'receives', 'subscriptions'] as const;
type DetailTab = (typeof TABS)[number];

export default function AppDetailPage() {
  const intl = useIntl();
  const { user } = useCurrentUser();
  const appId = Number(useParams().appId);
  const valid = Number.isInteger(appId) && appId > 0;
  const [params, setParams] = useSearchParams();
  const subscriptions = can(user, 'profiles:reveal');
  const offered = TABS.filter((key) => key !== 'subscriptions' || subscriptions) as readonly string[];
  const tab: DetailTab = offered.includes(params.get('tab') ?? '') ? (params.get('tab') as DetailTab) : 'settings';
  const app = useGetAppQuery(appId, { skip: !valid });
  const backTo = can(user, 'apps:manage') ? PATHS.appsManage : PATHS.appsMine;

  if (!valid || (app.isError && (app.error as { status?: number }).status === 404)) {
    return <ErrorState titleComponent="h1" titleId="apps.detail.notFound" descriptionId="apps.detail.notFoundHint" />;
  }

  return (
    <>
      <PageHeader
        titleId="apps.detail.title"
        subtitle={
          app.data && (
            <Stack direction="row" spacing={1} component="span" sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Box component="span" sx={{ fontWeight: 600, color: 'text.primary' }}>
                <UserText>{app.data.name}</UserText>
              </Box>
              <Ltr>{app.data.packageName}</Ltr>
              <Chip
                component="span"
                size="small"
                color={app.data.active ? 'success' : 'default'}
                label={intl.formatMessage({ id: app.data.active ? 'apps.status.active' : 'apps.status.inactive' })}
              />
            </Stack>
          )
        }
        actions={<BackButton to={backTo} labelId="apps.detail.back" />}
      />
      <Tabs
        value={tab}
        onChange={(_e, next: DetailTab) => setParams(next === 'settings' ? {} : { tab: next }, { replace: true })}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2, borderBlockEnd: 1, borderColor: 'divider' }}
      >
        <Tab value="settings" label={<FormattedMessage id="apps.detail.tabSettings" />} />
        <Tab value="ads" label={<FormattedMessage id="apps.detail.tabAds" />} />
        <Tab value="versions" label={<FormattedMessage id="apps.detail.tabVersions" />} />
        <Tab value="receives" label={<FormattedMessage id="apps.detail.tabReceives" />} />
        {subscriptions && <Tab value="subscriptions" label={<FormattedMessage id="apps.subscriptions.title" />} />}
      </Tabs>
      <Box role="tabpanel">
        {tab === 'settings' && (
          <Stack spacing={2}>
            <SettingsTab appId={appId} />
            <BundleSection appId={appId} />
            {can(user, 'apps:advancedSettings') && <MirrorsSection appId={appId} />}
            {can(user, 'apps:advancedSettings') && <AlertDeliveriesSection appId={appId} />}
          </Stack>
        )}
        {tab === 'ads' && <AdsTab appId={appId} />}
        {tab === 'versions' && <VersionsTab appId={appId} />}
        {tab === 'receives' && <ReceivesTab appId={appId} />}
        {tab === 'subscriptions' && <SubscriptionsTab appId={appId} />}
      </Box>
    </>
  );
}
