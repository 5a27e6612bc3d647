// Whether the signed-in user may change a server's own fields and its profiles: the server's access
// rule (server/src/auth/access.ts) as the panel reads it. Role_id 1 always may; anyone else only on a
// server that is not shared for them (the list's `shared`, told for the caller: linked to an app they
// do not administer). On a shared server they may still unlink their own apps.
import { useCallback } from 'react';
import { ROLE_IDS } from '@/contract';
import { useCurrentUser } from '@/lib/api';
import type { Server } from './types';

export function useMayChangeServer(): (server: Pick<Server, 'shared'> | undefined) => boolean {
  const isTopAdmin = useCurrentUser().user?.role_id === ROLE_IDS.topAdmin;
  return useCallback((server) => isTopAdmin || (server !== undefined && !server.shared), [isTopAdmin]);
}
