import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginToken } from './support/api';
import { launchBrowser } from './support/browser';
import { logInThroughDialog } from './support/log-in';
import { startServer, type RunningServer } from './support/start-server';

// A video from the back office to a member (decision record 074): the admin uploads a generated clip, the connection
// drops after the first part and the upload carries on from the offset the server tells (HEAD); she watches it
// transcode, takes a frame as its cover and publishes it; a premium member, who could not see it before, plays it.

const run = promisify(execFile);
const TITLE = 'Harbour lights at dusk';

let server: RunningServer;
let browser: Browser;
let clipDir: string;
let clip: string;
let videoId: number;

beforeAll(async () => {
  clipDir = await fs.mkdtemp(path.join(os.tmpdir(), 'velora-e2e-clip-'));
  clip = path.join(clipDir, 'harbour.mp4');
  // Over one 8 MiB part of the upload (noise at a high bitrate), so the upload is sent in two parts.
  await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=size=1280x720:rate=25', '-t', '5', '-vf', 'noise=alls=40:allf=t', '-pix_fmt', 'yuv420p', '-c:v', 'libx264', '-preset', 'ultrafast', '-b:v', '24M', '-maxrate', '24M', '-bufsize', '4M', clip]);
  expect((await fs.stat(clip)).size).toBeGreaterThan(8 * 1024 * 1024);
  server = await startServer('pglite');
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await fs.rm(clipDir, { recursive: true, force: true });
});

async function pageOf(username: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  await logInThroughDialog(page, server.url, username);
  return { context, page };
}

const premiumSees = async (id: number) => {
  const res = await fetch(`${server.url}/api/videos/${id}`, { headers: { authorization: `Bearer ${await loginToken(server.url, 'premium')}` } });
  return res.status;
};

describe('a video from the back office', () => {
  it('is uploaded by the admin, resumed after the connection dropped, transcoded, given a cover and published', async () => {
    const { context, page } = await pageOf('admin');
    const requests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/backoffice/uploads')) requests.push(request.method());
    });
    // The network drops during the second part.
    let patches = 0;
    await page.route('**/api/backoffice/uploads/*', async (route) => {
      if (route.request().method() === 'PATCH' && ++patches === 2) return route.abort('connectionreset');
      return route.continue();
    });

    await page.goto(`${server.url}/backoffice/videos/new`);
    const form = page.getByTestId('video-new');
    await form.getByLabel('Title').fill(TITLE);
    await form.getByLabel('Video file').setInputFiles(clip);
    await form.getByRole('button', { name: 'Upload' }).click();

    await page.waitForURL(/\/backoffice\/videos\/\d+$/, { timeout: 120_000 });
    videoId = Number(new URL(page.url()).pathname.split('/').pop());
    // Created, the first part, the dropped second part, then the offset asked (HEAD) and the rest sent.
    expect(requests[0]).toBe('POST');
    const dropped = requests.indexOf('PATCH', requests.indexOf('PATCH') + 1);
    expect(dropped).toBeGreaterThan(0);
    expect(requests.slice(dropped + 1)).toContain('HEAD');
    expect(requests.at(-1)).toBe('PATCH');
    expect(await premiumSees(videoId)).toBe(404);

    // The transcode shows its progress, then its renditions.
    const state = page.getByTestId('video-state');
    await state.getByText(/^Transcoded: /).waitFor({ timeout: 180_000 });
    expect(await state.getByText(/^Transcoded: .*720p/).count()).toBe(1);
    expect(await premiumSees(videoId)).toBe(404);

    const cover = page.getByTestId('video-cover');
    await cover.getByRole('button', { name: 'Choose a frame' }).click();
    const frames = cover.getByTestId('frame');
    await frames.first().waitFor({ timeout: 60_000 });
    expect(await frames.count()).toBe(6);
    await frames.nth(2).click();
    await cover.getByRole('button', { name: 'Use this frame' }).click();
    await cover.getByText('Cover saved.').waitFor();
    await cover.getByTestId('video-cover-image').waitFor();

    await page.getByTestId('video-publishing').getByRole('button', { name: 'Publish now' }).click();
    await page.getByText('Published.').waitFor();
    expect(await state.getByTestId('video-status').textContent()).toBe('Published');

    await page.goto(`${server.url}/backoffice/videos?query=${encodeURIComponent('Harbour lights')}`);
    const row = page.getByTestId('video-row');
    await row.first().waitFor();
    expect(await row.getByTestId('video-status').allTextContents()).toEqual(['Published']);
    await context.close();
  }, 360_000);

  it('is played by a premium member', async () => {
    expect(await premiumSees(videoId)).toBe(200);
    const { context, page } = await pageOf('premium');
    await page.goto(`${server.url}/videos#play-${videoId}`);
    const media = page.getByTestId('video-player').locator('video');
    await media.waitFor();
    await page.waitForFunction((el) => el instanceof HTMLVideoElement && el.currentTime > 1 && !el.paused, await media.elementHandle(), { timeout: 60_000 });
    await context.close();
  }, 120_000);
});
