import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, loginToken } from './support/api';
import { launchBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/start-server';

// Decision 049: a member starts a conversation with a model (the Message button of her profile, and New message in the
// inbox), the model reads it; a video favourited from its card is on /favourite-videos.

let server: RunningServer;
let browser: Browser;
/** The demo model that has an account (`model`): her catalog id and name. */
let demoModel: { model_id: number; display_name: string };

beforeAll(async () => {
  server = await startServer('pglite');
  browser = await launchBrowser();
  const token = await loginToken(server.url, 'member');
  const { recipients } = await getJson<{ recipients: Array<{ model_id: number; display_name: string; name: string | null }> }>(
    server.url,
    '/messages/recipients',
    token,
  );
  demoModel = recipients.find((r) => r.name === 'model')!;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function loggedIn(username: string): Promise<Page> {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${server.url}/#log_in`);
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  await dialog.getByLabel('Username or email').fill(username);
  await dialog.getByLabel('Password', { exact: true }).fill('demo-password');
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((u) => u.pathname !== '/');
  return page;
}

describe('starting a conversation', () => {
  it('a member presses Send message on a model’s profile, writes, and the model reads it', async () => {
    expect(demoModel).toBeTruthy();
    const member = await loggedIn('member');
    await member.goto(`${server.url}/profile/${demoModel.model_id}`);
    await member.getByRole('heading', { level: 1, name: demoModel.display_name }).waitFor();
    await member.getByRole('link', { name: 'Send message' }).click();
    await member.waitForURL((u) => u.pathname === '/messages/model');

    const text = `Hello from your profile page ${Date.now()}`;
    const composer = member.getByRole('textbox', { name: `Your message to ${demoModel.display_name}` });
    await composer.fill(text);
    await composer.press('Enter');
    await member.getByRole('list', { name: /Messages with/ }).getByText(text).waitFor();

    const model = await loggedIn('model');
    await model.goto(`${server.url}/messages`);
    const row = model.getByRole('list', { name: 'Conversations' }).getByRole('link').filter({ hasText: text });
    await row.waitFor({ timeout: 15_000 });
    await row.click();
    await model.getByRole('list', { name: /Messages with/ }).getByText(text).waitFor();
  });

  it('a member finds the model with New message in the inbox and opens the conversation by keyboard', async () => {
    const member = await loggedIn('premium');
    await member.goto(`${server.url}/messages`);
    await member.getByRole('button', { name: 'New message' }).first().click();
    const dialog = member.getByRole('dialog', { name: 'New message' });
    const field = dialog.getByRole('combobox', { name: 'Model’s name' });
    await field.fill(demoModel.display_name);
    await dialog.getByRole('option', { name: demoModel.display_name, exact: true }).waitFor();
    await field.press('Enter');
    await member.waitForURL((u) => u.pathname === '/messages/model');
    await member.getByRole('textbox', { name: `Your message to ${demoModel.display_name}` }).waitFor();
  });
});

describe('favourite videos', () => {
  it('a member favourites a video from its card and finds it on /favourite-videos', async () => {
    const member = await loggedIn('member');
    await member.goto(`${server.url}/videos`);
    // The first card that is not a favourite yet (the demo member may have some).
    const heart = member.getByTestId('video-card').getByRole('button', { name: /^Add to favourites: / }).first();
    const title = (await heart.getAttribute('aria-label'))!.slice('Add to favourites: '.length);
    await heart.click();
    await member.getByRole('button', { name: `Remove from favourites: ${title}` }).first().waitFor();

    await member.goto(`${server.url}/favourite-videos`);
    const saved = member.getByTestId('video-card').filter({ has: member.getByRole('heading', { name: title, exact: true }) });
    await saved.waitFor();
    expect(await saved.getByRole('button', { name: `Remove from favourites: ${title}` }).getAttribute('aria-pressed')).toBe('true');
  });
});
