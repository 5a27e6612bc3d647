// Copying a key, a link or a ciphertext (docs/product.md §8 "a copy error (copy falls back to a legacy method)"):
// the async Clipboard API where the page may use it, else a hidden textarea with execCommand('copy').
// `copyText` rejects when neither works; `useCopy` is the one "copy, then toast" every page uses.
import { useCallback } from 'react';
import { useNotify } from './state/hooks';

export async function copyText(text: string): Promise<void> {
  if (typeof navigator !== 'undefined' && navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // not permitted (insecure origin, no focus): fall through to the legacy way
    }
  }
  legacyCopy(text);
}

function legacyCopy(text: string): void {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.insetBlockStart = '-1000px';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  let ok = false;
  try {
    ok = typeof document.execCommand === 'function' && document.execCommand('copy');
  } finally {
    area.remove();
  }
  if (!ok) throw new Error('copy failed');
}

export interface CopyMessages {
  /** Message id of the success toast (default "Copied to the clipboard"). */
  success?: string;
  /** Message id of the error toast (default "The value could not be copied"). */
  error?: string;
}

/** Copies a value and toasts how it went; resolves true when the value reached the clipboard. */
export function useCopy({ success = 'common.copy.success', error = 'common.copy.error' }: CopyMessages = {}) {
  const notify = useNotify();
  return useCallback(
    async (text: string): Promise<boolean> => {
      try {
        await copyText(text);
        notify.success(success);
        return true;
      } catch {
        notify.error(error);
        return false;
      }
    },
    [notify, success, error],
  );
}
