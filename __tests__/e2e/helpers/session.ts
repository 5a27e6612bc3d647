// Browser steps many e2e files share: sign in through the login form, and sign out through the confirm.
import type { Page } from 'playwright-core';
import { t } from './messages';

export async function signInThroughForm(page: Page, baseUrl: string, login: string, password: string, locale: 'fa' | 'en' = 'fa') {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel(t(locale, 'auth.login.emailOrUsername')).fill(login);
  await page.getByLabel(t(locale, 'auth.login.password'), { exact: true }).fill(password);
  await page.getByRole('button', { name: t(locale, 'auth.login.submit') }).click();
}

export async function signOutThroughConfirm(page: Page, locale: 'fa' | 'en' = 'fa') {
  await page.getByRole('button', { name: t(locale, 'auth.signOut.button') }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText(t(locale, 'auth.signOut.confirm')).waitFor();
  await dialog.getByRole('button', { name: t(locale, 'common.yes') }).click();
}

const APP_CHUNK = /\/js\/app\.[0-9a-f]+\.js$/;

/**
 * A stored session (token and locale in localStorage) at `width` px, with the app chunk held back
 * until `release()`, so what the bootstrap paints can be looked at before the app replaces it.
 * `restore()` releases the chunk and stops holding it.
 */
export async function storedSessionWithAppHeld(page: Page, baseUrl: string, token: string, locale: 'fa' | 'en', width: number) {
  await page.setViewportSize({ width, height: 800 });
  await page.goto(`${baseUrl}/favicon.svg`);
  await page.evaluate(
    ([tk, loc]) => {
      localStorage.setItem('token', tk);
      localStorage.setItem('locale', loc);
    },
    [token, locale] as const,
  );
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(APP_CHUNK, async (route) => {
    await held;
    await route.continue();
  });
  return {
    release,
    async restore() {
      release();
      await page.unroute(APP_CHUNK);
    },
  };
}

/** An element's box as the page measures it (the painted and the app's own elements are compared by it). */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
