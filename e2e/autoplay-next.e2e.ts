import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, loginToken, waitFor } from './support/api';
import { launchBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/start-server';

// Autoplay (on by default): when a short demo video ends, the next one of the list it was opened from starts
// after a visible countdown; Cancel keeps the video that ended. The card, the player and the video page agree
// on the video's length, which is its media's.

interface VideoDetail {
  id: number;
  title: string;
  duration: number;
  playable: boolean;
  hls_url: string | null;
}

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

describe('autoplay at the end of a video', () => {
  it('counts down to the next video of the list and plays it; Cancel stays; every place shows the media’s length', async () => {
    const token = await loginToken(server.url, 'premium');
    // Demo media is transcoded in the background after the first start (each video plays one of two clips): wait
    // for two neighbours of the list that both play.
    const [index, first, second] = await waitFor('two neighbouring demo videos transcoded', async () => {
      const list = await getJson<{ videos: { id: number }[] }>(server.url, '/videos?page=1', token);
      const details = await Promise.all(list.videos.slice(0, 12).map((v) => getJson<VideoDetail>(server.url, `/videos/${v.id}`, token)));
      const at = details.findIndex((d, i) => d.hls_url && details[i + 1]?.hls_url);
      return at === -1 ? null : ([at, details[at]!, details[at + 1]!] as const);
    }, 1_200_000);
    // The demo clips last 10 s, and so do their videos.
    expect(first.duration).toBe(10);

    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/#log_in`);
    const login = page.getByRole('dialog', { name: 'Log in' });
    await login.getByLabel('Username or email').fill('premium');
    await login.getByLabel('Password', { exact: true }).fill('demo-password');
    await login.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((u) => u.pathname !== '/');

    await page.goto(`${server.url}/videos`);
    const firstCard = page.getByTestId('video-card').nth(index);
    await firstCard.waitFor();
    expect((await firstCard.locator('.video-card__duration time').textContent())?.trim()).toBe('0:10');
    await firstCard.getByRole('link', { name: `Play ${first.title}` }).click();

    const theater = page.getByRole('dialog', { name: first.title });
    const media = theater.getByTestId('video-player').locator('video');
    await page.waitForFunction((el) => el instanceof HTMLVideoElement && el.currentTime > 0.5 && !el.paused, await media.elementHandle(), { timeout: 60_000 });
    expect((await theater.locator('.video-info__facts time').first().textContent())?.trim()).toBe('0:10');
    expect((await theater.locator('.video-player__time').textContent())?.trim()).toMatch(/ \/ 0:10$/);

    // Cancel: the countdown goes, the video that ended stays.
    await media.evaluate((el: HTMLVideoElement) => {
      el.currentTime = el.duration - 0.5;
    });
    const upNext = page.getByTestId('up-next');
    await upNext.waitFor({ timeout: 30_000 });
    expect(await upNext.textContent()).toContain(second.title);
    await upNext.getByRole('button', { name: 'Cancel' }).click();
    await upNext.waitFor({ state: 'detached' });
    await page.waitForTimeout(10_000);
    expect(new URL(page.url()).hash).toBe(`#play-${first.id}`);
    expect(await theater.isVisible()).toBe(true);

    // Played to the end again: after the countdown the next video of the list plays.
    await media.evaluate((el: HTMLVideoElement) => {
      el.currentTime = el.duration - 0.5;
      void el.play();
    });
    await upNext.waitFor({ timeout: 30_000 });
    await page.waitForURL((u) => u.hash === `#play-${second.id}`, { timeout: 20_000 });
    const next = page.getByRole('dialog', { name: second.title });
    await next.waitFor();
    const nextMedia = next.getByTestId('video-player').locator('video');
    await page.waitForFunction((el) => el instanceof HTMLVideoElement && el.currentTime > 0.5 && !el.paused, await nextMedia.elementHandle(), { timeout: 60_000 });
    await context.close();
  }, 1_200_000);
});
