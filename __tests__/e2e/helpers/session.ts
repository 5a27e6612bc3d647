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

