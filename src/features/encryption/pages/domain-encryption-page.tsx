// /settings/domain-encryption (docs/product.md §2 "Settings pages"): the 'encryptor' tab for everyone and,
// for role_id 1 only, the 'Apps' tab with the application encryptor table. The Apps tab's
// 'encrypt' action switches to the encryptor with that application chosen.
import { useState } from 'react';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Box from '@mui/material/Box';
import { useIntl } from 'react-intl';
import { PageHeader } from '@/components/layout/page-header';
import { ErrorState } from '@/components/feedback/error-state';
import { LoadingState } from '@/components/feedback/loading-state';
import { useCan } from '@/lib/authorization';
import { useGetAppsQuery } from '@/lib/api';
import { AppsTab } from '../components/apps-tab';
import { EncryptorTab } from '../components/encryptor-tab';

type TabKey = 'encryptor' | 'apps';

export default function DomainEncryptionPage() {
  const intl = useIntl();
  const apps = useGetAppsQuery();
  const [tab, setTab] = useState<TabKey>('encryptor');
  const [chosenAppId, setChosenAppId] = useState<number | undefined>();
  const topAdmin = useCan('encryption:apps');
  const current: TabKey = topAdmin ? tab : 'encryptor';

  return (
    <>
      <PageHeader titleId="encryption.title" />
      <Paper variant="outlined">
        <Tabs value={current} onChange={(_e, value: TabKey) => setTab(value)} sx={{ borderBottom: 1, borderColor: 'divider', px: 2 }}>
          <Tab value="encryptor" label={intl.formatMessage({ id: 'encryption.tabs.encryptor' })} id="tab-encryptor" aria-controls="panel-encryptor" />
          {topAdmin && <Tab value="apps" label={intl.formatMessage({ id: 'encryption.tabs.apps' })} id="tab-apps" aria-controls="panel-apps" />}
        </Tabs>
        <Box role="tabpanel" id={`panel-${current}`} aria-labelledby={`tab-${current}`} sx={{ p: { xs: 2, md: 3 } }}>
          {current === 'encryptor' &&
            (apps.error ? (
              <ErrorState error={apps.error} onRetry={apps.refetch} />
            ) : apps.isLoading ? (
              <LoadingState />
            ) : (
              <EncryptorTab apps={apps.data ?? []} appId={chosenAppId} />
            ))}
          {current === 'apps' && (
            <AppsTab
              apps={apps.data}
              loading={apps.isLoading}
              fetching={apps.isFetching}
              error={apps.error}
              onRetry={apps.refetch}
              onEncrypt={(appId) => {
                setChosenAppId(appId);
                setTab('encryptor');
              }}
            />
          )}
        </Box>
      </Paper>
    </>
  );
}
