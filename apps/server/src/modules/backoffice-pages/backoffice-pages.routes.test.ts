import { BackofficeLandingList, BackofficePage, BackofficePageList, CustomPage, PageMeta, PathMeta, PathMetaDetail, PathMetaList, PRODUCT_NAME } from '@velora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asAdmin, asMember, asModel, asTeam, createLanding, loginAs, createUser, type LoggedIn } from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedContent } from '../../demo/seed-content';

// The back office's custom pages and page meta (decision record 076): admins write pages of the three types and the
// meta of any path; visitors see each save at their next request; every write is audited; bad input is a 400 naming
// the field, a lost race a 409.

let t: TestApp;
let admin: LoggedIn;
beforeAll(async () => {
  t = await buildTestApp();
  await seedContent(t.deps.db, { now: t.deps.now() });
  admin = await asAdmin(t);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const send = (who: LoggedIn | null, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: who?.headers ?? {}, ...(payload ? { payload } : {}) });
const visitor = (url: string) => send(null, 'GET', url);
const lastAudit = async (action: string) =>
  (await t.deps.db.query<{ actor_id: number; subject_type: string; subject_id: string; before: unknown; after: unknown; request: unknown }>(
    'SELECT actor_id, subject_type, subject_id, before, after, request FROM audit_log WHERE action = $1 ORDER BY id DESC LIMIT 1',
    [action],
  ))[0];

let paths = 0;
const newPath = () => `/bo-page-${++paths}`;
const documentPage = (over: Record<string, unknown> = {}) => ({
  path: newPath(),
  type: 'document',
  title: 'Opening hours',
  source: '<h2>Hours</h2><p>Every day</p>',
  landing_en: null,
  landing_de: null,
  published: true,
  ...over,
});
async function create(body: Record<string, unknown>): Promise<BackofficePage> {
  const res = await send(admin, 'POST', '/backoffice/pages', body);
  expect(res.statusCode, res.body).toBe(201);
  return BackofficePage.parse(res.json());
}

describe('creating and reading pages', () => {
  it('creates a document whose HTML is sanitised when stored, shown to visitors at once, and audited', async () => {
    const page = await create(documentPage({ source: '<p onclick="x()">Hi<script>alert(1)</script> <a href="javascript:y()">a</a></p>' }));
    expect(page).toMatchObject({ type: 'document', published: true, has_password: false, version: 1 });
    expect(page.source).toBe('<p>Hi <a rel="noopener noreferrer">a</a></p>');
    const shown = await visitor(`/pages${page.path}`);
    expect(shown.statusCode).toBe(200);
    expect(CustomPage.parse(shown.json())).toMatchObject({ type: 'document', title: 'Opening hours', source: page.source });
    expect(await lastAudit('backoffice.pages.create')).toMatchObject({ actor_id: admin.id, subject_type: 'page', subject_id: String(page.id), after: { path: page.path } });

    const list = BackofficePageList.parse((await send(admin, 'GET', '/backoffice/pages')).json());
    expect(list.pages.map((p) => p.path)).toContain(page.path);
    // The seeded pages are listed too, the protected one without its hash.
    const seeded = list.pages.find((p) => p.path === '/members-preview');
    expect(seeded).toMatchObject({ has_password: true });
    expect(JSON.stringify(list)).not.toContain('argon2');
  });

  it('keeps a password hashed: the page asks for it, the right one opens it, and neither the answer nor the audit holds it', async () => {
    const page = await create(documentPage({ password: 'open sesame' }));
    expect(page.has_password).toBe(true);
    const [stored] = await t.deps.db.query<{ password_hash: string }>('SELECT password_hash FROM pages WHERE id = $1', [page.id]);
    expect(stored?.password_hash).toMatch(/^\$argon2id\$/);
    expect(CustomPage.parse((await visitor(`/pages${page.path}`)).json())).toMatchObject({ has_password: true, source: null });
    expect((await visitor(`/pages${page.path}?password=wrong`)).statusCode).toBe(403);
    expect(CustomPage.parse((await visitor(`/pages${page.path}?password=${encodeURIComponent('open sesame')}`)).json()).source).toContain('Every day');
    const audit = await lastAudit('backoffice.pages.create');
    expect(JSON.stringify(audit)).not.toContain('open sesame');

    // Removing it opens the page to everyone.
    const res = await send(admin, 'PUT', `/backoffice/pages/${page.id}`, { ...documentPage({ path: page.path }), remove_password: true, version: page.version });
    expect(res.statusCode, res.body).toBe(200);
    expect(BackofficePage.parse(res.json()).has_password).toBe(false);
    expect(CustomPage.parse((await visitor(`/pages${page.path}`)).json()).source).toContain('Every day');
  });

  it('creates a transforming link to a path or an http(s) address, and a landing page naming existing landings', async () => {
    const link = await create({ ...documentPage(), type: 'transforming_links', source: 'https://partner.example.com/x?y=1' });
    expect(CustomPage.parse((await visitor(`/pages${link.path}`)).json()).source).toBe('https://partner.example.com/x?y=1');
    const landing = await createLanding(t, { isDefault: true, title: 'Autumn' });
    const page = await create({ ...documentPage(), type: 'landing', source: '<p>ignored</p>', landing_en: landing.id, landing_de: null });
    expect(page).toMatchObject({ source: null, landing_en: landing.id, landing_de: null });
    expect(CustomPage.parse((await visitor(`/pages${page.path}`)).json())).toMatchObject({ type: 'landing', landing_en: landing.id });
    const landings = BackofficeLandingList.parse((await send(admin, 'GET', '/backoffice/landings')).json());
    expect(landings.landings).toContainEqual({ id: landing.id, title: 'Autumn', languages: ['en'] });
    expect(landings.landings.find((l) => l.id === 1)?.languages).toEqual(['de', 'en', 'fr']);
  });
});

describe('refusals', () => {
  const refused = async (body: Record<string, unknown>, field: string, status = 400) => {
    const res = await send(admin, 'POST', '/backoffice/pages', body);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().error.fields, res.body).toHaveProperty(field);
  };

  it('refuses an unsafe link target, naming source', async () => {
    for (const source of ['javascript:alert(1)', '//evil.example.com/x', '/\\evil.example.com', 'data:text/html,hi', 'ftp://x.example.com', '', ' /padded', '/in\nside']) {
      await refused({ ...documentPage(), type: 'transforming_links', source }, 'source');
    }
  });

  it('refuses a document with no text, or with nothing left once unsafe markup is removed', async () => {
    await refused(documentPage({ source: '   ' }), 'source');
    await refused(documentPage({ source: '<script>alert(1)</script>' }), 'source');
  });

  it('refuses a landing page without a landing, or naming one that does not exist', async () => {
    await refused({ ...documentPage(), type: 'landing', landing_en: null, landing_de: null }, 'landing_en');
    await refused({ ...documentPage(), type: 'landing', landing_en: 1, landing_de: 987654 }, 'landing_de');
  });

  it('refuses a malformed path, a path of an app screen or of the site itself, and a path another page has (409)', async () => {
    for (const path of ['no-slash', '/trailing/', '/two//slashes', '/with space', '/ümlaut', `/${'a'.repeat(600)}`]) await refused(documentPage({ path }), 'path');
    for (const path of ['/', '/models', '/profile/12', '/backoffice/x', '/api/pages', '/blog/some-article']) await refused(documentPage({ path }), 'path');
    const first = await create(documentPage());
    await refused(documentPage({ path: first.path.toUpperCase() }), 'path', 409);
  });

  it('refuses a short password, and a password both set and removed', async () => {
    await refused(documentPage({ password: 'abc' }), 'password');
    await refused(documentPage({ password: 'long enough', remove_password: true }), 'password');
  });

  it('is for admins only: 403 for a plain team member, support, a moderator, a model and a member; 401 for a visitor', async () => {
    const page = await create(documentPage());
    const others = [await asTeam(t), await asTeam(t, { teamKinds: ['support'] }), await asTeam(t, { teamKinds: ['moderator'] }), await asModel(t), await asMember(t)];
    for (const who of others) {
      expect((await send(who, 'GET', '/backoffice/pages')).statusCode).toBe(403);
      expect((await send(who, 'POST', '/backoffice/pages', documentPage())).statusCode).toBe(403);
      expect((await send(who, 'DELETE', `/backoffice/pages/${page.id}`)).statusCode).toBe(403);
      expect((await send(who, 'PUT', '/backoffice/meta', { path: '/models', robots: null, texts: emptyTexts(), version: null })).statusCode).toBe(403);
    }
    expect((await send(null, 'GET', '/backoffice/pages')).statusCode).toBe(401);
    expect((await visitor(`/pages${page.path}`)).statusCode).toBe(200);
  });

  it('asks an admin without a fresh second factor to prove it first', async () => {
    const session = await loginAs(t, await createUser(t, { teamMember: true, teamKinds: ['admin'] }), { secondFactor: 'pending' });
    const res = await send(session, 'GET', '/backoffice/pages');
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toMatch(/^SECOND_FACTOR/);
  });
});

describe('editing, publishing and deleting', () => {
  it('saves a change that visitors see at once, and answers 409 to a save made from an older version', async () => {
    const page = await create(documentPage());
    const body = { ...documentPage({ path: page.path, title: 'New hours', source: '<p>Weekdays only</p>' }), version: page.version };
    const saved = await send(admin, 'PUT', `/backoffice/pages/${page.id}`, body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(BackofficePage.parse(saved.json())).toMatchObject({ title: 'New hours', version: 2 });
    expect(CustomPage.parse((await visitor(`/pages${page.path}`)).json())).toMatchObject({ title: 'New hours', source: '<p>Weekdays only</p>' });
    expect(await lastAudit('backoffice.pages.update')).toMatchObject({ subject_id: String(page.id), before: { title: 'Opening hours', version: 1 }, after: { title: 'New hours' } });

    const stale = await send(admin, 'PUT', `/backoffice/pages/${page.id}`, { ...body, title: 'Lost' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('PAGE_CHANGED');
    expect(BackofficePage.parse((await send(admin, 'GET', `/backoffice/pages/${page.id}`)).json()).title).toBe('New hours');
  });

  it('answers 409 PATH_TAKEN when a page is moved to the path of another, and changes nothing', async () => {
    const a = await create(documentPage());
    const b = await create(documentPage());
    const res = await send(admin, 'PUT', `/backoffice/pages/${b.id}`, { ...documentPage({ path: a.path }), version: b.version });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.fields).toHaveProperty('path');
    expect(BackofficePage.parse((await send(admin, 'GET', `/backoffice/pages/${b.id}`)).json())).toMatchObject({ path: b.path, version: 1 });
  });

  it('unpublishes a page: visitors get 404 and the site meta for its path; publishing brings it back', async () => {
    const page = await create(documentPage({ title: 'Draft' }));
    const off = await send(admin, 'PUT', `/backoffice/pages/${page.id}/published`, { published: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(BackofficePage.parse(off.json()).published).toBe(false);
    expect((await visitor(`/pages${page.path}`)).statusCode).toBe(404);
    expect(PageMeta.parse((await visitor(`/pages/meta?url=${page.path}`)).json()).robots).toBe('noindex, follow');
    expect(await lastAudit('backoffice.pages.publish')).toMatchObject({ subject_id: String(page.id), before: { published: true }, after: { published: false } });
    await send(admin, 'PUT', `/backoffice/pages/${page.id}/published`, { published: true });
    expect((await visitor(`/pages${page.path}`)).statusCode).toBe(200);
  });

  it('deletes a page (404 for it afterwards, and for a second delete), audited with the page as it was', async () => {
    const page = await create(documentPage());
    expect((await send(admin, 'DELETE', `/backoffice/pages/${page.id}`)).statusCode).toBe(204);
    expect((await visitor(`/pages${page.path}`)).statusCode).toBe(404);
    expect((await send(admin, 'GET', `/backoffice/pages/${page.id}`)).statusCode).toBe(404);
    expect((await send(admin, 'DELETE', `/backoffice/pages/${page.id}`)).statusCode).toBe(404);
    expect(await lastAudit('backoffice.pages.delete')).toMatchObject({ subject_type: 'page', subject_id: String(page.id), before: { path: page.path } });
  });

  it('answers 404 for an unknown page and 400 naming id for a malformed one', async () => {
    expect((await send(admin, 'GET', '/backoffice/pages/999999')).statusCode).toBe(404);
    expect((await send(admin, 'PUT', '/backoffice/pages/999999/published', { published: true })).statusCode).toBe(404);
    const bad = await send(admin, 'GET', '/backoffice/pages/99999999999');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('id');
  });
});

const emptyTexts = () => ({
  en: { title: '', description: '', keywords: '' },
  de: { title: '', description: '', keywords: '' },
  fr: { title: '', description: '', keywords: '' },
});

describe('page meta per path', () => {
  it('sets the meta of an app screen per language; the public meta shows it at once, empty fields keep the defaults', async () => {
    const before = PathMetaDetail.parse((await send(admin, 'GET', '/backoffice/meta/path?path=/models')).json());
    expect(before).toMatchObject({ path: '/models', override: null, robots_locked: false });
    expect(before.defaults.de.title).toBe(`${PRODUCT_NAME} - Models`);
    expect(before.defaults.fr.title).toBe(`${PRODUCT_NAME} - Modèles`);

    const texts = { ...emptyTexts(), en: { title: 'All our models', description: 'Every model of the site.', keywords: 'models, sets' }, de: { title: 'Alle Models', description: '', keywords: '' } };
    const res = await send(admin, 'PUT', '/backoffice/meta', { path: '/models', robots: 'index, follow', texts, version: null });
    expect(res.statusCode, res.body).toBe(200);
    const saved = PathMeta.parse(res.json());
    expect(saved).toMatchObject({ path: '/models', robots: 'index, follow', version: 1 });

    const en = PageMeta.parse((await visitor('/pages/meta?url=/models&lang=en')).json());
    expect(en).toMatchObject({ title: 'All our models', description: 'Every model of the site.', keywords: 'models, sets', robots: 'index, follow' });
    const de = PageMeta.parse((await visitor('/pages/meta?url=/MODELS&lang=de')).json());
    expect(de.title).toBe('Alle Models');
    expect(de.description).toBe(before.defaults.de.description);
    expect(PageMeta.parse((await visitor('/pages/meta?url=/models&lang=fr')).json()).title).toBe(before.defaults.fr.title);
    expect(await lastAudit('backoffice.meta.save')).toMatchObject({ actor_id: admin.id, subject_type: 'path', subject_id: '/models', before: null });

    const list = PathMetaList.parse((await send(admin, 'GET', '/backoffice/meta')).json());
    expect(list.items.map((m) => m.path)).toContain('/models');

    // A second "new" save of the same path lost a race: 409, nothing overwritten; with the version it saves.
    const raced = await send(admin, 'PUT', '/backoffice/meta', { path: '/models', robots: null, texts: emptyTexts(), version: null });
    expect(raced.statusCode).toBe(409);
    expect(raced.json().error.code).toBe('META_CHANGED');
    const again = await send(admin, 'PUT', '/backoffice/meta', { path: '/models', robots: 'noindex, nofollow', texts, version: 1 });
    expect(PathMeta.parse(again.json()).version).toBe(2);
    expect((await send(admin, 'PUT', '/backoffice/meta', { path: '/models', robots: null, texts, version: 1 })).statusCode).toBe(409);

    expect((await send(admin, 'DELETE', `/backoffice/meta/${saved.id}`)).statusCode).toBe(204);
    expect(PageMeta.parse((await visitor('/pages/meta?url=/models&lang=en')).json()).title).toBe(before.defaults.en.title);
    expect(await lastAudit('backoffice.meta.delete')).toMatchObject({ subject_type: 'path', subject_id: '/models', before: { robots: 'noindex, nofollow' } });
    expect((await send(admin, 'DELETE', `/backoffice/meta/${saved.id}`)).statusCode).toBe(404);
  });

  it('keeps a page behind a password out of search engines whatever robots says', async () => {
    const page = await create(documentPage({ password: 'secret-one' }));
    const detail = PathMetaDetail.parse((await send(admin, 'GET', `/backoffice/meta/path?path=${page.path}`)).json());
    expect(detail.robots_locked).toBe(true);
    await send(admin, 'PUT', '/backoffice/meta', { path: page.path, robots: 'index, follow', texts: { ...emptyTexts(), en: { title: 'Members only', description: '', keywords: '' } }, version: null });
    expect(PageMeta.parse((await visitor(`/pages/meta?url=${page.path}&lang=en`)).json())).toMatchObject({ title: 'Members only', robots: 'noindex, nofollow' });
  });

  it('refuses a robots value outside the list, a title too long, a control character and a malformed path, naming each', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ path: '/models', robots: 'index', texts: emptyTexts(), version: null }, 'robots'],
      [{ path: '/models', robots: null, texts: { ...emptyTexts(), en: { title: 'x'.repeat(121), description: '', keywords: '' } }, version: null }, 'texts.en.title'],
      [{ path: '/models', robots: null, texts: { ...emptyTexts(), fr: { title: '', description: 'a\u0000b', keywords: '' } }, version: null }, 'texts.fr.description'],
      [{ path: 'models', robots: null, texts: emptyTexts(), version: null }, 'path'],
      [{ path: '/models', robots: null, texts: { en: emptyTexts().en }, version: null }, 'texts.de'],
    ];
    for (const [body, field] of cases) {
      const res = await send(admin, 'PUT', '/backoffice/meta', body);
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.json().error.fields ?? {}), res.body).toContain(field);
    }
    expect((await send(admin, 'GET', '/backoffice/meta/path?path=nope')).statusCode).toBe(400);
    expect(PathMetaList.parse((await send(admin, 'GET', '/backoffice/meta')).json()).items.some((m) => m.robots === ('index' as never))).toBe(false);
  });
});
