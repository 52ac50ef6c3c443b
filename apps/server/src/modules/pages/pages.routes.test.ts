import { CustomPage, INVALID_PAGE_PASSWORD, PageMeta, PRODUCT_NAME } from '@velora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createViewers, type Viewers } from '../../../test/catalog-fixture';
import { createPage } from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { DEMO_PAGE_PASSWORD, seedContent } from '../../demo/seed-content';
import { RATE_LIMITS } from '../../lib/rate-limits';

let t: TestApp;
let v: Viewers;

beforeAll(async () => {
  t = await buildTestApp();
  v = await createViewers(t);
  await seedContent(t.deps.db, { now: t.deps.now() });
  const insert = (path: string, type: 'document' | 'transforming_links', source: string, password?: string) =>
    createPage(t, { path, type, title: 'Test', source, ...(password === undefined ? {} : { password }) });
  await insert(
    '/unsafe',
    'document',
    '<h1>Hi</h1><script>alert(1)</script><p onclick="steal()">text <a href="javascript:alert(2)">link</a> <a href="/ok">ok</a></p>' +
      '<img src="https://tracker.test/p.gif" onerror="alert(3)"><img src="/media/images/shoot/1/900x500.jpg"><iframe src="https://x.test"></iframe><style>*{}</style>',
  );
  await insert('/bad-link', 'transforming_links', 'javascript:alert(1)');
  await insert('/out', 'transforming_links', 'https://partner.example.com/offer?x=1');
  await insert('/limited', 'document', '<p>secret</p>', 'right-one');
});
afterAll(() => t.close());

const get = (url: string, token?: string) => call(t.app, 'GET', url, token);
async function page(url: string, token?: string): Promise<CustomPage> {
  const res = await get(url, token);
  expect(res.statusCode, res.body).toBe(200);
  return CustomPage.parse(res.json());
}

describe('GET /api/pages/{path}', () => {
  it('gives a landing page its landing ids, for a visitor and a member alike', async () => {
    for (const token of [undefined, v.member.token]) {
      expect(await page('/api/pages/summer-special', token)).toEqual({
        type: 'landing',
        title: 'Summer special',
        has_password: false,
        source: null,
        landing_de: 1,
        landing_en: 1,
      });
    }
  });

  it('gives a transforming link its target, on a path of several segments', async () => {
    expect(await page('/api/pages/go/join')).toMatchObject({ type: 'transforming_links', source: '/?utm_campaign=go-join#sign_up', landing_de: null });
    expect((await page('/api/pages/out')).source).toBe('https://partner.example.com/offer?x=1');
  });

  it('never hands out a transforming link to anything but a path or an http(s) URL', async () => {
    expect((await page('/api/pages/bad-link')).source).toBeNull();
  });

  it('gives a document its HTML', async () => {
    const press = await page('/api/pages/press');
    expect(press).toMatchObject({ type: 'document', title: 'Press', has_password: false });
    expect(press.source).toContain('<h1>Press</h1>');
  });

  it('sanitises a document: no scripts, handlers, javascript: links, foreign images, iframes or styles', async () => {
    const { source } = await page('/api/pages/unsafe');
    expect(source).toContain('<h1>Hi</h1>');
    expect(source).toContain('<a href="/ok" rel="noopener noreferrer">ok</a>');
    expect(source).toContain('<img src="/media/images/shoot/1/900x500.jpg" />');
    for (const bad of ['<script', 'alert', 'onclick', 'onerror', 'javascript:', 'tracker.test', '<iframe', '<style']) expect(source, bad).not.toContain(bad);
  });

  it('finds a page whatever the case of its path and with a trailing slash', async () => {
    expect((await page('/api/pages/PRESS')).title).toBe('Press');
    expect((await page('/api/pages/press/')).title).toBe('Press');
  });

  it('answers 404 for a path with no page', async () => {
    for (const url of ['/api/pages/nothing-here', '/api/pages/', `/api/pages/${'x'.repeat(600)}`, '/api/pages/contact_us']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
  });

  describe('with a password', () => {
    const inject = (password: string | undefined, ip: string) =>
      t.app.inject({ method: 'GET', url: '/api/pages/members-preview', query: password === undefined ? {} : { password }, remoteAddress: ip });

    it('is described without its source until the password is given', async () => {
      const res = await inject(undefined, '192.0.2.1');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.json()).toEqual({ type: 'document', title: 'Members preview', has_password: true, source: null, landing_de: null, landing_en: null });
      expect((await inject('', '192.0.2.1')).json().source).toBeNull();
    });

    it('answers a wrong password with 403 "Invalid password!"', async () => {
      const res = await inject('wrong', '192.0.2.2');
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: { code: 'INVALID_PASSWORD', message: INVALID_PAGE_PASSWORD } });
    });

    it('opens with the right password', async () => {
      const res = await inject(DEMO_PAGE_PASSWORD, '192.0.2.3');
      expect(res.statusCode).toBe(200);
      const opened = CustomPage.parse(res.json());
      expect(opened.has_password).toBe(true);
      expect(opened.source).toContain('Thank you for helping us test what comes next');
      expect(res.headers['cache-control']).toBe('private, no-store');
      // A member is asked for the password the same way.
      expect((await get(`/api/pages/members-preview?password=${DEMO_PAGE_PASSWORD}`, v.member.token)).json().source).toContain('Thank you for helping us test what comes next');
      expect((await get('/api/pages/members-preview', v.member.token)).json().source).toBeNull();
    });

    it(`refuses more than ${RATE_LIMITS.pagePasswordFailuresPerAddress.points} wrong passwords from one address (429), even the right one`, async () => {
      const ip = '192.0.2.4';
      const ask = (password: string) => t.app.inject({ method: 'GET', url: '/api/pages/limited', query: { password }, remoteAddress: ip });
      for (let i = 0; i < RATE_LIMITS.pagePasswordFailuresPerAddress.points; i++) expect((await ask(`guess-${i}`)).statusCode).toBe(403);
      const refused = await ask('right-one');
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
      // Another address still gets in.
      const other = await t.app.inject({ method: 'GET', url: '/api/pages/limited', query: { password: 'right-one' }, remoteAddress: '192.0.2.5' });
      expect(other.json().source).toBe('<p>secret</p>');
    });

    it('refuses an overlong password as bad input', async () => {
      expect((await inject('x'.repeat(201), '192.0.2.6')).statusCode).toBe(400);
    });
  });
});

describe('GET /api/pages/meta', () => {
  async function meta(url: string, lang?: string): Promise<PageMeta> {
    const res = await t.app.inject({ method: 'GET', url: '/api/pages/meta', query: { url, ...(lang ? { lang } : {}) } });
    expect(res.statusCode, res.body).toBe(200);
    return PageMeta.parse(res.json());
  }

  it('is not taken for a custom page by the /pages/* route', async () => {
    const res = await get('/api/pages/meta?url=/');
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(['canonical', 'description', 'keywords', 'robots', 'title']);
  });

  it('gives the home page the product name, a description and index', async () => {
    const home = await meta('/');
    expect(home.title.startsWith(`${PRODUCT_NAME} - `)).toBe(true);
    expect(home.description).toContain(PRODUCT_NAME);
    expect(home.keywords).toContain('videos');
    expect(home).toMatchObject({ robots: 'index, follow', canonical: 'http://localhost:8080/' });
  });

  it('names the section of an app route in the asked language, and keeps member areas out of search engines', async () => {
    expect(await meta('/videos?page=2&tags=1,2')).toMatchObject({ title: `${PRODUCT_NAME} - Videos`, robots: 'noindex, nofollow', canonical: 'http://localhost:8080/videos' });
    expect((await meta('/favourite-models', 'de')).title).toBe(`${PRODUCT_NAME} - Favoriten`);
    expect((await meta('/profile/12', 'fr')).title).toBe(`${PRODUCT_NAME} - Profil du modèle`);
    expect((await meta('/messages/someone/extra')).title).toBe(`${PRODUCT_NAME} - Messages`);
    const contact = await meta('/contact-us', 'fr');
    expect(contact).toMatchObject({ title: `${PRODUCT_NAME} - Contact`, robots: 'index, follow' });
    expect(contact.description).toMatch(/assistance/);
  });

  it('takes an absolute URL, dropping its query and hash', async () => {
    expect((await meta('http://localhost:8080/models?page=2#top')).canonical).toBe('http://localhost:8080/models');
  });

  it('gives a blog article its own title and excerpt; German under /lecker_blog', async () => {
    const en = await meta('/blog/a-day-on-set');
    expect(en).toMatchObject({ title: `${PRODUCT_NAME} - A day on set: how a shoot comes together`, robots: 'index, follow' });
    expect(en.description).toMatch(/first coffee/);
    const de = await meta('/lecker_blog/ein-tag-am-set');
    expect(de.title).toBe(`${PRODUCT_NAME} - Ein Tag am Set: So entsteht ein Shooting`);
    expect(de.keywords).toContain('Mitgliedschaft');
    expect((await meta('/blog/no-such-article')).robots).toBe('noindex, follow');
    expect((await meta('/blog')).title).toBe(`${PRODUCT_NAME} - Blog`);
  });

  it('gives a landing its title in the asked language', async () => {
    expect((await meta('/welcome/1', 'de')).title).toBe(`${PRODUCT_NAME} - Sommer auf ${PRODUCT_NAME}`);
    expect((await meta('/welcome/999')).robots).toBe('noindex, follow');
  });

  it('gives a custom page its stored meta, and never indexes a page behind a password', async () => {
    const press = await meta('/press');
    expect(press).toMatchObject({ title: `${PRODUCT_NAME} - Press`, robots: 'index, follow', canonical: 'http://localhost:8080/press' });
    expect(press.description).toMatch(/Press information/);
    expect((await meta('/members-preview')).robots).toBe('noindex, nofollow');
  });

  it('answers an unknown path with the defaults (200), not indexed', async () => {
    const unknown = await meta('/no/such/page');
    expect(unknown).toMatchObject({ robots: 'noindex, follow', canonical: 'http://localhost:8080/no/such/page' });
    expect(unknown.title.startsWith(PRODUCT_NAME)).toBe(true);
  });

  // Found by the fuzz run (decision 031): the path is decoded before it is looked up, and PostgreSQL refuses a NUL (500).
  it('answers a url whose path encodes a control character with the defaults (200), not a 500', async () => {
    for (const url of ['/%00', '/a%00b', '/blog/%00', '/welcome/%1B', 'http://localhost:8080/%7F']) {
      const res = await get(`/api/pages/meta?url=${encodeURIComponent(url)}`);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      expect(res.body).not.toMatch(/\\u00[01]|\\u007f/i);
    }
  });

  it('refuses a missing url, an overlong one and an unknown language (400)', async () => {
    expect((await get('/api/pages/meta')).statusCode).toBe(400);
    expect((await get(`/api/pages/meta?url=/${'x'.repeat(2100)}`)).statusCode).toBe(400);
    const res = await get('/api/pages/meta?url=/&lang=es');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('lang');
  });
});
