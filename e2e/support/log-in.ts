import type { Page } from 'playwright-core';
import { DEMO_STAFF, nextCode } from './second-factor';

/** Logs in as a person does: the log-in dialog from the landing page, then waits to leave it. */
export async function logInThroughDialog(page: Page, baseUrl: string, username: string, password = 'demo-password'): Promise<void> {
  await page.goto(`${baseUrl}/#log_in`);
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  await dialog.getByLabel('Username or email').fill(username);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((u) => u.pathname !== '/');
  // The demo's staff accounts prove their second factor at once, as a model does before her studio (decision 070).
  if (DEMO_STAFF.has(username)) await enterSecondFactorCode(page, baseUrl, username);
}

/**
 * Enters the next code of the account's authenticator app on the two-factor form the studio and the back office show
 * (the overview of the back office shows it to every staff account, whatever their kinds).
 */
export async function enterSecondFactorCode(page: Page, baseUrl: string, username: string): Promise<void> {
  const from = page.url();
  await page.goto(`${baseUrl}/backoffice`);
  const form = page.getByTestId('second-factor-check');
  await form.getByLabel('Code from your app').fill(await nextCode(baseUrl, username));
  await form.getByRole('button', { name: 'Continue' }).click();
  await form.waitFor({ state: 'detached' });
  await page.goto(from);
}
