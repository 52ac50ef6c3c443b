import { spawn } from 'node:child_process';
import path from 'node:path';
import { generate } from 'otplib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { logInThroughDialog } from './support/log-in';
import { startServer, type RunningServer } from './support/start-server';

// The back office's staff and their security (issue 27, decision record 070), from an empty database: `npm run
// create-admin` makes the first admin; she logs in, sets up her authenticator app from the QR code's key and keeps her
// recovery codes; she makes a registered member a writer on the team screen; the audit log says so; the writer's first
// visit asks him to set up his own app. PostgreSQL, so the command and the server share the database.

const ROOT = path.resolve(import.meta.dirname, '..');
const PASSWORD = 'the owner password';

let server: RunningServer;
let browser: Browser;
let page: Page;

/** Runs `npm run create-admin`'s script against the server's database, the password on standard input. */
function createAdmin(username: string, email: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'apps/server/src/create-admin-command.ts'), '--username', username, '--email', email], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: server.databaseUrl, DATA_DIR: server.dataDir, SEED_DEMO: 'never', LOG_LEVEL: 'warn', PUBLIC_URL: server.url },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.stdin.end(`${PASSWORD}\n`);
    child.on('close', (code) => resolve({ code, output }));
  });
}

/** The current code of an authenticator app holding `secret`. */
const codeOf = (secret: string) => generate({ secret });

beforeAll(async () => {
  server = await startServer('postgres', { SEED_DEMO: 'never' });
  browser = await launchBrowser();
  page = await (await browser.newContext({ locale: 'en-US' })).newPage();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the first admin', () => {
  it('is made by npm run create-admin on an empty database, once', async () => {
    const first = await createAdmin('owner', 'owner@example.com');
    expect(first.code, first.output).toBe(0);
    expect(first.output).toContain('Team admin "owner" created');
    const second = await createAdmin('another', 'another@example.com');
    expect(second.code).toBe(1);
    expect(second.output).toContain('has a team admin already');
  });

  it('logs in, sets up her authenticator app and keeps her recovery codes, then reaches the back office', async () => {
    await logInThroughDialog(page, server.url, 'owner', PASSWORD);
    await page.goto(`${server.url}/backoffice`);
    const setup = page.getByTestId('second-factor-setup');
    await setup.getByRole('button', { name: 'Set up an authenticator app' }).click();
    await setup.getByRole('img', { name: 'QR code of your two-factor secret' }).waitFor();
    // The key under the QR code, as a person types it into an app.
    const secret = (await setup.getByTestId('second-factor-secret').textContent())!.replace(/ /g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await setup.getByLabel('Code from your app').fill(await codeOf(secret));
    await setup.getByRole('button', { name: 'Confirm and continue' }).click();

    const codes = page.getByTestId('recovery-codes');
    await codes.waitFor();
    expect(await codes.getByRole('listitem').count()).toBe(10);
    await codes.getByRole('checkbox', { name: 'I have kept my recovery codes' }).check();
    await codes.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { level: 1, name: 'Back office' }).waitFor();
    expect(await page.getByTestId('backoffice-sections').getByRole('heading').allTextContents()).toEqual(['Videos', 'Models', 'Shoots', 'Retagger', 'Tags', 'Blog', 'Pages', 'Page meta', 'Feature flags', 'Prices', 'Playdate limits', 'Camera feedback', 'Team', 'Audit log']);
  });

  it('makes a registered member a writer on the team screen; the audit log names her, the action and him', async () => {
    const signUp = await fetch(`${server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'sam', email: 'sam@example.com', password: 'sam password 1' }),
    });
    expect(signUp.status, await signUp.clone().text()).toBe(201);

    await page.goto(`${server.url}/backoffice/team`);
    const add = page.getByTestId('team-add');
    await add.getByLabel('Username or email').fill('sam@example.com');
    await add.getByRole('checkbox', { name: 'On the team' }).uncheck();
    await add.getByRole('checkbox', { name: 'Writer' }).check();
    await add.getByRole('button', { name: 'Add' }).click();
    await page.getByText('sam was added.').waitFor();
    const row = page.getByTestId('team-member').filter({ hasText: 'sam@example.com' });
    expect(await row.textContent()).toContain('Writer');

    await page.goto(`${server.url}/backoffice/audit?action=backoffice.team.`);
    const entry = page.getByTestId('audit-entry').first();
    await entry.waitFor();
    expect(await entry.textContent()).toContain('owner');
    expect(await entry.textContent()).toContain('backoffice.team.add');
    await entry.getByRole('button', { name: 'Show details' }).click();
    expect(await entry.textContent()).toContain('"roles": [\n    "writer"\n  ]');
  });

  it("asks the new writer to set up his own app at his first back-office visit", async () => {
    const context = await browser.newContext({ locale: 'en-US' });
    const writer = await context.newPage();
    try {
      await logInThroughDialog(writer, server.url, 'sam', 'sam password 1');
      await writer.goto(`${server.url}/backoffice`);
      await writer.getByTestId('second-factor-setup').waitFor();
    } finally {
      await context.close();
    }
  });
});
