import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, loginToken } from './support/api';
import { launchBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/start-server';

// The main screens under the server's real Content-Security-Policy (decision 028): any `securitypolicyviolation`
// event, or a CSP complaint in the console, on any of them fails the test.

interface VideoList {
  videos: { id: number; playable: boolean }[];
}

let server: RunningServer;
let browser: Browser;
let page: Page;
const violations: string[] = [];

/** What was reported since the last call, as lines naming the screen. */
function takeViolations(): string[] {
  return violations.splice(0, violations.length);
}

async function settle(p: Page) {
  await p.waitForLoadState('networkidle').catch(() => undefined);
  // Late effects (lazy chunks, popups, the dialogs' scroll lock) get a moment to run.
  await p.waitForTimeout(500);
}

/** Visits a screen of the app and checks it rendered under the CSP and broke none of it. */
async function visit(path: string, ready: (p: Page) => Promise<unknown>) {
  const res = await page.goto(`${server.url}${path}`);
  // A change of the hash alone stays in the same document (no response): its CSP was checked when it loaded.
  if (res) expect(res.headers()['content-security-policy'], path).toContain("script-src 'self'");
  await ready(page);
  await settle(page);
  expect(takeViolations(), path).toEqual([]);
}

beforeAll(async () => {
  server = await startServer('pglite');
  browser = await launchBrowser();
  const context = await browser.newContext({ locale: 'en-US' });
  // Bindings and init scripts come from the browser's debugging channel, which the page's CSP does not govern.
  await context.exposeBinding('reportCspViolation', ({ page: from }, text: string) => violations.push(`${from.url()}: ${text}`));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { reportCspViolation: (t: string) => void }).reportCspViolation;
      report(`${e.violatedDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber}) ${e.sample}`);
    });
  });
  page = await context.newPage();
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(`${page.url()}: console: ${message.text()}`);
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the main screens under the real CSP', () => {
  it('the landing page and the log-in dialog (a dialog adds its scroll-lock <style> with the nonce)', async () => {
    await visit('/', (p) => p.locator('#root > *').first().waitFor());
    await visit('/?dialog#log_in', (p) => p.getByRole('dialog', { name: 'Log in' }).waitFor());
    // The case the nonce is for: the open dialog's scroll lock is a <style> element added at run time.
    expect(await page.evaluate(() => [...document.querySelectorAll('style')].filter((s) => s.nonce !== '').length)).toBeGreaterThan(0);
    const dialog = page.getByRole('dialog', { name: 'Log in' });
    await dialog.getByLabel('Username or email').fill('member');
    await dialog.getByLabel('Password', { exact: true }).fill('demo-password');
    await dialog.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((u) => u.pathname !== '/');
    await settle(page);
    expect(takeViolations()).toEqual([]);
  });

  it('the videos, a video in the player, and the messages', async () => {
    await visit('/videos', (p) => p.locator('a[href*="play-"], [data-testid="video-card"]').first().waitFor());
    const token = await loginToken(server.url, 'member');
    // A free member's player: the video, its preparing state, or the premium gate, whichever this video gives.
    const video = (await getJson<VideoList>(server.url, '/videos?page=1', token)).videos[0];
    expect(video, 'a video of the demo catalog').toBeTruthy();
    await visit(`/videos?player#play-${video!.id}`, (p) =>
      p.waitForFunction(() => document.querySelector('[data-testid="video-player"], [data-testid="player-preparing"], [data-testid="player-locked"]') !== null),
    );
    await visit('/free-video?token=demo-free-video', (p) => p.locator('#root > *').first().waitFor());
    await visit('/messages', (p) => p.locator('main').first().waitFor());
  });

  it('the paywall and the sandbox checkout page', async () => {
    await visit('/paywall', (p) => p.getByTestId('plan-card').first().waitFor());
    await page.getByTestId('plan-card').filter({ hasText: '1 Month' }).getByRole('button', { name: /Continue to payment/ }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/api/payments/sandbox/'));
    expect((await page.getByRole('button', { name: 'Pay' }).boundingBox())?.width, 'the styled Pay button').toBeGreaterThan(0);
    // The page's own stylesheet applies (allowed by its hash): the Pay button has its colour.
    const background = await page.getByRole('button', { name: 'Pay' }).evaluate((b) => getComputedStyle(b).backgroundColor);
    expect(background).toBe('rgb(194, 24, 91)');
    await settle(page);
    expect(takeViolations()).toEqual([]);
  });

  it('the age-verification sandbox page', async () => {
    const token = await loginToken(server.url, 'member');
    const { url } = await getJson<{ url: string }>(server.url, '/user/verification_age', token);
    const res = await page.goto(`${server.url}${url}`);
    expect(res?.status()).toBe(200);
    expect(res?.headers()['content-security-policy']).toContain("default-src 'none'");
    await page.getByRole('button', { name: 'Confirm I am 18+' }).waitFor();
    const background = await page.getByRole('button', { name: 'Confirm I am 18+' }).evaluate((b) => getComputedStyle(b).backgroundColor);
    expect(background).toBe('rgb(194, 24, 91)');
    await settle(page);
    expect(takeViolations()).toEqual([]);
  });
});
