// A notification's life (docs/product.md §4): it dismisses itself after NOTIFICATION_LIFETIME_MS,
// and hovering pauses the time left. Shared by the app's toasts (app/layout/toast.tsx) and the
// MUI-free sign-in page's (boot/notices.tsx); plain React, so the sign-in route stays small.
import { useCallback, useEffect, useRef } from 'react';
import { NOTIFICATION_LIFETIME_MS } from '../contract/limits';

/** Starts the timer on mount; `pause` on pointer enter, `resume` on pointer leave. */
export function useNoticeTimer(dismiss: () => void): { pause: () => void; resume: () => void } {
  const remaining = useRef(NOTIFICATION_LIFETIME_MS);
  const startedAt = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const resume = useCallback(() => {
    clearTimeout(timer.current);
    startedAt.current = Date.now();
    timer.current = setTimeout(dismiss, remaining.current);
  }, [dismiss]);
  const pause = useCallback(() => {
    clearTimeout(timer.current);
    remaining.current = Math.max(0, remaining.current - (Date.now() - startedAt.current));
  }, []);
  useEffect(() => {
    resume();
    return () => clearTimeout(timer.current);
  }, [resume]);
  return { pause, resume };
}
