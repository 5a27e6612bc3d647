// 'Decrypt domains': asks the server to decrypt the app's five stored source-host URLs and lists
// them (null = not set). Opening the popup (re)reads them; a failure toasts and shows the error.
import { useEffect } from 'react';
import { FormattedMessage } from 'react-intl';
import { SOURCE_HOSTS } from '@/contract';
import { DetailList, DetailsDialog } from '@/components/dialogs';
import { ErrorState } from '@/components/feedback/error-state';
import { LoadingState } from '@/components/feedback/loading-state';
import { errorMessageId } from '@/lib/api';
import { useNotify } from '@/lib/state';
import { useDecryptDomainQuery, type EncryptionApp } from '../api';

export function DecryptDialog({ app, onClose }: { app: EncryptionApp | null; onClose: () => void }) {
  const notify = useNotify();
  const appId = app?.id;
  const { data, isFetching, error, refetch } = useDecryptDomainQuery(appId ?? 0, { skip: appId === undefined, refetchOnMountOrArgChange: true });
  const isLoading = isFetching;
  const isError = !!error && !isFetching;

  useEffect(() => {
    if (error) notify.error(errorMessageId(error, 'encryption.decrypt.error'));
  }, [error, notify]);

  return (
    <DetailsDialog open={!!app} onClose={onClose} titleId="encryption.decrypt.title" values={{ app: app?.name ?? '' }} layout="stacked">
      {isLoading && <LoadingState minHeight={160} />}
      {isError && <ErrorState minHeight={160} titleId="encryption.decrypt.error" onRetry={refetch} />}
      {data && !isLoading && !isError && (
        <DetailList
          data-testid="decrypted-domains"
          layout="stacked"
          empty={<FormattedMessage id="encryption.decrypt.notSet" />}
          items={SOURCE_HOSTS.map((host) => ({ labelId: `encryption.hosts.${host}`, value: data[host], ltr: true }))}
        />
      )}
    </DetailsDialog>
  );
}
