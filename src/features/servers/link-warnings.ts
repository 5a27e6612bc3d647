// The warnings of a profile save (addProfile, updateProfile): the link was stored, but popular
// clients refuse or misread it (LINK_WARNINGS, e.g. a vmess URI with one parameter, which v2rayNG
// takes for base64). Each is shown as its own toast, in the panel's language, after the save's own.
import { useCallback } from 'react';
import { useNotify } from '@/lib/state';

export function useLinkWarnings(): (answer: { warnings?: string[] }) => void {
  const notify = useNotify();
  return useCallback(
    (answer) => {
      for (const id of answer.warnings ?? []) notify.notify(`servers.reason.${id}`);
    },
    [notify],
  );
}
