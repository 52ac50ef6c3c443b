import type { Page } from 'playwright-core';

/** Logs in as a person does: the log-in dialog from the landing page, then waits to leave it. */
export async function logInThroughDialog(page: Page, baseUrl: string, username: string, password = 'demo-password'): Promise<void> {
  await page.goto(`${baseUrl}/#log_in`);
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  await dialog.getByLabel('Username or email').fill(username);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((u) => u.pathname !== '/');
}
