import { BlogArticle, BlogList, BoBlogArticle, BoBlogCategory, BoBlogCategoryList, BoBlogList } from '@velora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asAdmin, asMember, asModel, asTeam, asVisitor, asWriter, createBlogCategory, createBlogArticle, type LoggedIn, type Visitor } from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/test-app';

// The writer's screen (decision record 073): drafts, previewing what readers will get, publishing now or later,
// unpublishing, categories; the sanitising of what a writer types; stale saves, bad input and other roles refused.

const HOUR = 3_600_000;
let clock = new Date('2026-11-29T12:00:00Z');
let t: TestApp;
let categoryId: number;

beforeAll(async () => {
  t = await buildTestApp({ now: () => clock });
  categoryId = (await createBlogCategory(t, { slug: 'news', name: 'News' })).id;
});
afterAll(() => t.close());

const send = (who: LoggedIn | Visitor, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: who.headers, ...(payload ? { payload } : {}) });

let aliases = 0;
const fields = (overrides: Record<string, unknown> = {}) => {
  aliases += 1;
  return {
    title: `Article ${aliases}`,
    alias: `article-${aliases}`,
    language: 'en',
    category_id: categoryId,
    excerpt: 'A short summary.',
    body_markdown: '## Hello\n\nSome **bold** text.',
    cover_image: null,
    ...overrides,
  };
};

async function createDraft(who: LoggedIn, overrides: Record<string, unknown> = {}): Promise<BoBlogArticle> {
  const res = await send(who, 'POST', '/backoffice/blog/articles', fields(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return BoBlogArticle.parse(res.json());
}

const publicList = async (lang: string) => BlogList.parse((await send(asVisitor(), 'GET', `/blog?lang=${lang}`)).json());
const publicArticle = (alias: string, lang: string) => send(asVisitor(), 'GET', `/blog/${alias}?lang=${lang}`);

describe('writing a draft', () => {
  it('creates a draft from Markdown with the writer as author, rendered to HTML, hidden from readers, audited', async () => {
    const writer = await asWriter(t);
    const draft = await createDraft(writer, { language: 'de', alias: 'hallo-welt', title: 'Hallo Welt' });
    expect(draft).toMatchObject({
      alias: 'hallo-welt',
      language: 'de',
      status: 'draft',
      publish_at: null,
      version: 1,
      author: writer.user.username,
      category: { id: categoryId, name: 'News' },
      body_markdown: '## Hello\n\nSome **bold** text.',
      body_html: '<h2>Hello</h2>\n<p>Some <strong>bold</strong> text.</p>',
    });
    expect((await publicArticle('hallo-welt', 'de')).statusCode).toBe(404);
    expect((await publicList('de')).articles.map((a) => a.alias)).not.toContain('hallo-welt');
    const [entry] = await t.deps.db.query<{ actor_id: number; subject_type: string; subject_id: string }>(
      "SELECT actor_id, subject_type, subject_id FROM audit_log WHERE action = 'backoffice.blog.create' ORDER BY id DESC LIMIT 1",
    );
    expect(entry).toEqual({ actor_id: writer.id, subject_type: 'blog_article', subject_id: String(draft.id) });
  });

  it('never stores a script, an event handler or a javascript: link, in Markdown or in inline HTML', async () => {
    const writer = await asWriter(t);
    const body = [
      '# Title',
      '<script>alert(1)</script>',
      '[click](javascript:alert(2))',
      '<a href="JaVaScRiPt:alert(3)">x</a> <img src="x" onerror="alert(4)">',
      '<p onclick="alert(5)" style="color:red">styled</p>',
      '<iframe src="https://evil.example"></iframe>',
      '[ok](https://example.com)',
    ].join('\n\n');
    const draft = await createDraft(writer, { body_markdown: body });
    for (const bad of ['<script', 'alert', 'javascript', 'onerror', 'onclick', 'style=', '<iframe', 'evil.example']) expect(draft.body_html).not.toContain(bad);
    expect(draft.body_html).toContain('<h1>Title</h1>');
    expect(draft.body_html).toContain('<a href="https://example.com" rel="noopener noreferrer">ok</a>');
    // The Markdown is kept as typed, for the editor.
    expect(draft.body_markdown).toBe(body);
    const stored = await t.deps.db.query<{ body_html: string }>('SELECT body_html FROM blog_articles WHERE id = $1', [draft.id]);
    expect(stored[0]!.body_html).toBe(draft.body_html);

    // What a reader gets once it is published is the same clean HTML.
    await send(writer, 'POST', `/backoffice/blog/articles/${draft.id}/publish`, { version: 1 });
    const read = BlogArticle.parse((await publicArticle(draft.alias, 'en')).json());
    expect(read.body_html).toBe(draft.body_html);
  });

  it('lists drafts, scheduled and published articles, by language, status and part of the title or alias', async () => {
    const writer = await asWriter(t);
    const en = await createDraft(writer, { title: 'Zebra crossing tips' });
    const fr = await createDraft(writer, { title: 'Zebra : nos conseils', language: 'fr', alias: 'conseils-zebre' });
    await send(writer, 'POST', `/backoffice/blog/articles/${fr.id}/publish`, { version: 1, publish_at: Math.floor(clock.getTime() / 1000) + 3600 });
    const list = async (query: string) => BoBlogList.parse((await send(writer, 'GET', `/backoffice/blog/articles${query}`)).json());

    const zebra = await list('?q=ZEBRA');
    expect(zebra.articles.map((a) => [a.id, a.status])).toEqual([
      [fr.id, 'scheduled'],
      [en.id, 'draft'],
    ]);
    expect((await list('?q=zebre')).articles.map((a) => a.id)).toEqual([fr.id]);
    expect((await list('?q=zebra&lang=fr')).articles.map((a) => a.id)).toEqual([fr.id]);
    expect((await list('?q=zebra&status=draft')).articles.map((a) => a.id)).toEqual([en.id]);
    expect((await list('?q=100%25')).total).toBe(0);
    const all = await list('');
    expect(all.total).toBeGreaterThanOrEqual(2);
    expect(all.per_page).toBe(20);
  });
});

describe('publishing', () => {
  it('publishes now: the article appears on /blog and its page in its language only', async () => {
    const writer = await asWriter(t);
    const draft = await createDraft(writer, { language: 'de', alias: 'jetzt-live', title: 'Jetzt live' });
    const res = await send(writer, 'POST', `/backoffice/blog/articles/${draft.id}/publish`, { version: draft.version });
    expect(res.statusCode, res.body).toBe(200);
    expect(BoBlogArticle.parse(res.json())).toMatchObject({ status: 'published', publish_at: Math.floor(clock.getTime() / 1000), version: 2 });
    expect((await publicList('de')).articles.map((a) => a.alias)).toContain('jetzt-live');
    expect((await publicList('en')).articles.map((a) => a.alias)).not.toContain('jetzt-live');
    const article = BlogArticle.parse((await publicArticle('jetzt-live', 'de')).json());
    expect(article).toMatchObject({ title: 'Jetzt live', language: 'de', body_html: draft.body_html, author: writer.user.username });
  });

  it('schedules: readers see the article only from its time on', async () => {
    const writer = await asWriter(t);
    const draft = await createDraft(writer, { alias: 'later-on' });
    const at = Math.floor(clock.getTime() / 1000) + 3600;
    const res = await send(writer, 'POST', `/backoffice/blog/articles/${draft.id}/publish`, { version: 1, publish_at: at });
    expect(BoBlogArticle.parse(res.json())).toMatchObject({ status: 'scheduled', publish_at: at });
    expect((await publicArticle('later-on', 'en')).statusCode).toBe(404);
    const start = clock;
    try {
      clock = new Date(start.getTime() + 2 * HOUR);
      expect((await publicArticle('later-on', 'en')).statusCode).toBe(200);
      expect((await publicList('en')).articles.map((a) => a.alias)).toContain('later-on');
      expect(BoBlogArticle.parse((await send(writer, 'GET', `/backoffice/blog/articles/${draft.id}`)).json()).status).toBe('published');
    } finally {
      clock = start;
    }
  });

  it('unpublishes: the article leaves /blog and is a draft again', async () => {
    const writer = await asWriter(t);
    const draft = await createDraft(writer, { alias: 'gone-again' });
    await send(writer, 'POST', `/backoffice/blog/articles/${draft.id}/publish`, { version: 1 });
    expect((await publicArticle('gone-again', 'en')).statusCode).toBe(200);
    const res = await send(writer, 'POST', `/backoffice/blog/articles/${draft.id}/unpublish`, { version: 2 });
    expect(BoBlogArticle.parse(res.json())).toMatchObject({ status: 'draft', publish_at: null, version: 3 });
    expect((await publicArticle('gone-again', 'en')).statusCode).toBe(404);
  });

  it('refuses a scheduled time that is not ahead (400 naming publish_at) and an article without a body (409)', async () => {
    const writer = await asWriter(t);
    const draft = await createDraft(writer, { body_markdown: '   ' });
    const past = await send(writer, 'POST', `/backoffice/blog/articles/${draft.id}/publish`, { version: 1, publish_at: Math.floor(clock.getTime() / 1000) - 60 });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.fields).toHaveProperty('publish_at');
    const empty = await send(writer, 'POST', `/backoffice/blog/articles/${draft.id}/publish`, { version: 1 });
    expect(empty.statusCode).toBe(409);
    expect(empty.json().error.code).toBe('EMPTY_ARTICLE');
    expect(BoBlogArticle.parse((await send(writer, 'GET', `/backoffice/blog/articles/${draft.id}`)).json())).toMatchObject({ status: 'draft', version: 1 });
  });
});

describe('saving', () => {
  it('saves a published article: readers get the new text at once', async () => {
    const writer = await asWriter(t);
    const draft = await createDraft(writer, { alias: 'live-edit' });
    await send(writer, 'POST', `/backoffice/blog/articles/${draft.id}/publish`, { version: 1 });
    const res = await send(writer, 'PUT', `/backoffice/blog/articles/${draft.id}`, { ...fields({ alias: 'live-edit', body_markdown: 'Fixed *typo*.' }), version: 2 });
    expect(res.statusCode, res.body).toBe(200);
    expect(BoBlogArticle.parse(res.json())).toMatchObject({ status: 'published', version: 3, body_html: '<p>Fixed <em>typo</em>.</p>' });
    expect(BlogArticle.parse((await publicArticle('live-edit', 'en')).json()).body_html).toBe('<p>Fixed <em>typo</em>.</p>');
  });

  it('answers 409 STALE_VERSION to the second save of one version, keeping the first save', async () => {
    const writer = await asWriter(t);
    const other = await asAdmin(t);
    const draft = await createDraft(writer, { alias: 'two-editors' });
    const first = await send(writer, 'PUT', `/backoffice/blog/articles/${draft.id}`, { ...fields({ alias: 'two-editors', title: 'First' }), version: 1 });
    expect(first.statusCode).toBe(200);
    const second = await send(other, 'PUT', `/backoffice/blog/articles/${draft.id}`, { ...fields({ alias: 'two-editors', title: 'Second' }), version: 1 });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.code).toBe('STALE_VERSION');
    expect((await send(other, 'POST', `/backoffice/blog/articles/${draft.id}/publish`, { version: 1 })).statusCode).toBe(409);
    expect(BoBlogArticle.parse((await send(writer, 'GET', `/backoffice/blog/articles/${draft.id}`)).json())).toMatchObject({ title: 'First', version: 2, status: 'draft' });
  });

  it('lets exactly one of two parallel saves of one version win', async () => {
    const writer = await asWriter(t);
    const draft = await createDraft(writer, { alias: 'race' });
    const results = await Promise.all(
      ['A', 'B'].map((title) => send(writer, 'PUT', `/backoffice/blog/articles/${draft.id}`, { ...fields({ alias: 'race', title }), version: 1 })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(BoBlogArticle.parse((await send(writer, 'GET', `/backoffice/blog/articles/${draft.id}`)).json()).version).toBe(2);
  });

  it('answers 409 ALIAS_TAKEN for an alias the language has, and allows it in another language', async () => {
    const writer = await asWriter(t);
    await createBlogArticle(t, { alias: 'taken-alias', language: 'en', categoryId });
    const res = await send(writer, 'POST', '/backoffice/blog/articles', fields({ alias: 'taken-alias' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'ALIAS_TAKEN', fields: { alias: expect.any(String) } });
    const draft = await createDraft(writer, { alias: 'elsewhere' });
    const save = await send(writer, 'PUT', `/backoffice/blog/articles/${draft.id}`, { ...fields({ alias: 'taken-alias' }), version: 1 });
    expect(save.statusCode).toBe(409);
    expect((await createDraft(writer, { alias: 'taken-alias', language: 'fr' })).alias).toBe('taken-alias');
  });

  it('refuses bad input with a 400 naming the field, and writes nothing', async () => {
    const writer = await asWriter(t);
    const count = async () => (await t.deps.db.query<{ n: number }>('SELECT count(*)::int AS n FROM blog_articles'))[0]!.n;
    const before = await count();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ alias: 'Not An Alias' }, 'alias'],
      [{ title: '' }, 'title'],
      [{ language: 'es' }, 'language'],
      [{ category_id: 999_999 }, 'category_id'],
      [{ cover_image: 'shoot:999999' }, 'cover_image'],
      [{ cover_image: 'https://evil.example/x.jpg' }, 'cover_image'],
      [{ body_markdown: 'x'.repeat(100_001) }, 'body_markdown'],
      [{ body_markdown: 'bad \u0000 byte' }, 'body_markdown'],
    ];
    for (const [override, field] of cases) {
      const res = await send(writer, 'POST', '/backoffice/blog/articles', fields(override));
      expect(res.statusCode, field).toBe(400);
      expect(Object.keys(res.json().error.fields ?? {}), field).toContain(field);
    }
    expect(await count()).toBe(before);
    expect((await send(writer, 'GET', '/backoffice/blog/articles/999999')).statusCode).toBe(404);
    expect((await send(writer, 'GET', '/backoffice/blog/articles/2147483648')).statusCode).toBe(400);
  });
});

describe('categories', () => {
  it('creates a category after the others, renames it in every language, and refuses a taken slug', async () => {
    const writer = await asWriter(t);
    const res = await send(writer, 'POST', '/backoffice/blog/categories', { slug: 'interviews', name_en: 'Interviews', name_de: 'Interviews', name_fr: 'Entretiens' });
    expect(res.statusCode, res.body).toBe(201);
    const created = BoBlogCategory.parse(res.json());
    expect(created).toMatchObject({ slug: 'interviews', names: { fr: 'Entretiens' }, articles: 0 });
    const renamed = await send(writer, 'PUT', `/backoffice/blog/categories/${created.id}`, { name_en: 'Talks', name_de: 'Gespräche', name_fr: 'Entretiens' });
    expect(BoBlogCategory.parse(renamed.json())).toMatchObject({ slug: 'interviews', names: { en: 'Talks', de: 'Gespräche' } });
    const list = BoBlogCategoryList.parse((await send(writer, 'GET', '/backoffice/blog/categories')).json());
    expect(list.categories.at(-1)).toMatchObject({ id: created.id, names: { de: 'Gespräche' } });
    // Readers see the new names in their language.
    const draft = await createDraft(writer, { category_id: created.id, language: 'de', alias: 'ein-gespraech' });
    await send(writer, 'POST', `/backoffice/blog/articles/${draft.id}/publish`, { version: 1 });
    expect(BlogArticle.parse((await publicArticle('ein-gespraech', 'de')).json()).category.name).toBe('Gespräche');

    const taken = await send(writer, 'POST', '/backoffice/blog/categories', { slug: 'interviews', name_en: 'X', name_de: 'X', name_fr: 'X' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('SLUG_TAKEN');
    expect((await send(writer, 'PUT', '/backoffice/blog/categories/999999', { name_en: 'X', name_de: 'X', name_fr: 'X' })).statusCode).toBe(404);
    const bad = await send(writer, 'POST', '/backoffice/blog/categories', { slug: 'Bad Slug', name_en: '', name_de: 'X', name_fr: 'X' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(expect.arrayContaining(['slug', 'name_en']));
  });
});

describe('who may write', () => {
  it('is writers and admins: 403 for a member, a model and a team member of another kind, 401 for a visitor', async () => {
    const admin = await asAdmin(t);
    expect((await send(admin, 'GET', '/backoffice/blog/articles')).statusCode).toBe(200);
    await createDraft(admin);
    for (const who of [await asMember(t), await asModel(t), await asTeam(t, { teamKinds: ['support'] })]) {
      expect((await send(who, 'GET', '/backoffice/blog/articles')).statusCode).toBe(403);
      expect((await send(who, 'POST', '/backoffice/blog/articles', fields())).statusCode).toBe(403);
      expect((await send(who, 'POST', '/backoffice/blog/categories', { slug: 'nope', name_en: 'X', name_de: 'X', name_fr: 'X' })).statusCode).toBe(403);
    }
    expect((await send(asVisitor(), 'GET', '/backoffice/blog/articles')).statusCode).toBe(401);
  });

  it('asks a writer without a proven second factor for one (403 SECOND_FACTOR_REQUIRED)', async () => {
    const writer = await asMember(t, { roles: ['writer'] }, { secondFactor: 'pending' });
    const res = await send(writer, 'GET', '/backoffice/blog/articles');
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().error.code).toBe('SECOND_FACTOR_REQUIRED');
  });
});
