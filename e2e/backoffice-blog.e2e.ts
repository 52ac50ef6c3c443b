import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, loginToken } from './support/api';
import { launchBrowser } from './support/browser';
import { logInThroughDialog } from './support/log-in';
import { markSitePopupsOffered } from './support/quiet-popups';
import { startServer, type RunningServer } from './support/start-server';

// The writer's screen (decision record 073): the demo writer signs in with her second factor, writes an article in
// German in Markdown (a script and a javascript: link among it), previews it, publishes it, and a German-speaking
// member reads it on the German blog, cleaned.

const TITLE = 'Herbstlicht im Studio';
const ALIAS = 'herbstlicht-im-studio';
const BODY = [
  '## Warmes Licht',
  '',
  'Im Herbst steht die Sonne **tief**, und das Licht wird weich.',
  '',
  '- Fenster nach Westen',
  '- Ein weißer Reflektor',
  '',
  '<script>window.__blogScript = true</script>',
  '',
  '[Mehr erfahren](javascript:window.__blogLink=true)',
].join('\n');

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

describe('the writer and a reader', () => {
  let writer: Page;

  it('writes a German article in Markdown and previews it as readers will see it', async () => {
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1366, height: 900 } });
    writer = await context.newPage();
    await logInThroughDialog(writer, server.url, 'writer');
    await writer.goto(`${server.url}/backoffice`);
    await writer.getByTestId('backoffice-sections').getByRole('link', { name: 'Blog' }).click();
    await writer.getByRole('heading', { level: 1, name: 'Blog articles' }).waitFor();
    await writer.getByTestId('bo-blog-new').click();

    const editor = writer.getByTestId('bo-blog-editor');
    await editor.getByLabel('Title').fill(TITLE);
    expect(await editor.getByLabel('Alias (in the address)').inputValue()).toBe(ALIAS);
    await editor.getByLabel('Language').selectOption('de');
    await editor.getByLabel('Category').selectOption({ label: 'Photography' });
    await editor.getByLabel('Excerpt').fill('Wie das tiefe Herbstlicht Fotos weicher macht.');
    await editor.getByTestId('bo-blog-body-input').fill(BODY);

    const preview = writer.getByTestId('bo-blog-preview');
    await preview.getByRole('heading', { name: 'Warmes Licht' }).waitFor();
    expect(await preview.getByRole('listitem').allTextContents()).toEqual(['Fenster nach Westen', 'Ein weißer Reflektor']);
    expect(await preview.locator('script').count()).toBe(0);
    // The link is left as text: an anchor without its javascript: address (so not a link any more).
    expect(await preview.locator('a', { hasText: 'Mehr erfahren' }).getAttribute('href')).toBeNull();
    expect(await writer.evaluate(() => (window as unknown as { __blogScript?: boolean }).__blogScript)).toBeUndefined();

    await editor.getByRole('button', { name: 'Save draft' }).click();
    await writer.getByRole('heading', { level: 1, name: 'Edit article' }).waitFor();
    expect(await writer.getByTestId('bo-blog-state').getAttribute('data-status')).toBe('draft');
    // A draft is not on the blog.
    const draftList = await getJson<{ articles: { alias: string }[] }>(server.url, '/blog?lang=de');
    expect(draftList.articles.map((a) => a.alias)).not.toContain(ALIAS);
  });

  it('publishes it, and the list says so', async () => {
    await writer.getByRole('button', { name: 'Publish now' }).click();
    await writer.getByText('Published: readers see it now.').waitFor();
    expect(await writer.getByTestId('bo-blog-state').getAttribute('data-status')).toBe('published');
    expect(await writer.getByTestId('bo-blog-view').getAttribute('href')).toBe(`/lecker_blog/${ALIAS}`);

    await writer.getByRole('link', { name: 'All articles' }).click();
    const row = writer.getByTestId('bo-blog-article').filter({ hasText: TITLE });
    await row.waitFor();
    expect(await row.getAttribute('data-status')).toBe('published');
    expect(await row.getAttribute('data-language')).toBe('de');
  });

  it('is read on the German blog by a German-speaking member, without the script or the javascript: link', async () => {
    const context = await browser.newContext({ locale: 'de-DE' });
    const token = await loginToken(server.url, 'member');
    const me = await getJson<{ id: number }>(server.url, '/user/profile', token);
    await markSitePopupsOffered(context, me.id);
    const reader = await context.newPage();
    await logInThroughDialog(reader, server.url, 'member');
    await reader.getByTestId('language-select').selectOption('de');
    await reader.waitForFunction(() => document.documentElement.lang.startsWith('de'));

    await reader.goto(`${server.url}/lecker_blog`);
    const list = reader.getByTestId('blog-list');
    await list.getByRole('link', { name: TITLE }).first().click();
    const article = reader.getByTestId('blog-article');
    await article.getByRole('heading', { name: TITLE }).waitFor();
    expect(new URL(reader.url()).pathname).toBe(`/lecker_blog/${ALIAS}`);
    expect(await article.getAttribute('lang')).toBe('de-DE');
    await article.getByRole('heading', { name: 'Warmes Licht' }).waitFor();
    expect(await article.getByText('Im Herbst steht die Sonne').textContent()).toContain('tief');
    expect(await article.locator('script').count()).toBe(0);
    expect(await article.locator('a', { hasText: 'Mehr erfahren' }).getAttribute('href')).toBeNull();
    expect(await reader.evaluate(() => (window as unknown as { __blogScript?: boolean }).__blogScript)).toBeUndefined();
    expect(await article.innerHTML()).not.toContain('javascript:');
  });
});
