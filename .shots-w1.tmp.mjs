import { chromium } from 'playwright-core';
const base = 'http://localhost:5174';
const out = '/tmp/shots-w1';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync','--no-first-run'] });
const errors = [];
async function login(user) {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.on('console', (m) => { if (m.type() === 'error') errors.push(`${user} ${page.url()}: ${m.text()}`); });
  page.on('pageerror', (e) => errors.push(`${user} ${page.url()}: ${e.message}`));
  await page.goto(`${base}/#log_in`);
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  await dialog.getByLabel('Username or email').fill(user);
  await dialog.getByLabel('Password', { exact: true }).fill('demo-password');
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((u) => u.pathname !== '/');
  return { context, page };
}
const shot = async (page, name, full = false) => { await page.waitForTimeout(2500); await page.screenshot({ path: `${out}/${name}.png`, fullPage: full }); };
const steps = process.argv.slice(2);
const { page } = await login(steps.includes('premium') ? 'premium' : 'member');
await shot(page, 'landing');
const only = process.env.ONLY_FAV === '1';
for (const [name, path] of only ? [] : [['models', '/models'], ['shoots', '/shoots'], ['feeds', '/feeds'], ['fav-models', '/favourite-models'], ['test-videos', '/test_videos']]) {
  await page.goto(base + path); await shot(page, name);
}
// favourite flow like the lead's test
await page.goto(base + '/models');
const card = page.getByTestId('model-card').nth(2);
await card.waitFor();
const name = (await card.getByRole('heading').first().textContent())?.trim();
if ((await card.getByTestId('favourite-button').getAttribute('aria-pressed')) === 'true') { await card.getByTestId('favourite-button').click(); await page.waitForTimeout(1500); }
await card.getByTestId('favourite-button').click();
await page.waitForFunction(() => document.querySelectorAll('[data-testid=model-card]')[2]?.querySelector('[data-testid=favourite-button]')?.getAttribute('aria-pressed') === 'true');
await page.waitForTimeout(Number(process.env.FAV_WAIT ?? 0));
await page.goto(base + '/favourite-models');
await page.getByTestId('model-card').first().waitFor();
const texts = await page.getByTestId('model-card').allTextContents();
console.log('favourite flow', name, texts.some((t) => t.includes(name)));
await shot(page, 'fav-models-after');
// profile, shoot, gallery
await page.goto(base + '/models'); await page.getByTestId('model-card').first().getByRole('link').first().click();
await page.waitForURL(/profile/); await shot(page, 'profile', true);
await page.goto(base + '/shoots'); await page.getByTestId('shoot-card').first().getByRole('link').first().click();
await page.waitForURL(/shoot\//); await shot(page, 'shoot', true);
const chapter = page.locator('.chapter-card').first();
if (await chapter.count()) { await chapter.click(); await page.waitForURL(/images/); await shot(page, 'gallery');
  const thumb = page.getByRole('button', { name: /Open Image 1/ });
  if (await thumb.count()) { await thumb.click(); await page.keyboard.press('ArrowRight'); await shot(page, 'lightbox'); await page.keyboard.press('Escape'); }
}
await page.goto(base + '/recent_updates'); await shot(page, 'recent-updates', true);
await page.goto(base + '/free-video?token=nope'); await page.waitForURL(/recent_updates/); console.log('free-video invalid →', page.url());
console.log(errors.join('\n'));
await browser.close();
