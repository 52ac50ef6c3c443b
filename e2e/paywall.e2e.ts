import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginToken } from './support/api';
import { launchBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/start-server';

// The paywall and buy-coins layouts (decision 050): at 1366 px the plan cards sit side by side without overlapping; at
// 360 px in French (the longest labels) nothing of the paywall is wider than the screen, no button's text is cut,
// and the buy-coins dialog stays inside the viewport.

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

/** A logged-in `member` in `lang`, in a fresh context of this width. */
async function memberPage(width: number, lang: 'en' | 'de' | 'fr'): Promise<{ context: BrowserContext; page: Page }> {
  const token = await loginToken(server.url, 'member');
  const res = await fetch(`${server.url}/api/user/lang`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ lang }),
  });
  expect(res.ok).toBe(true);
  const context = await browser.newContext({ viewport: { width, height: 800 }, locale: 'en-US' });
  await context.addInitScript((language) => localStorage.setItem('language', JSON.stringify(language)), lang);
  const page = await context.newPage();
  await page.goto(`${server.url}/#log_in`);
  const dialog = page.getByRole('dialog').first();
  await dialog.locator('input').first().fill('member');
  await dialog.locator('input[type=password]').fill('demo-password');
  await dialog.locator('button[type=submit]').click();
  await page.waitForURL((u) => u.pathname !== '/');
  return { context, page };
}

type Box = { left: number; right: number; top: number; bottom: number };
const overlaps = (a: Box, b: Box) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;

/** Buttons (or links styled as buttons) under `selector` whose text is cut: wider content than box. */
const clippedButtons = (page: Page, selector: string) =>
  page.evaluate(
    (sel) =>
      [...document.querySelectorAll<HTMLElement>(`${sel} button, ${sel} a.button`)]
        .filter((b) => b.offsetParent !== null && (b.scrollWidth > b.clientWidth + 1 || b.scrollHeight > b.clientHeight + 1))
        .map((b) => `${b.textContent?.trim()} (${b.scrollWidth}/${b.clientWidth})`),
    selector,
  );

describe('the paywall', () => {
  it('at 1366 px shows the plan cards side by side without overlapping, one of them recommended', async () => {
    const { context, page } = await memberPage(1366, 'en');
    try {
      await page.goto(`${server.url}/paywall`);
      const cards = page.getByTestId('plan-card');
      await cards.first().waitFor();
      const boxes = await cards.evaluateAll((els) =>
        els.map((el) => {
          const r = el.getBoundingClientRect();
          return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
        }),
      );
      expect(boxes.length).toBeGreaterThanOrEqual(3);
      for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) expect(overlaps(boxes[i]!, boxes[j]!), `cards ${i} and ${j}`).toBe(false);
      // Side by side: one row.
      expect(new Set(boxes.map((b) => Math.round(b.top))).size).toBe(1);
      expect(await page.getByTestId('plan-recommended').count()).toBe(1);
      expect(await clippedButtons(page, '.plan-grid')).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('at 360 px in French: nothing wider than the screen, no button text cut, the buy-coins dialog inside the viewport', async () => {
    const { context, page } = await memberPage(360, 'fr');
    try {
      await page.goto(`${server.url}/paywall`);
      await page.getByRole('heading', { level: 1, name: 'Devenez membre premium' }).waitFor();
      await page.getByTestId('plan-card').first().waitFor();
      // Everything on the page, the header included, fits the 360 px.
      const wide = await page.evaluate(() => {
        const out = [...document.body.querySelectorAll<HTMLElement>('*')]
          .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
          .map((el) => `${el.tagName}.${el.className}`);
        return { scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth, out };
      });
      expect(wide.out).toEqual([]);
      expect(wide.scrollWidth).toBeLessThanOrEqual(wide.innerWidth);
      expect(await clippedButtons(page, 'main')).toEqual([]);
      expect(await page.getByTestId('plan-name').allTextContents()).toEqual(expect.arrayContaining([expect.stringMatching(/^1\s+mois$/), expect.stringMatching(/^3\s+mois$/)]));

      // On a phone the coins are in the header's menu.
      await page.getByTestId('header-menu-button').click();
      await page.getByTestId('header-menu').getByTestId('coin-balance').click();
      const dialog = page.getByTestId('buy-coins-popup');
      await dialog.getByTestId('coin-package').first().waitFor();
      const inside = await dialog.evaluate((el) => {
        const r = el.getBoundingClientRect();
        const parts = [...el.querySelectorAll<HTMLElement>('*')].filter((c) => c.getBoundingClientRect().right > window.innerWidth + 0.5 || c.getBoundingClientRect().left < -0.5);
        return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, w: window.innerWidth, h: window.innerHeight, outside: parts.map((c) => `${c.tagName}.${c.className}`) };
      });
      expect(inside.left).toBeGreaterThanOrEqual(0);
      expect(inside.right).toBeLessThanOrEqual(inside.w);
      expect(inside.top).toBeGreaterThanOrEqual(0);
      expect(inside.bottom).toBeLessThanOrEqual(inside.h);
      expect(inside.outside).toEqual([]);
      // In each package the coins (and bonus) and the price do not run into each other.
      const collisions = await dialog.getByTestId('coin-package').evaluateAll((rows) =>
        rows.filter((row) => {
          const a = row.querySelector('.coin-package__coins')!.getBoundingClientRect();
          const b = row.querySelector('[data-testid="price-tag"]')!.getBoundingClientRect();
          return a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
        }).length,
      );
      expect(collisions).toBe(0);
      expect(await clippedButtons(page, '[data-testid="buy-coins-popup"]')).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
