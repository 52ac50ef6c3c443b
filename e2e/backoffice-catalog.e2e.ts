import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs/promises';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, loginToken } from './support/api';
import { launchBrowser } from './support/browser';
import { logInThroughDialog } from './support/log-in';
import { startServer, type RunningServer } from './support/start-server';

// The back office's catalog (decision record 075), end to end on the demo seed: the admin makes a model and publishes
// her, makes a shoot of hers, uploads several images at once through the form and publishes the shoot; a premium
// member then sees its gallery, whose pictures load.

let server: RunningServer;
let browser: Browser;
let admin: Page;
let files: string[] = [];
let folder: string;

beforeAll(async () => {
  server = await startServer('pglite');
  browser = await launchBrowser();
  admin = await (await browser.newContext({ locale: 'en-US' })).newPage();
  folder = await fs.mkdtemp(path.join(os.tmpdir(), 'velora-catalog-e2e-'));
  files = await Promise.all(
    [[1200, 800, '#c06080'], [800, 1200, '#4080c0'], [1000, 1000, '#60a040']].map(async ([width, height, colour], i) => {
      const file = path.join(folder, `beach-${i + 1}.jpg`);
      await sharp({ create: { width: width as number, height: height as number, channels: 3, background: colour as string } }).jpeg().toFile(file);
      return file;
    }),
  );
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (folder) await fs.rm(folder, { recursive: true, force: true });
});

describe('the catalog in the back office', () => {
  let shootId = 0;

  it('lets the admin make and publish a model, then a shoot with several images', async () => {
    await logInThroughDialog(admin, server.url, 'admin');
    await admin.goto(`${server.url}/backoffice/models`);
    const create = admin.getByTestId('bo-model-create');
    await create.getByLabel('Name').fill('Marina Solé');
    await create.getByLabel('Country code').fill('ES');
    await create.getByLabel('Description').fill('Marina swims every morning.');
    await create.getByRole('button', { name: 'Create model' }).click();
    await admin.waitForURL(/\/backoffice\/models\/\d+$/);
    const modelId = Number(new URL(admin.url()).pathname.split('/').at(-1));
    await admin.getByRole('button', { name: 'Publish', exact: true }).click();
    await admin.getByRole('button', { name: 'Unpublish' }).waitFor();

    await admin.getByRole('link', { name: 'Her shoots' }).click();
    await admin.waitForURL((u) => u.pathname === '/backoffice/shoots' && u.searchParams.get('model_id') === String(modelId));
    const newShoot = admin.getByTestId('bo-shoot-create');
    await newShoot.getByLabel('Title').fill('Morning swim');
    // The model picker starts on the model the list is filtered by.
    await expect.poll(() => newShoot.getByLabel('Model', { exact: true }).inputValue()).toBe(String(modelId));
    await newShoot.getByRole('button', { name: 'Create shoot' }).click();
    await admin.waitForURL(/\/backoffice\/shoots\/\d+$/);
    shootId = Number(new URL(admin.url()).pathname.split('/').at(-1));
    expect(await admin.getByTestId('bo-shoot-state').textContent()).toContain('Draft');

    const upload = admin.getByTestId('bo-gallery-upload');
    await upload.getByLabel('Images to add').setInputFiles(files);
    await upload.getByRole('button', { name: 'Upload' }).click();
    await admin.getByText('The images were added.').waitFor();
    expect(await admin.getByTestId('bo-gallery-image').count()).toBe(3);
    // The previews are the team's signed ones: they load although the shoot is not published.
    await expect.poll(() => admin.getByTestId('bo-gallery-image').locator('img').first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    await admin.getByRole('button', { name: 'Publish now' }).click();
    await expect.poll(() => admin.getByTestId('bo-shoot-state').textContent()).toContain('Published since');
  });

  it("shows a premium member the published shoot's gallery", async () => {
    expect(shootId).toBeGreaterThan(0);
    const token = await loginToken(server.url, 'premium');
    const shoot = await getJson<{ title: string; model: { name_en: string }; chapters: Array<{ id: number }> }>(server.url, `/shoots/${shootId}`, token);
    expect(shoot).toMatchObject({ title: 'Morning swim', model: { name_en: 'Marina Solé' } });

    const context = await browser.newContext({ locale: 'en-US' });
    const member = await context.newPage();
    try {
      await logInThroughDialog(member, server.url, 'premium');
      await member.goto(`${server.url}/shoot/${shootId}/images/${shoot.chapters[0]!.id}`);
      const grid = member.getByRole('list', { name: /Morning swim/ });
      await grid.waitFor();
      expect(await grid.getByRole('listitem').count()).toBe(3);
      await expect.poll(() => grid.locator('img').first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 30_000 }).toBe(true);
    } finally {
      await context.close();
    }
  });
});
