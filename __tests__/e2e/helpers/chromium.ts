// Finds Debian's Chromium (or CHROME_PATH) and launches it through playwright-core with the flags of
// docs/architecture.md §9. No browser is ever downloaded: a missing Chromium is a clear failure.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { trackRequests } from './settle';

export function chromiumPath(): string {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean) as string[];
  const found = candidates.find((p) => existsSync(p));
  if (!found) {
    throw new Error(`No Chromium found (looked at ${candidates.join(', ')}). Install Debian's package: apt-get install -y chromium, or set CHROME_PATH.`);
  }
  return found;
}

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface LaunchedBrowser {
  context: BrowserContext;
  browser: Browser | null;
  close(): Promise<void>;
}

/** A persistent context gives each launch its own fresh --user-data-dir, as the flags require. */
export async function launchChromium(
  opts: { locale?: string; viewport?: { width: number; height: number }; reducedMotion?: 'reduce' | 'no-preference' } = {},
): Promise<LaunchedBrowser> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'panel-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath(),
    args: CHROMIUM_FLAGS,
    headless: true,
    viewport: opts.viewport ?? { width: 1280, height: 800 },
    locale: opts.locale,
    reducedMotion: opts.reducedMotion,
  });
  // from the first request on, so settle() knows about requests sent before it was called
  trackRequests(context);
  return {
    context,
    browser: context.browser(),
    async close() {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}
