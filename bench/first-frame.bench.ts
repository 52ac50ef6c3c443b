// Time to first frame after pressing play (decision record 053): the real server (embedded PGlite, demo
// content) and the built web app in headless Chromium. A premium member opens /videos and presses play on the first
// video of the page; the figure is from the click (as the page sees it) to the first frame of the video the
// browser presents (requestVideoFrameCallback). Each run is a new browser context: a first visit's empty HTTP cache,
// the member logged in. Printed, never asserted.
//
// Needs a built web app: run `npm run build` first (the server serves apps/web/dist).
// Usage: npm run bench:first-frame [-- --runs 7 --dwell 300 --fresh]
//   --dwell   ms the pointer rests on the card before the press (a person aiming at it); the figures of a press
//             without any rest (pointer moved and pressed at once, the page just shown) are printed too
//   --fresh   start from an empty DATA_DIR (seed and transcode again, about a minute more)
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { waitFor } from '../e2e/support/api';
import { CHROMIUM_ARGS } from '../e2e/support/browser';
import { logInThroughDialog } from '../e2e/support/log-in';
import { startDemoServer } from './support/demo-server';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '7' },
    dwell: { type: 'string', default: '300' },
    port: { type: 'string', default: process.env.PORT ?? '8121' },
    'rtmp-port': { type: 'string', default: process.env.RTMP_PORT ?? '19371' },
    'data-dir': { type: 'string', default: process.env.DATA_DIR ?? '/tmp/velora-first-frame' },
    fresh: { type: 'boolean', default: false },
  },
});
const RUNS = Number(values.runs);
const DWELL_MS = Number(values.dwell);
const PORT = Number(values.port);
const DATA_DIR = values['data-dir'];
const ROOT = path.resolve(import.meta.dirname, '..');
const BASE = `http://127.0.0.1:${PORT}`;

// Runs in the page before any of its scripts: notes the press on a play link, then the first frame and the media
// events of the theater's <video>, all on the page's clock (performance.now()).
const INSTRUMENT = `(() => {
  const ff = { click: null, frame: null, frameTime: null, events: {}, longTasks: [] };
  window.__ff = ff;
  // Main-thread work of 50 ms or more (the page's own scripts, the player's, hls.js's).
  new PerformanceObserver((list) => { for (const e of list.getEntries()) ff.longTasks.push([e.startTime, e.duration]); })
    .observe({ type: 'longtask', buffered: true });
  document.addEventListener('click', (event) => {
    if (ff.click === null && event.target instanceof Element && event.target.closest('a[href*="#play-"]')) ff.click = performance.now();
  }, true);
  const watch = (video) => {
    if (video.__ffWatched) return;
    video.__ffWatched = true;
    for (const type of ['loadstart', 'loadedmetadata', 'loadeddata', 'canplay', 'playing']) {
      video.addEventListener(type, () => { if (!(type in ff.events)) ff.events[type] = performance.now(); });
    }
    if (video.requestVideoFrameCallback) {
      video.requestVideoFrameCallback((now, meta) => { if (ff.frame === null) { ff.frame = now; ff.frameTime = meta.mediaTime; } });
    }
  };
  new MutationObserver(() => document.querySelectorAll('[data-testid="theater"] video').forEach(watch))
    .observe(document, { subtree: true, childList: true });
})();`;

interface Instrumented {
  __ff: { click: number; frame: number | null; events: Record<string, number>; longTasks: [number, number][] };
}

interface Sample {
  firstFrameMs: number;
  /** ms after the press (negative: before it) of each step on the way to the first frame. */
  steps: Record<string, number>;
  busyMs: number;
  masterRequests: number;
}

/** What a resource of the page is, for the breakdown (null: not on the way to the first frame). */
function stepOf(url: string): string | null {
  const u = new URL(url);
  if (/^\/api\/videos\/\d+$/.test(u.pathname)) return 'detail';
  if (/^\/api\/videos\/\d+\/playbacks$/.test(u.pathname)) return 'playbacks';
  if (/\/assets\/theater-player-[^/]+\.js$/.test(u.pathname)) return 'player chunk';
  if (/\/assets\/video-player-[^/]+\.js$/.test(u.pathname)) return 'video-player chunk';
  if (/\/assets\/hls-[^/]+\.js$/.test(u.pathname)) return 'hls.js chunk';
  if (u.pathname.endsWith('/master.m3u8')) return 'master';
  if (/\/\d+p\.m3u8$/.test(u.pathname)) return 'variant';
  if (/\/\d+p_000\.ts$/.test(u.pathname)) return `segment ${/(\d+p)_000/.exec(u.pathname)![1]}`;
  return null;
}

async function api<T>(pathname: string, token?: string, body?: unknown): Promise<T> {
  const res = await fetch(`${BASE}/api${pathname}`, {
    method: body ? 'POST' : 'GET',
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!res.ok) throw new Error(`${pathname}: ${res.status}`);
  return (await res.json()) as T;
}

/** One press on the first card of /videos in a fresh context; `dwell` null: pressed as soon as the card shows. */
async function measure(browser: Browser, storageState: Awaited<ReturnType<BrowserContext['storageState']>>, dwell: number | null): Promise<Sample> {
  const context = await browser.newContext({ storageState, locale: 'en-US', viewport: { width: 1366, height: 768 } });
  try {
    await context.addInitScript(INSTRUMENT);
    const page = await context.newPage();
    await page.goto(`${BASE}/videos`);
    const play = page.getByTestId('video-card').first().locator('a.video-card__play');
    await play.waitFor();
    if (dwell !== null) {
      // The page is shown and settles (a person reads it), then the pointer comes to rest on the card and presses.
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(1000);
      await play.hover();
      await page.waitForTimeout(dwell);
    }
    await play.click();
    // Functions, not strings: the site's Content-Security-Policy forbids evaluating strings.
    await page.waitForFunction(() => (globalThis as unknown as Instrumented).__ff.frame !== null, undefined, { timeout: 30_000, polling: 50 });
    const { ff, resources } = await page.evaluate(() => ({
      ff: (globalThis as unknown as Instrumented).__ff,
      resources: performance.getEntriesByType('resource').map((e) => ({ name: e.name, start: e.startTime, end: (e as unknown as { responseEnd: number }).responseEnd })),
    }));
    const steps: Record<string, number> = {};
    for (const r of resources) {
      const step = stepOf(r.name);
      // The first of each, as the end of its answer relative to the press (negative: done before it).
      if (step && !(`${step} done` in steps)) {
        steps[`${step} start`] = r.start - ff.click;
        steps[`${step} done`] = r.end - ff.click;
      }
    }
    for (const [type, at] of Object.entries(ff.events)) steps[`<video> ${type}`] = at - ff.click;
    // Long tasks between the press and the first frame: how much of the wait is the main thread busy.
    const busyMs = ff.longTasks
      .filter(([start, duration]) => start + duration > ff.click && start < ff.frame!)
      .reduce((sum, [start, duration]) => sum + Math.min(start + duration, ff.frame!) - Math.max(start, ff.click), 0);
    return {
      firstFrameMs: ff.frame! - ff.click,
      steps,
      busyMs,
      // A playlist fetched ahead and then again by the player would show as two.
      masterRequests: resources.filter((r) => stepOf(r.name) === 'master').length,
    };
  } finally {
    await context.close();
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const ms = (n: number) => `${Math.round(n)} ms`;

function printSeries(label: string, samples: Sample[]) {
  const frames = samples.map((s) => s.firstFrameMs);
  console.log(`\n${label}`);
  console.log(`  first frame, per run: ${frames.map((f) => Math.round(f)).join(', ')} ms`);
  console.log(`  median ${ms(median(frames))}, worst ${ms(Math.max(...frames))}`);
  const names = [...new Set(samples.flatMap((s) => Object.keys(s.steps)))];
  const rows = names
    .map((name) => ({ name, values: samples.map((s) => s.steps[name]).filter((v): v is number => v !== undefined) }))
    .filter((r) => r.values.length > 0)
    .sort((a, b) => median(a.values) - median(b.values));
  console.log('  where the time goes (median, ms after the press; negative: before it):');
  for (const row of rows) console.log(`    ${row.name.padEnd(24)} ${String(Math.round(median(row.values))).padStart(6)}`);
  console.log(`    ${'first frame'.padEnd(24)} ${String(Math.round(median(frames))).padStart(6)}`);
  console.log(`  main thread busy in long tasks between the press and the first frame: median ${ms(median(samples.map((s) => s.busyMs)))}`);
  console.log(`  master playlist requests per run: ${samples.map((s) => s.masterRequests).join(', ')}`);
}

async function main() {
  if (!fs.existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) {
    console.error('No built web app: run `npm run build` first (the server serves apps/web/dist).');
    process.exit(1);
  }
  const server = await startDemoServer({
    port: PORT,
    rtmpPort: values['rtmp-port'],
    dataDir: DATA_DIR,
    fresh: values.fresh,
    readyPath: '/health',
    env: { NODE_ENV: 'test' },
  });
  let browser: Browser | undefined;
  try {
    const { access_token: token } = await api<{ access_token: string }>('/auth/login', undefined, { username: 'premium', password: 'demo-password' });
    // The demo's media is transcoded in the background after the first start.
    const first = await waitFor(
      'the first video of /videos to be transcoded',
      async () => {
        const list = await api<{ videos: { id: number }[] }>('/videos?page=1', token);
        const detail = await api<{ id: number; title: string; hls_url: string | null; renditions: number[] }>(`/videos/${list.videos[0]!.id}`, token);
        return detail.hls_url ? detail : null;
      },
      1_200_000,
    );
    console.log(`First video of /videos: ${first.id} "${first.title}", renditions ${first.renditions.join(', ')}`);

    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
    const login = await browser.newContext({ locale: 'en-US', viewport: { width: 1366, height: 768 } });
    const page = await login.newPage();
    await logInThroughDialog(page, BASE, 'premium');
    const storageState = await login.storageState();
    await login.close();

    // One run to warm the server (JIT, file cache), not counted.
    await measure(browser, storageState, DWELL_MS);
    const rested: Sample[] = [];
    const hurried: Sample[] = [];
    for (let i = 0; i < RUNS; i++) {
      rested.push(await measure(browser, storageState, DWELL_MS));
      hurried.push(await measure(browser, storageState, null));
    }
    printSeries(`Press after the page settled and the pointer rested ${DWELL_MS} ms on the card (${RUNS} runs):`, rested);
    printSeries(`Press at once, as soon as the card shows (${RUNS} runs):`, hurried);
    const frames = rested.map((s) => s.firstFrameMs);
    console.log(`FIGURES ${JSON.stringify({ first_frame_ms_median: Math.round(median(frames)), first_frame_ms_max: Math.round(Math.max(...frames)) })}`);
  } finally {
    await browser?.close();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
