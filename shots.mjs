// Screenshots of the back office at phone and desktop widths (run by hand: node shots.mjs <baseUrl>).
import { chromium } from 'playwright-core';
import { generate } from 'otplib';

const base = process.argv[2];
const SECRET = 'VELORADEMOTWOFACTORSECRETKEY2345';
const login = async (username) => {
  const res = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: 'demo-password' }) });
  return (await res.json()).access_token;
};
const prove = async (token, offset) => {
  const code = await generate({ secret: SECRET, epoch: Math.floor(Date.now() / 1000) + offset });
  const res = await fetch(`${base}/api/auth/second-factor/verify`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ code }) });
  if (!res.ok) throw new Error(await res.text());
};
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
async function contextFor(token, width, height, locale = 'en-US') {
  const context = await browser.newContext({ viewport: { width, height }, locale, reducedMotion: 'reduce' });
  await context.addCookies([
    { name: 'cookie_consent', value: encodeURIComponent(JSON.stringify({ analytics: false, marketing: false })), url: base },
    { name: 'access_token', value: encodeURIComponent(JSON.stringify(token)), url: base },
  ]);
  await context.addInitScript((t) => {
    localStorage.setItem('approved_cookies', 'true');
    localStorage.setItem('approved_age', 'true');
    localStorage.setItem('access_token', JSON.stringify(t));
  }, token);
  return context;
}
const proven = await login('admin');
await prove(proven, 0);
const pending = await login('admin');
for (const [w, h] of [[360, 780], [1366, 900]]) {
  const context = await contextFor(proven, w, h);
  const page = await context.newPage();
  for (const [name, path] of [['home', '/backoffice'], ['audit', '/backoffice/audit'], ['team', '/backoffice/team']]) {
    await page.goto(`${base}${path}`);
    await page.waitForTimeout(2500);
    if (name === 'audit') await page.getByRole('button', { name: 'Show details' }).first().click().catch(() => undefined);
    await page.screenshot({ path: `/work/notes/shots/${name}-${w}.png`, fullPage: true });
  }
  await context.close();
  const check = await contextFor(pending, w, h, w === 360 ? 'de-DE' : 'en-US');
  const p2 = await check.newPage();
  await p2.goto(`${base}/backoffice`);
  await p2.waitForTimeout(2500);
  await p2.screenshot({ path: `/work/notes/shots/check-${w}.png`, fullPage: true });
  await check.close();
}
await browser.close();
