import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { startServer, type Engine, type RunningServer } from './support/start-server';

// The foundation's vertical slice, on both database engines: land, log in, browse, filter, switch language, log out.

const engines: Engine[] = ['pglite', 'postgres'];

describe.each(engines)('a visitor on %s', (engine) => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    server = await startServer(engine);
    browser = await launchBrowser();
    context = await browser.newContext({ locale: 'en-US' });
    page = await context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('sees the landing teasers with the price, and plays a trailer', async () => {
    await page.goto(`${server.url}/`);
    // A first visit asks for the age first (product §4), as it does every new visitor.
    await page.getByRole('button', { name: 'I am 18 or older – enter' }).click();
    await page.getByTestId('landing-price').waitFor();
    expect(await page.getByTestId('landing-price').textContent()).toMatch(/^Premium from €\d+\.\d\d per month$/);
    const teasers = page.getByTestId('landing-teasers');
    await teasers.getByTestId('landing-rail-shoot').getByRole('link').first().waitFor({ state: 'visible' });
    await teasers.getByTestId('landing-rail-model').getByRole('link').first().waitFor({ state: 'visible' });
    const play = teasers.getByRole('button', { name: /^Play the trailer/ }).first();
    // The demo clips are transcoded in the background after the first start: until then a trailer has no media.
    const deadline = Date.now() + 120_000;
    for (;;) {
      await play.click();
      const trailer = page.getByTestId('landing-trailer');
      const video = trailer.locator('video');
      await Promise.race([video.waitFor({ state: 'attached', timeout: 15_000 }), trailer.getByText('This trailer is not available right now.').waitFor({ timeout: 15_000 })]).catch(() => {});
      if ((await video.count()) > 0) {
        await page.waitForFunction(() => ((document.querySelector('[data-testid="landing-trailer"] video') as HTMLVideoElement | null)?.currentTime ?? 0) > 0.2, undefined, { timeout: 30_000 });
        break;
      }
      if (Date.now() > deadline) throw new Error('no trailer became playable');
      await trailer.getByRole('button', { name: 'Close the trailer' }).click();
      await page.waitForTimeout(5_000);
    }
  }, 180_000);

  it('opening /videos ends at /?redirect=%2Fvideos#log_in with the log-in dialog open', async () => {
    await page.goto(`${server.url}/videos`);
    await page.waitForURL((u) => u.pathname === '/' && u.hash === '#log_in');
    expect(new URL(page.url()).search).toBe('?redirect=%2Fvideos');
    await page.getByRole('dialog', { name: 'Log in' }).waitFor({ state: 'visible' });
  });

  it('logs in as member and lands on /videos', async () => {
    const dialog = page.getByRole('dialog', { name: 'Log in' });
    await dialog.getByLabel('Username or email').fill('member');
    await dialog.getByLabel('Password', { exact: true }).fill('demo-password');
    await dialog.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((u) => u.pathname === '/videos');
    await page.getByTestId('video-card').first().waitFor();
    expect(await page.getByTestId('video-card').count()).toBeGreaterThan(1);
  });

  it('filters by a tag and sees only videos with it', async () => {
    const filter = page.getByTestId('tag-filter');
    const tagButton = filter.getByRole('button', { name: 'Trailer', exact: true });
    await tagButton.click();
    await page.waitForURL((u) => /^\d+$/.test(u.searchParams.get('tags') ?? ''));
    await page.waitForFunction(() => {
      const cards = [...document.querySelectorAll('[data-testid="video-card"]')];
      return cards.length > 0 && cards.every((c) => c.textContent?.includes('Trailer'));
    });
    const cards = page.getByTestId('video-card');
    const count = await cards.count();
    expect(count).toBeGreaterThan(0);
    for (let i = 0; i < count; i++) {
      const tags = await cards.nth(i).getByRole('list', { name: 'Tags' }).getByRole('listitem').allTextContents();
      expect(tags.map((t) => t.trim())).toContain('Trailer');
    }
  });

  it('switches to German and sees German texts', async () => {
    await page.getByTestId('language-select').selectOption('de');
    await page.waitForFunction(() => document.documentElement.lang.startsWith('de'));
    await page.getByText('Sortieren nach').first().waitFor();
    expect(await page.getByTestId('logout-button').textContent()).toContain('Abmelden');
  });

  it('logs out', async () => {
    await page.getByTestId('logout-button').click();
    await page.waitForURL((u) => u.pathname === '/');
    // The session is gone: the members' page sends us back to the log-in dialog.
    await page.goto(`${server.url}/videos`);
    await page.waitForURL((u) => u.pathname === '/' && u.hash === '#log_in');
    expect(await page.getByTestId('logout-button').count()).toBe(0);
  });
});
