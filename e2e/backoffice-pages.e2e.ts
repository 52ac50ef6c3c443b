import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { logInThroughDialog } from './support/log-in';
import { startServer, type RunningServer } from './support/start-server';

// Custom pages and page meta in the back office (decision record 076), on the demo seed: the demo admin writes a
// document behind a password and gives its path a title of its own; a visitor in another browser opens the page with
// the password, and the head of the page carries the new title and description at once.

const PATH = '/e2e-insider-notes';
const PASSWORD = 'only-for-insiders';
const META_TITLE = 'Insider notes for our members';
const META_DESCRIPTION = 'What is coming next on Velora, for members with the password.';

let server: RunningServer;
let browser: Browser;
let admin: Page;

beforeAll(async () => {
  server = await startServer('pglite');
  browser = await launchBrowser();
  admin = await (await browser.newContext({ locale: 'en-US' })).newPage();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Visitors confirm their age once. */
async function confirmAgeIfAsked(page: Page) {
  const confirm = page.getByTestId('age-approval-confirm');
  if (await confirm.isVisible().catch(() => false)) await confirm.click();
}

describe('the back office pages', () => {
  it('lets the admin create a document with a password and set the meta of its path', async () => {
    await logInThroughDialog(admin, server.url, 'admin');
    await admin.goto(`${server.url}/backoffice/pages`);
    await admin.getByRole('heading', { level: 1, name: 'Pages' }).waitFor();
    // The seeded protected page is listed with its status.
    await admin.getByTestId('bo-page-row').filter({ hasText: '/members-preview' }).getByText('Password').waitFor();

    await admin.getByRole('link', { name: 'New page' }).click();
    const form = admin.getByTestId('bo-page-form');
    await form.getByLabel('Path', { exact: true }).fill(PATH);
    await form.getByLabel('Title', { exact: true }).fill('Insider notes');
    await form.getByLabel('Text (HTML)', { exact: true }).fill('<h2>Coming soon</h2><p>Three new sets next week.</p><script>alert("x")</script>');
    await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await form.getByRole('checkbox', { name: 'Published' }).check();
    await form.getByRole('button', { name: 'Create page' }).click();
    await admin.getByText('The page was created.').waitFor();
    await admin.getByRole('heading', { level: 1, name: `Page ${PATH}` }).waitFor();
    // What was stored is the sanitised document.
    expect(await admin.getByLabel('Text (HTML)', { exact: true }).inputValue()).toBe('<h2>Coming soon</h2><p>Three new sets next week.</p>');

    await admin.getByRole('link', { name: `Edit the meta of ${PATH}` }).click();
    const meta = admin.getByTestId('bo-meta-form');
    await meta.getByLabel('Title (English)').fill(META_TITLE);
    await meta.getByLabel('Description (English)').fill(META_DESCRIPTION);
    expect(await meta.getByTestId('bo-meta-preview').textContent()).toContain(META_TITLE);
    await meta.getByRole('button', { name: 'Save meta' }).click();
    await admin.getByText(`The meta of ${PATH} was saved.`).waitFor();
    await admin.getByTestId('bo-meta-row').filter({ hasText: PATH }).waitFor();
  });

  it('shows a visitor the page once the password is entered, with the new title in the head', async () => {
    const visitor = await (await browser.newContext({ locale: 'en-US' })).newPage();
    await visitor.goto(`${server.url}${PATH}`);
    await confirmAgeIfAsked(visitor);
    const prompt = visitor.getByLabel('Please Enter Password');
    await prompt.fill(PASSWORD);
    await prompt.press('Enter');
    await visitor.getByRole('heading', { name: 'Coming soon' }).waitFor();
    expect(await visitor.getByText('Three new sets next week.').count()).toBe(1);

    await expect.poll(() => visitor.title(), { timeout: 15_000 }).toBe(META_TITLE);
    const head = await visitor.evaluate(() => ({
      description: document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content,
      robots: document.head.querySelector<HTMLMetaElement>('meta[name="robots"]')?.content,
    }));
    // A page behind a password is never indexed, whatever its meta says.
    expect(head).toEqual({ description: META_DESCRIPTION, robots: 'noindex, nofollow' });
    await visitor.context().close();
  });
});
