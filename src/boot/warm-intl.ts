// The platform's locale data, loaded while the app's chunks download (so the loading does not add to a phone's blocking time).
// A page's first Intl.NumberFormat loads ICU's number data (25-50 ms unthrottled in Chromium, then
// 0.3 ms for every one after), its first Intl.DateTimeFormat the calendar's (~20 ms for Persian).
// They were paid inside start-up tasks: MUI's locale module (faIR/enUS build a number format as the
// theme's chunk runs) and the dashboard's painted greeting (its member-since date). The main thread
// is idle while the app's chunks and texts download, so each is built then, in an idle task of its
// own, through lib/i18n/dates' own caches, once the painted shell is on screen (before it, the task
// would hold up the first paint instead).
import type { Locale } from '../contract/limits';
import { formatDate, formatNumber } from '../lib/i18n/dates';

/** Once the page has painted, in idle periods: the locale's number format, then its date format. */
export function warmIntl(locale: Locale): void {
  const idle = (task: () => void) =>
    typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(task, { timeout: 2000 }) : setTimeout(task, 0);
  const warm = () =>
    idle(() => {
      formatNumber(0, locale);
      idle(() => formatDate(Date.now(), locale));
    });
  if (typeof PerformanceObserver !== 'function' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    warm();
    return;
  }
  const observer = new PerformanceObserver((list) => {
    if (!list.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    warm();
  });
  observer.observe({ type: 'paint', buffered: true });
}
