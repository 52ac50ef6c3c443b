import { Landing } from '@velora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createViewers, insertCatalog, isPlaceholder, type Viewers } from '../../../test/catalog-fixture';
import { createLanding } from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedContent } from '../../demo/seed-content';

let t: TestApp;
let v: Viewers;

beforeAll(async () => {
  t = await buildTestApp();
  v = await createViewers(t);
  await insertCatalog(t, t.deps.now().getTime());
  await seedContent(t.deps.db, { now: t.deps.now() });
  // A landing that exists only in German (its default), with HTML that must not reach a browser as it is.
  await createLanding(t, {
    id: 7, language: 'de', isDefault: true, title: 'Nur Deutsch', subtitle: '',
    bodyHtml: '<p>Hallo</p><script>alert(1)</script><a href="javascript:x()" onclick="y()">Link</a>',
  });
});
afterAll(() => t.close());

async function landing(url: string, token?: string): Promise<Landing> {
  const res = await call(t.app, 'GET', url, token);
  expect(res.statusCode, res.body).toBe(200);
  return Landing.parse(res.json());
}

describe('GET /api/landings/{id}', () => {
  it('gives the landing in English by default, to a visitor and a member', async () => {
    for (const token of [undefined, v.member.token]) {
      const l = await landing('/api/landings/1', token);
      expect(l).toMatchObject({ id: 1, language: 'en', default: true, title: 'Summer on Velora', cta: { label: 'Join now', url: '/#sign_up' } });
      expect(l.body_html).toContain('<ul>');
      expect(l.hero_image).toMatch(/\/media\/images\/shoot\/\d+\/1280x720\.jpg$/);
    }
  });

  it('gives the asked language', async () => {
    expect(await landing('/api/landings/1?lang=de')).toMatchObject({ language: 'de', default: false, title: 'Sommer auf Velora', cta: { label: 'Jetzt beitreten' } });
    expect(await landing('/api/landings/2?lang=fr')).toMatchObject({ language: 'fr', title: 'Bienvenue sur Velora' });
  });

  it('falls back to the default language when the landing has none in the asked one, and sanitises its HTML', async () => {
    const l = await landing('/api/landings/7?lang=fr');
    expect(l).toMatchObject({ id: 7, language: 'de', default: true, title: 'Nur Deutsch', hero_image: null, cta: null });
    expect(l.body_html).toBe('<p>Hallo</p><a rel="noopener noreferrer">Link</a>');
  });

  it('shows a restricted viewer the placeholder picture', async () => {
    expect(isPlaceholder((await landing('/api/landings/1', v.censored.token)).hero_image!)).toBe(true);
  });

  it('answers 404 for an unknown id and 400 for a malformed id or language', async () => {
    expect((await call(t.app, 'GET', '/api/landings/999')).statusCode).toBe(404);
    // Past the largest database id nothing can exist: 404, not a database error.
    expect((await call(t.app, 'GET', '/api/landings/99999999999')).statusCode).toBe(404);
    expect((await call(t.app, 'GET', '/api/landings/abc')).statusCode).toBe(400);
    const res = await call(t.app, 'GET', '/api/landings/1?lang=es');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('lang');
  });
});
