// Hints for the app's chunks by chunk-group name, from the list the build writes into index.html
// (`<script type="application/json" id="app-chunks">`, webpack.config.ts): `prefetch` fetches them
// into the cache at the lowest priority without running them, `preload` at once, next to the file
// that is loading. Without the list (tests, the dev server) nothing is hinted.
import { nextTask } from '../lib/next-task';

export const CHUNK_LIST_ID = 'app-chunks';

function chunkFiles(groups: readonly string[]): string[] {
  const element = document.getElementById(CHUNK_LIST_ID);
  if (!element) return [];
  try {
    const list = JSON.parse(element.textContent ?? '{}') as Record<string, string[] | undefined>;
    return [...new Set(groups.flatMap((group) => list[group] ?? []))];
  } catch {
    return [];
  }
}

function addHint(href: string, rel: 'prefetch' | 'preload') {
  const link = document.createElement('link');
  link.rel = rel;
  if (rel === 'preload') link.as = href.endsWith('.css') ? 'style' : 'script';
  link.href = href;
  document.head.append(link);
}

function missing(groups: readonly string[]): string[] {
  const present = new Set([...document.querySelectorAll('link[href], script[src]')].map((el) => el.getAttribute('href') ?? el.getAttribute('src')));
  return chunkFiles(groups).filter((href) => !present.has(href));
}

/**
 * Preloads the groups' files, the first few now and the rest a few per task: each hint starts a
 * request, which costs the main thread a few milliseconds while the page is traced, and the twenty
 * hints of a painted page in one task made a task of ~200 ms at a phone's CPU (bench:page-profile). A file the page asked for meanwhile is not hinted again.
 */
export async function preloadChunks(groups: readonly string[], perTask = 4): Promise<void> {
  for (let batch = missing(groups).slice(0, perTask); batch.length; batch = missing(groups).slice(0, perTask)) {
    for (const href of batch) addHint(href, 'preload');
    await nextTask();
  }
}

/**
 * Prefetches the groups' files a few at a time while the browser is idle, so that no task of the
 * waiting sign-in page grows long (each hint starts a request). Returns a cancel function.
 */
export function prefetchChunksWhenIdle(groups: readonly string[]): () => void {
  let queue: string[] | undefined;
  let idle: number | undefined;
  const step = (deadline?: IdleDeadline) => {
    queue ??= missing(groups);
    do {
      const href = queue.shift();
      if (href) addHint(href, 'prefetch');
    } while (queue.length && deadline && deadline.timeRemaining() > 8);
    if (queue.length) idle = window.requestIdleCallback?.(step) ?? (setTimeout(step, 0) as unknown as number);
  };
  const cancelLoad = whenIdleAfterLoad(step);
  return () => {
    cancelLoad();
    if (idle !== undefined) window.cancelIdleCallback?.(idle);
    queue = [];
  };
}

/** Runs `task` once the page has loaded (fonts included) and the browser is idle. */
export function whenIdleAfterLoad(task: (deadline?: IdleDeadline) => void): () => void {
  let idle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    timer = setTimeout(() => {
      if (window.requestIdleCallback) idle = window.requestIdleCallback(task, { timeout: 3000 });
      else task();
    }, 0);
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    clearTimeout(timer);
    if (idle !== undefined) window.cancelIdleCallback(idle);
  };
}
