// Copies a technical value and says how it went (copy success / copy error toasts).
import { useCallback } from 'react';
import { useNotify } from '../../../lib/state';
import { copyText } from '../../../lib/clipboard';

export function useCopy() {
  const notify = useNotify();
  return useCallback(
    async (text: string) => {
      try {
        await copyText(text);
        notify.success('apps.copy.success');
      } catch {
        notify.error('apps.copy.error');
      }
    },
    [notify],
  );
}
