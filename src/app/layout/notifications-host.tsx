// Shows the notifications slice (docs/product.md §4): newest first, each for 10 s; hovering pauses its timer,
// a click dismisses it. Texts are translated when shown. The stack sits at the top end corner, just
// under the header, where it covers no primary action in either direction (the Save buttons of the
// forms are at their bottom; docs/product.md §2). The live region is there from the start; the toasts
// themselves (MUI's Alert) load with the first one (docs/architecture.md §8: the sign-in page's size).
import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import Stack from '@mui/material/Stack';
import { useIntl } from 'react-intl';
import { selectNotifications, useAppSelector, type Notification } from '@/lib/state';

/** The toast component once its chunk is in: then toasts render at once, with no Suspense pass. */
let LoadedToast: ComponentType<{ item: Notification }> | undefined;
const loadToast = () =>
  import(/* webpackChunkName: "toast" */ './toast').then((module) => {
    LoadedToast = module.default;
    return module;
  });
const LazyToast = lazy(loadToast);

export function NotificationsHost() {
  const items = useAppSelector(selectNotifications);
  const intl = useIntl();
  const Toast = LoadedToast ?? LazyToast;
  // fetched two seconds after the page has loaded, when the browser is idle, or at the user's
  // first key or pointer press if that comes first: a toast then shows at once (offline too),
  // and the page's first load does not wait on it
  useEffect(() => {
    const events = ['pointerdown', 'keydown'] as const;
    let timer: number | undefined;
    let idle: number | undefined;
    const stop = () => {
      events.forEach((e) => document.removeEventListener(e, load, true));
      window.removeEventListener('load', whenIdle);
      window.clearTimeout(timer);
      if (idle !== undefined) window.cancelIdleCallback(idle);
    };
    function load() {
      stop();
      loadToast().catch(() => undefined);
    }
    function whenIdle() {
      // a while after the load, so it never competes with the first page's own files
      timer = window.setTimeout(() => {
        if (window.requestIdleCallback) idle = window.requestIdleCallback(load);
        else load();
      }, 2000);
    }
    events.forEach((e) => document.addEventListener(e, load, true));
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle);
    return stop;
  }, []);
  return (
    <Stack
      spacing={1}
      role="status"
      aria-live="polite"
      aria-label={intl.formatMessage({ id: 'notifications.region' })}
      sx={{
        position: 'fixed',
        insetBlockStart: { xs: 64, sm: 72 },
        insetInlineEnd: { xs: 12, sm: 24 },
        zIndex: (theme) => theme.zIndex.snackbar,
        width: { xs: 'calc(100vw - 24px)', sm: 'min(380px, calc(100vw - 48px))' },
        pointerEvents: 'none',
      }}
    >
      {items.length > 0 && (
        <Suspense fallback={null}>
          {items.map((item) => (
            <Toast key={item.id} item={item} />
          ))}
        </Suspense>
      )}
    </Stack>
  );
}
