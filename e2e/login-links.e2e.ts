import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginToken } from './support/api';
import { launchBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/start-server';

// A sister domain's hand-over link (product §1, decision record 030) in a real browser: the URL carries a one-time code,
// never the session token, and a guest is asked "Log in as …?" before it is used (login CSRF). The rules themselves are
// tested on both engines in the server suite; here it is the page's flow, so one engine is enough.

describe('a log-in link from a sister domain', () => {
  let server: RunningServer;
  let browser: Browser;
  let memberToken: string;

  beforeAll(async () => {
    server = await startServer('pglite');
    browser = await launchBrowser();
    memberToken = await loginToken(server.url, 'member');
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function handOverCode(): Promise<string> {
    const res = await fetch(`${server.url}/api/auth/hand_over`, { method: 'POST', headers: { authorization: `Bearer ${memberToken}` } });
    expect(res.status).toBe(201);
    return ((await res.json()) as { code: string }).code;
  }

  async function guestPage(width = 360): Promise<Page> {
    const context = await browser.newContext({ locale: 'en-US', viewport: { width, height: 740 } });
    return context.newPage();
  }

  const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('access_token') ?? (document.cookie.match(/access_token=([^;]*)/)?.[1] || null));

  it('asks the guest before it logs in, with the safe answer focused, and lands where the link pointed', async () => {
    const page = await guestPage();
    await page.goto(`${server.url}/videos?authToken=${await handOverCode()}`);
    const dialog = page.getByRole('dialog', { name: 'Log in as member?' });
    await dialog.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    // The code has left the address bar, and nothing is logged in until the guest says so.
    expect(page.url()).not.toContain('authToken');
    expect(await storedToken(page)).toBeNull();

    await dialog.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((u) => u.pathname === '/videos');
    await page.getByTestId('video-card').first().waitFor();
    expect(await storedToken(page)).not.toBeNull();
    await page.context().close();
  });

  it('leaves the guest logged out when they cancel (Enter on the focused Cancel)', async () => {
    const code = await handOverCode();
    const page = await guestPage(1280);
    await page.goto(`${server.url}/?authToken=${code}`);
    const dialog = page.getByRole('dialog', { name: 'Log in as member?' });
    await dialog.waitFor();
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    expect(await storedToken(page)).toBeNull();
    expect(page.url()).not.toContain('authToken');
    await page.context().close();
  });

  it('does not offer a code that was already used', async () => {
    const code = await handOverCode();
    const exchanged = await fetch(`${server.url}/api/auth/hand_over/exchange`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code }),
    });
    expect(exchanged.status).toBe(200);
    const page = await guestPage();
    await page.goto(`${server.url}/?authToken=${code}`);
    // The page settles as a guest's: the phone bar offers Sign up (Log in moves into its menu below 420 px).
    await page.getByTestId('site-header').getByRole('button', { name: 'Sign up' }).waitFor();
    expect(await page.getByRole('dialog', { name: /Log in as/ }).count()).toBe(0);
    expect(await storedToken(page)).toBeNull();
    await page.context().close();
  });
});
