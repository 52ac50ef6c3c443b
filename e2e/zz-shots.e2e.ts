import { afterAll, beforeAll, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './support/browser';
import { logInThroughDialog } from './support/log-in';
import { startServer, type RunningServer } from './support/start-server';

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
it('shots', async () => {
  for (const width of [360, 1366]) {
    const page = await (await browser.newContext({ locale: 'en-US', viewport: { width, height: 900 } })).newPage();
    await logInThroughDialog(page, server.url, 'admin');
    for (const name of ['flags', 'prices', 'playdate-limits']) {
      await page.goto(`${server.url}/backoffice/${name}`);
      await page.locator('h1').waitFor();
      await page.waitForTimeout(1500);
      await page.screenshot({ path: `/tmp/x/${name}-${width}.png`, fullPage: width === 1366 });
      if (name === 'flags') {
        await page.getByRole('button', { name: 'Edit the flag black_friday_discount_24' }).click();
        await page.waitForTimeout(500);
        await page.screenshot({ path: `/tmp/x/flag-dialog-${width}.png` });
        await page.keyboard.press('Escape');
      }
      if (name === 'prices') {
        const w = await page.evaluate(() => document.documentElement.scrollWidth);
        console.log('scrollWidth', name, width, w);
      }
    }
    await page.goto(`${server.url}/team/playdate-limits`);
    await page.locator('h1').waitFor();
    console.log('redirected to', page.url());
  }
}, 300_000);
