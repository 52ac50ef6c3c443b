import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { logInThroughDialog } from './support/log-in';
import { startServer, type RunningServer } from './support/start-server';

// The Retagger (decision record 071), on the demo seed: the demo retagger logs in with his second factor, makes a tag
// in three languages, selects three videos with a click and a shift-click, and tags them in one call; a member then
// finds exactly those videos by the new tag in the catalog's filter.

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  server = await startServer('pglite');
  browser = await launchBrowser();
});

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  await server?.stop();
});

async function loggedIn(username: string): Promise<Page> {
  const context = await browser.newContext({ locale: 'en-US' });
  contexts.push(context);
  const page = await context.newPage();
  await logInThroughDialog(page, server.url, username);
  return page;
}

describe('the Retagger', () => {
  let titles: string[] = [];

  it('logs in with his second factor, makes a tag and adds it to three selected videos in one call', async () => {
    const page = await loggedIn('retagger');

    await page.goto(`${server.url}/backoffice/tags`);
    await page.getByRole('heading', { level: 1, name: 'Tags' }).waitFor();
    // He sees only what he may use.
    expect(await page.getByRole('navigation', { name: 'Back office' }).getByRole('link').allTextContents()).toEqual(['Overview', 'Retagger', 'Tags']);
    const add = page.getByTestId('tag-add');
    await add.getByLabel('Name in English').fill('Rooftop');
    await add.getByLabel('Name in German').fill('Dachterrasse');
    await add.getByLabel('Name in French').fill('Toit-terrasse');
    await add.getByRole('button', { name: 'Add tag' }).click();
    await page.getByText('The tag Rooftop was added.').waitFor();

    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Retagger' }).click();
    const videos = page.getByTestId('retag-video');
    await videos.first().waitFor();
    titles = await Promise.all([0, 1, 2].map(async (index) => (await videos.nth(index).locator('.bo-retag__title').textContent())!));
    await videos.nth(0).getByRole('checkbox').click();
    await videos.nth(2).getByRole('checkbox').click({ modifiers: ['Shift'] });
    await expect.poll(() => page.getByTestId('retag-selected').textContent()).toBe('3 videos selected');

    await page.getByLabel('Find a tag to choose').fill('dachter');
    await page.getByLabel('Find a tag to choose').press('Enter');
    await page.getByTestId('chosen-tags').getByRole('button', { name: 'Remove Rooftop from the chosen tags' }).waitFor();
    await page.getByRole('button', { name: 'Add to selected' }).click();
    await page.getByText('Done: 3 tag links changed on 3 videos.').waitFor();
    for (const index of [0, 1, 2]) await videos.nth(index).getByTestId('retag-video-tags').getByText('Rooftop').waitFor();
    expect(await videos.nth(3).textContent()).not.toContain('Rooftop');
  });

  it('a member finds exactly those videos by the new tag in the catalog', async () => {
    expect(titles).toHaveLength(3);
    const page = await loggedIn('member');
    await page.goto(`${server.url}/videos`);
    await page.getByTestId('tag-filter').getByRole('button', { name: 'Rooftop' }).click();
    await page.waitForURL((url) => url.searchParams.has('tags'));
    await expect.poll(() => page.getByTestId('video-card').count(), { timeout: 15_000 }).toBe(3);
    const cards = await page.getByTestId('video-card').allTextContents();
    for (const title of titles) expect(cards.some((card) => card.includes(title))).toBe(true);
  });
});
