// The state machine of docs/product.md §4 "Mutating dialogs", shared by ConfirmDialog, FormDialog and any page
// form: idle → submitting → success (toast, onSuccess) or error (toast; the caller stays open).
// `run` rethrows the error so a Form can still put the server's field errors on its fields.
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { useNotify } from '@/lib/state';
import { errorMessageId } from '@/lib/api';
import type { MessageValues } from '@/lib/i18n';

export type SubmitStatus = 'idle' | 'submitting' | 'success' | 'error';

export interface SubmitActionOptions<T = unknown> {
  successMessageId?: string;
  /** Values of the success message (e.g. `{count}` of a batch). */
  successValues?: MessageValues;
  /**
   * Shown on failure unless the error has a more specific text (network, rate limit, ...); a
   * function picks the id from the error (undefined = the generic communication error).
   */
  errorMessageId?: string | ((error: unknown) => string | undefined);
  onSuccess?: (result: T) => void;
}

export function useSubmitAction<T = unknown>(options: SubmitActionOptions<T>) {
  const [status, setStatus] = useState<SubmitStatus>('idle');
  const notify = useNotify();
  // The options of the last render, for the callbacks of a run that started before it.
  const latest = useRef(options);
  useLayoutEffect(() => {
    latest.current = options;
  });

  const run = useCallback(
    async (task: () => Promise<T>): Promise<T> => {
      setStatus('submitting');
      try {
        const result = await task();
        setStatus('success');
        if (latest.current.successMessageId) notify.success(latest.current.successMessageId, latest.current.successValues);
        latest.current.onSuccess?.(result);
        return result;
      } catch (error) {
        setStatus('error');
        const fallback = latest.current.errorMessageId;
        notify.error(errorMessageId(error, typeof fallback === 'function' ? fallback(error) : fallback));
        throw error;
      }
    },
    [notify],
  );

  return { status, submitting: status === 'submitting', run };
}
