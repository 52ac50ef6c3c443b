import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, loginToken } from './support/api';
import { launchBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/start-server';
import { logInThroughDialog } from './support/log-in';

// The member area (decisions 014 and 015): a member changes the password and logs in with it; writes to `model`, who sees the
// message arrive live in a second browser context and answers; the member's unread badge shows the answer.
// PostgreSQL with Redis: the realtime channel runs through the Redis adapter, as it does with several instances.

const NEW_PASSWORD = 'a-new-demo-password';

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  // A prefix of its own: counters (a wrong password here) and channels never meet another run's in the shared Redis.
  server = await startServer('postgres', { REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379', REDIS_PREFIX: `e2e-${randomBytes(4).toString('hex')}:` });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Open WebSocket URLs per page: the live path must be the realtime channel, not the polling fallback. */
const sockets = new WeakMap<Page, string[]>();

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ locale: 'en-US' });
  contexts.push(context);
  const page = await context.newPage();
  const urls: string[] = [];
  sockets.set(page, urls);
  page.on('websocket', (ws) => {
    urls.push(ws.url());
    ws.on('close', () => urls.splice(urls.indexOf(ws.url()), 1));
  });
  return page;
}

const hasRealtimeSocket = (page: Page) => (sockets.get(page) ?? []).some((url) => new URL(url).pathname.startsWith('/socket.io/'));

const logIn = (page: Page, username: string, password: string) => logInThroughDialog(page, server.url, username, password);

/** Marks the document, so a later check can tell the page was not reloaded. */
const markDocument = (page: Page) => page.evaluate(() => ((window as unknown as { __e2eMark: number }).__e2eMark = 1));
const documentIsMarked = (page: Page) => page.evaluate(() => (window as unknown as { __e2eMark?: number }).__e2eMark === 1);

describe('a member', () => {
  let member: Page;

  it('changes the password on /user-profile/settings and logs in with the new one', async () => {
    member = await newPage();
    await logIn(member, 'member', 'demo-password');
    await member.goto(`${server.url}/user-profile/settings`);
    const form = member.getByTestId('password-form');
    await form.getByLabel('Current password').fill('demo-password');
    await form.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await form.getByLabel('Repeat new password').fill(NEW_PASSWORD);
    await form.getByRole('button', { name: 'Change password' }).click();
    await form.getByText('Your password has been changed.').waitFor();

    await member.getByTestId('logout-button').click();
    await member.waitForURL((u) => u.pathname === '/');
    // The old password no longer works; the new one does.
    await member.goto(`${server.url}/#log_in`);
    const dialog = member.getByRole('dialog', { name: 'Log in' });
    await dialog.getByLabel('Username or email').fill('member');
    await dialog.getByLabel('Password', { exact: true }).fill('demo-password');
    await dialog.getByRole('button', { name: 'Log in' }).click();
    await dialog.getByRole('alert').waitFor();
    expect(new URL(member.url()).pathname).toBe('/');
    await logIn(member, 'member', NEW_PASSWORD);
    // The member's header parts load with the session (decision record 059).
    await member.getByTestId('logout-button').waitFor();
    expect(await member.getByTestId('logout-button').count()).toBe(1);
  });

  it('writes to model, who sees it arrive without reloading and answers; the member’s badge shows the answer', async () => {
    const model = await newPage();
    await logIn(model, 'model', 'demo-password');
    await model.goto(`${server.url}/messages`);
    await model.getByRole('list', { name: 'Conversations' }).waitFor();
    await markDocument(model);
    await expect.poll(() => hasRealtimeSocket(model), { timeout: 10_000 }).toBe(true);

    const text = `Hello from the browser test ${Date.now()}`;
    await member.goto(`${server.url}/messages/model`);
    const composer = member.getByPlaceholder('Write a message…');
    await composer.fill(text);
    await composer.press('Enter');
    await member.getByRole('list', { name: /Messages with/ }).getByText(text).waitFor();

    // The member leaves the conversation, so the answer counts as unread.
    await member.goto(`${server.url}/videos`);
    await member.getByTestId('video-card').first().waitFor();
    // The demo member starts with unread site messages (the welcome); the answer adds one.
    const before = (await getJson<{ unread_total: number }>(server.url, '/messages/new_messages', await loginToken(server.url, 'member', NEW_PASSWORD))).unread_total;
    const badge = member.getByTestId('messages-link').getByTestId('unread-badge');
    const shown = () => badge.locator('[aria-hidden="true"]').textContent({ timeout: 1000 }).catch(() => null);
    await member.waitForFunction((n) => (document.querySelector('[data-testid="messages-link"] [data-testid="unread-badge"] [aria-hidden="true"]')?.textContent ?? '0') === String(n), before);
    await markDocument(member);

    // Live on the model's inbox, no reload.
    const row = model.getByRole('list', { name: 'Conversations' }).getByRole('link').filter({ hasText: text });
    await row.waitFor({ timeout: 15_000 });
    expect(await documentIsMarked(model)).toBe(true);

    await row.click();
    await model.getByRole('list', { name: /Messages with/ }).getByText(text).waitFor();
    const answer = `Thanks, see you at the playdate ${Date.now()}`;
    const modelComposer = model.getByPlaceholder('Write a message…');
    await modelComposer.fill(answer);
    await modelComposer.press('Enter');
    await model.getByRole('list', { name: /Messages with/ }).getByText(answer).waitFor();

    await member.waitForFunction(
      (n) => document.querySelector('[data-testid="messages-link"] [data-testid="unread-badge"] [aria-hidden="true"]')?.textContent === String(n),
      before + 1,
      { timeout: 15_000 },
    );
    expect(await shown()).toBe(String(before + 1));
    expect(await member.getByRole('link', { name: new RegExp(`^Messages ${before + 1} unread messages?$`) }).count()).toBe(1);
    expect(await documentIsMarked(member)).toBe(true);
    expect(hasRealtimeSocket(member)).toBe(true);

    // Reading it clears the badge.
    await member.getByTestId('messages-link').click();
    await member.waitForURL((u) => u.pathname === '/messages');
    await member.getByRole('list', { name: 'Conversations' }).getByRole('link').filter({ hasText: answer }).click();
    await member.getByRole('list', { name: /Messages with/ }).getByText(answer).waitFor();
    await member.waitForFunction(
      (n) => (document.querySelector('[data-testid="messages-link"] [data-testid="unread-badge"] [aria-hidden="true"]')?.textContent ?? '0') === String(n),
      before,
      { timeout: 15_000 },
    );
  });
});
