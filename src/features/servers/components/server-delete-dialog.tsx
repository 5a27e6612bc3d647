// The delete confirm of a server row (docs/product.md §4). A server only this caller's apps use: "delete
// with all its profiles?". A server apps of other admins use too (`shared`): the top admin is told
// which apps lose it; an app admin may not delete it (the API answers 409 SERVER_SHARED) and is
// offered to remove their own apps from it instead, an update without them that leaves the server
// and its profiles to the other apps.
import { useIntl } from 'react-intl';
import { ERROR_CODES, ROLE_IDS } from '@/contract';
import { ConfirmDialog } from '@/components/dialogs';
import { isApiError, useCurrentUser } from '@/lib/api';
import { useDestroyServerMutation, useUpdateServerMutation } from '../api';
import type { Server } from '../types';

export function ServerDeleteDialog({ server, onClose }: { server: Server | null; onClose: () => void }) {
  const intl = useIntl();
  const isTopAdmin = useCurrentUser().user?.role_id === ROLE_IDS.topAdmin;
  const [destroyServer] = useDestroyServerMutation();
  const [updateServer] = useUpdateServerMutation();
  const name = server?.ip ?? '';
  const apps = intl.formatList(server?.apps.map((a) => a.app.name) ?? [], { type: 'conjunction' });

  if (server?.shared && !isTopAdmin) {
    return (
      <ConfirmDialog
        open
        onClose={onClose}
        titleId="servers.unlink.title"
        messageId="servers.unlink.message"
        values={{ name, apps }}
        confirmLabelId="servers.unlink.confirm"
        cancelLabelId="common.cancel"
        onConfirm={() =>
          updateServer({
            id: server.id,
            // Everything as it is, without the caller's apps; a blank password keeps the stored one.
            body: { appId: [], countryId: server.location.id, ip: server.ip, port: server.port ?? 22, username: server.username, password: null },
          }).unwrap()
        }
        successMessageId="servers.unlink.success"
        errorMessageId="servers.unlink.error"
      />
    );
  }
  return (
    <ConfirmDialog
      open={!!server}
      onClose={onClose}
      titleId="servers.delete.title"
      messageId={server?.shared ? 'servers.delete.sharedMessage' : 'servers.delete.message'}
      values={{ name, apps }}
      destructive
      onConfirm={() => destroyServer(server!.id).unwrap()}
      successMessageId="servers.delete.success"
      // A server that became shared since the list was loaded: the refetched row then offers the unlink.
      errorMessageId={(error) => (isApiError(error) && error.code === ERROR_CODES.serverShared ? 'servers.delete.sharedError' : 'servers.delete.error')}
    />
  );
}
