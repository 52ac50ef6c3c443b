import type { Browser, BrowserContext, Page, Request, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, loginToken, waitFor } from './support/api';
import { launchBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/start-server';

// A card prepares its video before the press on play (decision records 053 and 057): pointed at or focused, its
// video's master playlist (and the variant the player starts with, and that rendition's first segment) is fetched,
// and the player then starts from those without asking for them again. Only the mechanism is checked here; the time it saves is bench/first-frame.bench.ts's.

interface VideoDetail {
  id: number;
  title: string;
  hls_url: string | null;
}

let server: RunningServer;
let browser: Browser;
let storageState: Awaited<ReturnType<BrowserContext['storageState']>>;

beforeAll(async () => {
  server = await startServer('pglite');
  browser = await launchBrowser();
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  await page.goto(`${server.url}/#log_in`);
  const login = page.getByRole('dialog', { name: 'Log in' });
  await login.getByLabel('Username or email').fill('premium');
  await login.getByLabel('Password', { exact: true }).fill('demo-password');
  await login.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((u) => u.pathname !== '/');
  storageState = await context.storageState();
  await context.close();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The first video of a list page that plays (demo media is transcoded in the background after the first start). */
async function firstPlayable(listPath: string): Promise<{ index: number; video: VideoDetail }> {
  const token = await loginToken(server.url, 'premium');
  return waitFor(`a transcoded video on ${listPath}`, async () => {
    const list = await getJson<{ videos: { id: number }[] }>(server.url, listPath, token);
    const details = await Promise.all(list.videos.slice(0, 4).map((v) => getJson<VideoDetail>(server.url, `/videos/${v.id}`, token)));
    const index = details.findIndex((d) => d.hls_url);
    return index === -1 ? null : { index, video: details[index]! };
  }, 1_200_000);
}

/** Every media request of the page, with whether the theater (the player) was open when it went out. */
function recordMedia(page: Page) {
  const seen: { url: string; path: string; playerOpen: boolean }[] = [];
  let playerOpen = false;
  const masters = new Map<number, string>();
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/media/hls/')) seen.push({ url: url.href, path: url.pathname, playerOpen });
  });
  page.on('response', (response: Response) => {
    const id = /^\/api\/videos\/(\d+)$/.exec(new URL(response.url()).pathname)?.[1];
    // The API hands out a path; requests carry the absolute URL.
    if (id && response.ok()) void response.json().then((d: VideoDetail) => d.hls_url && masters.set(Number(id), new URL(d.hls_url, response.url()).href), () => undefined);
  });
  return {
    seen,
    pressed: () => {
      playerOpen = true;
    },
    /** The signed master playlist URL the page was given for a video, once its detail arrived. */
    masterOf: (videoId: number) => waitFor(`the detail of video ${videoId}`, async () => masters.get(videoId), 30_000),
    /** Requests of exactly this URL (signature included). */
    count: (url: string) => seen.filter((r) => r.url === url).length,
  };
}

async function waitForPlaying(page: Page, title: string) {
  const media = page.getByRole('dialog', { name: title }).getByTestId('video-player').locator('video');
  await page.waitForFunction((el) => el instanceof HTMLVideoElement && el.currentTime > 0.3 && !el.paused, await media.elementHandle(), { timeout: 60_000 });
}

describe('a video card prepares playback before the press on play', () => {
  it('pointed at, fetches the master and start playlists; pressed, plays without fetching them again', async () => {
    const { index, video } = await firstPlayable('/videos?page=1');
    const context = await browser.newContext({ storageState, locale: 'en-US', viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    const media = recordMedia(page);
    await page.goto(`${server.url}/videos`);
    const play = page.getByTestId('video-card').nth(index).getByRole('link', { name: `Play ${video.title}` });
    await play.waitFor();

    await play.hover();
    const master = await media.masterOf(video.id);
    await waitFor('the master playlist fetched ahead', async () => media.count(master) > 0 || null, 30_000);
    // The variant playlist the player will start with follows the master, still before any press.
    await waitFor('a variant playlist fetched ahead', async () => media.seen.some((r) => /\/\d+p\.m3u8$/.test(r.path)) || null, 30_000);
    // And that rendition's first segment (decision record 057).
    await waitFor('the first segment fetched ahead', async () => media.seen.some((r) => r.path.endsWith('.ts')) || null, 30_000);
    expect(await page.getByTestId('theater').count()).toBe(0);

    media.pressed();
    await play.click();
    await waitForPlaying(page, video.title);
    expect(media.count(master)).toBe(1);
    const aheadVariant = media.seen.find((r) => /\/\d+p\.m3u8$/.test(r.path) && !r.playerOpen)!.url;
    // The player started with the variant fetched ahead, and did not ask for it again.
    expect(media.count(aheadVariant)).toBe(1);
    const firstSegment = media.seen.find((r) => r.path.endsWith('.ts'))!;
    expect(firstSegment.path.replace(/_\d+\.ts$/, '.m3u8')).toBe(new URL(aheadVariant).pathname);
    // One segment went out before the press: the first of the start rendition, which the player took instead of
    // asking for it again; every other segment is the player's.
    expect(media.seen.filter((r) => r.path.endsWith('.ts') && !r.playerOpen).map((r) => r.path)).toEqual([new URL(aheadVariant).pathname.replace(/\.m3u8$/, '_000.ts')]);
    expect(media.count(firstSegment.url)).toBe(1);
    await context.close();
  }, 1_200_000);

  it('focused from the keyboard, fetches the master playlist; Enter plays without fetching it again', async () => {
    const { index, video } = await firstPlayable('/videos?page=2');
    const context = await browser.newContext({ storageState, locale: 'en-US', viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    const media = recordMedia(page);
    await page.goto(`${server.url}/videos?page=2`);
    const play = page.getByTestId('video-card').nth(index).getByRole('link', { name: `Play ${video.title}` });
    await play.waitFor();

    await play.focus();
    const master = await media.masterOf(video.id);
    await waitFor('the master playlist fetched ahead', async () => media.count(master) > 0 || null, 30_000);
    expect(await page.getByTestId('theater').count()).toBe(0);

    media.pressed();
    await page.keyboard.press('Enter');
    await waitForPlaying(page, video.title);
    expect(media.count(master)).toBe(1);
    await context.close();
  }, 1_200_000);
});
