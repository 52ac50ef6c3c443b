import { BLOG_ARTICLES_PER_PAGE, BlogArticle, BlogList } from '@velora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createViewers, insertCatalog, isPlaceholder, type Viewers } from '../../../test/catalog-fixture';
import { createBlogArticle } from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedContent } from '../../demo/seed-content';
import { BLOG_TOPICS } from '../../demo/seed-content-blog';

const DAY = 86_400_000;

let t: TestApp;
let v: Viewers;

beforeAll(async () => {
  t = await buildTestApp();
  v = await createViewers(t);
  await insertCatalog(t, t.deps.now().getTime());
  await seedContent(t.deps.db, { now: t.deps.now() });
  const [category] = await t.deps.db.query<{ id: number }>(`SELECT id FROM blog_categories WHERE slug = 'platform'`);
  const insert = (alias: string, title: string, bodyHtml: string, publishedAt: Date) =>
    createBlogArticle(t, { alias, language: 'en', title, bodyHtml, categoryId: category!.id, publishedAt });
  // Scheduled for tomorrow: not shown yet. And an old article with HTML that must be cleaned, and a title with wildcards.
  await insert('scheduled', 'Coming soon: 100% new', '<p>later</p>', new Date(t.deps.now().getTime() + DAY));
  await insert('unsafe-body', 'Old_news with 100% markup', '<p>ok</p><script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">x</a>', new Date(t.deps.now().getTime() - 400 * DAY));
});
afterAll(() => t.close());

async function list(query: string, token?: string): Promise<BlogList> {
  const res = await call(t.app, 'GET', `/api/blog${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return BlogList.parse(res.json());
}
async function article(url: string, token?: string): Promise<BlogArticle> {
  const res = await call(t.app, 'GET', url, token);
  expect(res.statusCode, res.body).toBe(200);
  return BlogArticle.parse(res.json());
}

describe('GET /api/blog', () => {
  it('pages published English articles, newest first, with every category, for a visitor and a member', async () => {
    for (const token of [undefined, v.member.token]) {
      const first = await list('', token);
      expect(first).toMatchObject({ total: 10, per_page: BLOG_ARTICLES_PER_PAGE, pages: 2, params: { lang: 'en', title: null, category: null, page: 1 } });
      expect(first.articles).toHaveLength(BLOG_ARTICLES_PER_PAGE);
      expect(first.articles[0]).toMatchObject({ alias: 'a-day-on-set', language: 'en', category: { slug: 'behind-the-scenes', name: 'Behind the scenes' } });
      const dates = first.articles.map((a) => a.published_at);
      expect(dates).toEqual([...dates].sort((a, b) => b - a));
      expect(first.categories.map((c) => c.slug)).toEqual(['behind-the-scenes', 'photography', 'platform']);
      expect(first.articles[0]!.cover).toMatch(/\/media\/images\/shoot\/\d+\/900x500\.jpg$/);
      expect(first.articles[0]!.cover_small).toMatch(/370x206\.jpg$/);
    }
    const second = await list('?page=2');
    expect(second.articles.map((a) => a.alias)).toContain('unsafe-body');
    expect((await list('?page=0')).params.page).toBe(1);
    expect((await list('?page=99')).articles).toEqual([]);
  });

  it('never lists an article scheduled for later', async () => {
    const all = [...(await list('')).articles, ...(await list('?page=2')).articles];
    expect(all.map((a) => a.alias)).not.toContain('scheduled');
    expect((await list('?title=coming')).total).toBe(0);
  });

  it('lists German and French articles with category names in that language', async () => {
    const de = await list('?lang=de');
    expect(de.total).toBe(BLOG_TOPICS.length);
    expect(de.articles[0]).toMatchObject({ alias: 'ein-tag-am-set', language: 'de', title: 'Ein Tag am Set: So entsteht ein Shooting', category: { name: 'Hinter den Kulissen' } });
    expect(de.categories.map((c) => c.name)).toEqual(['Hinter den Kulissen', 'Fotografie', 'Plattform-News']);
    const fr = await list('?lang=fr');
    expect(fr.articles[0]).toMatchObject({ language: 'fr', category: { name: 'Dans les coulisses' } });
  });

  it('filters by part of the title, in any case, taking % and _ literally', async () => {
    expect((await list('?title=natural LIGHT')).articles.map((a) => a.alias)).toEqual(['working-with-natural-light']);
    expect((await list('?lang=de&title=licht')).articles.map((a) => a.alias)).toEqual(['mit-natuerlichem-licht-arbeiten']);
    expect((await list(`?title=${encodeURIComponent('100%')}`)).articles.map((a) => a.alias)).toEqual(['unsafe-body']);
    expect((await list('?title=Old_news')).total).toBe(1);
    expect((await list('?title=old_')).total).toBe(1);
    expect((await list('?title=%25%25%25')).total).toBe(0);
    expect((await list('?title=zzz-nothing')).total).toBe(0);
    expect((await list('?title=')).params.title).toBeNull();
  });

  it('filters by category slug or id, and finds nothing for an unknown one', async () => {
    const photography = await list('?category=photography');
    expect(photography.total).toBe(3);
    expect(new Set(photography.articles.map((a) => a.category.slug))).toEqual(new Set(['photography']));
    const id = photography.categories.find((c) => c.slug === 'photography')!.id;
    expect((await list(`?category=${id}`)).total).toBe(3);
    expect((await list('?category=photography&title=lens')).articles.map((a) => a.alias)).toEqual(['choosing-a-lens-for-portraits']);
    expect((await list('?category=nope')).total).toBe(0);
  });

  it('shows a restricted viewer placeholder covers', async () => {
    const [first] = (await list('', v.censored.token)).articles;
    expect(isPlaceholder(first!.cover!)).toBe(true);
  });

  it('refuses an unknown language, an overlong title and a bad page (400)', async () => {
    for (const query of ['?lang=es', `?title=${'x'.repeat(101)}`, '?page=two', `?category=${'c'.repeat(65)}`]) {
      const res = await call(t.app, 'GET', `/api/blog${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
  });
});

describe('GET /api/blog/{alias}', () => {
  it('gives an article with its body and its translations', async () => {
    for (const token of [undefined, v.member.token]) {
      const a = await article('/api/blog/a-day-on-set', token);
      expect(a).toMatchObject({ alias: 'a-day-on-set', language: 'en', author: 'Mara Lindqvist', category: { slug: 'behind-the-scenes' } });
      expect(a.body_html).toContain('<h2>The plan is the backbone</h2>');
      expect(a.translations).toEqual([
        { language: 'de', alias: 'ein-tag-am-set' },
        { language: 'fr', alias: 'une-journee-sur-le-plateau' },
      ]);
    }
  });

  it('gives the German article under its own alias', async () => {
    const de = await article('/api/blog/ein-tag-am-set?lang=de');
    expect(de).toMatchObject({ language: 'de', title: 'Ein Tag am Set: So entsteht ein Shooting', category: { name: 'Hinter den Kulissen' } });
    expect(de.translations.map((x) => x.language)).toEqual(['en', 'fr']);
    // Without lang, the alias is looked up in every language.
    expect((await article('/api/blog/ein-tag-am-set')).language).toBe('de');
  });

  it('sanitises the body', async () => {
    const a = await article('/api/blog/unsafe-body');
    expect(a.body_html).toBe('<p>ok</p><a rel="noopener noreferrer">x</a>');
    expect(a.translations).toEqual([]);
  });

  it('answers 404 for an unknown alias, an alias in another language, and an article scheduled for later', async () => {
    for (const url of ['/api/blog/nope', '/api/blog/a-day-on-set?lang=de', '/api/blog/scheduled']) {
      const res = await call(t.app, 'GET', url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
    // Fastify's router refuses a path segment over 100 characters itself.
    expect((await call(t.app, 'GET', `/api/blog/${'a'.repeat(101)}`)).statusCode).toBe(414);
    expect((await call(t.app, 'GET', '/api/blog/a-day-on-set?lang=xx')).statusCode).toBe(400);
  });
});
