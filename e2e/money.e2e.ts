import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, loginToken } from './support/api';
import { launchBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/start-server';

// Money (decision 016): a member buys a month of premium through the sandbox checkout, comes back, sees the success
// popup once and can play a locked video; then buys coins and tips `model`.

interface VideoList {
  videos: { id: number; playable: boolean }[];
}

let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  server = await startServer('pglite');
  browser = await launchBrowser();
  const context = await browser.newContext({ locale: 'en-US' });
  page = await context.newPage();
  await page.goto(`${server.url}/#log_in`);
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  await dialog.getByLabel('Username or email').fill('member');
  await dialog.getByLabel('Password', { exact: true }).fill('demo-password');
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((u) => u.pathname !== '/');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('a member', () => {
  it('buys a month of premium through the sandbox checkout, sees the success popup once and plays a locked video', async () => {
    const token = await loginToken(server.url, 'member');
    const locked = (await getJson<VideoList>(server.url, '/videos?page=1', token)).videos.find((v) => !v.playable);
    expect(locked, 'a video a free member may not play').toBeTruthy();

    await page.goto(`${server.url}/paywall`);
    const plan = page.getByTestId('plan-card').filter({ hasText: '1 Month' });
    await plan.getByRole('button', { name: /Continue to payment/ }).click();
    // The provider's hosted page (our sandbox), then back to the paywall.
    await page.waitForURL((u) => u.pathname.startsWith('/api/payments/sandbox/'));
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL((u) => u.pathname === '/paywall');
    const success = page.getByRole('dialog', { name: /Welcome to Premium/ });
    await success.waitFor({ timeout: 30_000 });
    await success.getByRole('button', { name: /Close|Start watching/ }).first().click();
    await success.waitFor({ state: 'detached' });

    // Once: a reload does not show it again.
    await page.reload();
    await page.getByTestId('plan-card').first().waitFor();
    await page.waitForTimeout(1500);
    expect(await page.getByRole('dialog', { name: /Welcome to Premium/ }).count()).toBe(0);

    const detail = await getJson<{ playable: boolean; hls_url: string | null }>(server.url, `/videos/${locked!.id}`, token);
    expect(detail.playable).toBe(true);
    // In the browser: the theater player opens the video instead of the premium gate.
    await page.goto(`${server.url}/videos#play-${locked!.id}`);
    // The demo clips may still be transcoding: the player or its "preparing" state, never the gate.
    await page.waitForFunction(() => document.querySelector('[data-testid="video-player"] video, [data-testid="player-preparing"], [data-testid="player-locked"]') !== null);
    expect(await page.getByTestId('player-locked').count()).toBe(0);
  });

  it('buys coins and tips model', async () => {
    const before = (await getJson<{ coins: number }>(server.url, '/coins/balance', await loginToken(server.url, 'member'))).coins;
    await page.goto(`${server.url}/recent_updates`);
    await page.getByTestId('coin-balance').click();
    const buy = page.getByRole('dialog', { name: /Buy coins/ });
    await buy.getByTestId('coin-package').first().getByRole('button').click();
    await page.waitForURL((u) => u.pathname.startsWith('/api/payments/sandbox/'));
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByRole('dialog', { name: /coins/i }).waitFor({ timeout: 30_000 });

    const afterPurchase = (await getJson<{ coins: number }>(server.url, '/coins/balance', await loginToken(server.url, 'member'))).coins;
    expect(afterPurchase).toBeGreaterThan(before);

    const token = await loginToken(server.url, 'member');
    const models = await getJson<{ models: { id: number; name_en: string }[] }>(server.url, '/models?page=1', token);
    const modelAccount = await getJson<{ model_id: number | null }>(server.url, '/user/profile', await loginToken(server.url, 'model'));
    const tipped = models.models.find((m) => m.id === modelAccount.model_id) ?? models.models[0]!;
    await page.goto(`${server.url}/profile/${tipped.id}`);
    await page.getByRole('button', { name: /Send a tip/ }).click();
    const tip = page.getByRole('dialog', { name: /Tip/ });
    await tip.getByRole('radio', { name: /50/ }).check();
    await tip.getByRole('button', { name: /Send 50 coins|Send tip/ }).click();
    await page.getByRole('dialog', { name: /Thank you/ }).waitFor();
    const afterTip = (await getJson<{ coins: number }>(server.url, '/coins/balance', token)).coins;
    expect(afterTip).toBe(afterPurchase - 50);
  });
});
