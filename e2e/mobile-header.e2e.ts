import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/start-server';

// The phone header (decision 044): at 360 px a member's and a premium member's header is one short bar in English and
// German, nothing widens the page, Log out and Account settings are reached through the menu, and buy coins opened
// from the menu lies wholly inside the screen (a widened page once opened it off-centre and clipped).

const PHONE = { width: 360, height: 740 };
/** The bar's height on a phone: 56 px and its border; the header was 157 px. */
const MAX_HEADER_HEIGHT = 64;

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer('pglite');
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function phoneSignedIn(username: string, language: 'en' | 'de'): Promise<Page> {
  const context = await browser.newContext({ locale: 'en-US', viewport: PHONE });
  const page = await context.newPage();
  await page.goto(`${server.url}/#log_in`);
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  await dialog.getByLabel('Username or email').fill(username);
  await dialog.getByLabel('Password', { exact: true }).fill('demo-password');
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((u) => u.pathname !== '/');
  if (language !== 'en') {
    // The language is chosen where a phone user finds it: in the menu, which names the current one.
    await page.getByTestId('header-menu-button').click();
    const select = page.getByTestId('header-menu').getByRole('combobox', { name: 'Language' });
    expect(await select.evaluate((el: HTMLSelectElement) => el.selectedOptions[0]?.textContent)).toBe('English');
    await select.selectOption(language);
    await page.waitForFunction((lang) => document.documentElement.lang.startsWith(lang), language);
    await page.keyboard.press('Escape');
  }
  await page.goto(`${server.url}/videos`);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  return page;
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scroll, inner } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  expect(scroll, 'document.documentElement.scrollWidth <= innerWidth').toBeLessThanOrEqual(inner);
}

const LABELS = {
  // The menu button is named "Menu", or "Menu, 2 unread messages" when there are some.
  en: { logOut: 'Log out', settings: 'Account settings', menu: /^Menu(,|$)/, buyCoins: /Buy coins/ },
  de: { logOut: 'Abmelden', settings: 'Kontoeinstellungen', menu: /^Menü(,|$)/, buyCoins: /Coins kaufen/ },
} as const;

describe.each([
  ['member', 'en'],
  ['member', 'de'],
  ['premium', 'en'],
  ['premium', 'de'],
] as const)('at 360 px, %s in %s', (username, language) => {
  const labels = LABELS[language];

  it('has a short header that never widens the page, with Log out and Account settings in its menu', async () => {
    const page = await phoneSignedIn(username, language);
    const header = page.getByTestId('site-header');
    const box = (await header.boundingBox())!;
    expect(box.height).toBeLessThanOrEqual(MAX_HEADER_HEIGHT);
    await expectNoSidewaysScroll(page);

    const menuButton = page.getByRole('button', { name: labels.menu });
    await menuButton.click();
    expect(await menuButton.getAttribute('aria-expanded')).toBe('true');
    const menu = page.getByTestId('header-menu');
    const logOut = menu.getByRole('button', { name: labels.logOut });
    const settings = menu.getByRole('link', { name: labels.settings });
    for (const item of [logOut, settings]) {
      await item.scrollIntoViewIfNeeded();
      const itemBox = (await item.boundingBox())!;
      expect(itemBox.x).toBeGreaterThanOrEqual(0);
      expect(itemBox.x + itemBox.width).toBeLessThanOrEqual(PHONE.width);
    }
    // The open menu scrolls inside itself; the page stays the screen's width.
    await expectNoSidewaysScroll(page);
    if (username === 'premium') expect(await menu.getByText('Premium', { exact: true }).isVisible()).toBe(true);

    await settings.click();
    await page.waitForURL((u) => u.pathname === '/user-profile/settings');
    expect(await menuButton.getAttribute('aria-expanded')).toBe('false');

    await menuButton.click();
    await menu.getByRole('button', { name: labels.logOut }).click();
    await page.waitForURL((u) => u.pathname === '/' && u.search === '?logout=true');
    await page.context().close();
  });

  it('opens buy coins from the menu wholly inside the screen', async () => {
    const page = await phoneSignedIn(username, language);
    await page.getByRole('button', { name: labels.menu }).click();
    await page.getByTestId('header-menu').getByRole('button', { name: labels.buyCoins }).click();
    const dialog = page.getByRole('dialog', { name: labels.buyCoins });
    await dialog.waitFor();
    // The dialog's opening animation (a scale-in) ends before it is measured.
    await page.waitForFunction(() => {
      const el = document.querySelector('[role="dialog"]');
      return el !== null && el.getAnimations({ subtree: true }).every((animation) => animation.playState !== 'running');
    });
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
    await expectNoSidewaysScroll(page);
    await page.context().close();
  });
});
