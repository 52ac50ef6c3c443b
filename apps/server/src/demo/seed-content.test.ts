import { LANGUAGES } from '@velora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-app';
import { verifyPassword } from '../lib/password';
import { BLOG_CATEGORIES, BLOG_TOPICS } from './seed-content-blog';
import { DEMO_PAGE_PASSWORD, DEMO_PAGE_PATHS, seedContent } from './seed-content';

const NOW = new Date('2030-05-01T12:00:00Z');

let d: TestDatabase;
beforeAll(async () => {
  d = await createTestDatabase();
});
afterAll(() => d.drop());

describe('seedContent', () => {
  it('seeds landings 1 and 2 in every language, the demo pages and the blog; a second run adds nothing', async () => {
    const first = await seedContent(d.db, { now: NOW });
    expect(first).toEqual({ landings: 2 * LANGUAGES.length, pages: Object.keys(DEMO_PAGE_PATHS).length, articles: BLOG_TOPICS.length * LANGUAGES.length });
    expect(await seedContent(d.db, { now: NOW })).toEqual({ landings: 0, pages: 0, articles: 0 });
  });

  it('gives each landing one default language: English', async () => {
    const rows = await d.db.query<{ id: number; language: string }>('SELECT id, language FROM landings WHERE is_default ORDER BY id');
    expect(rows).toEqual([{ id: 1, language: 'en' }, { id: 2, language: 'en' }]);
  });

  it('protects the members preview with the documented password', async () => {
    const [page] = await d.db.query<{ password_hash: string }>('SELECT password_hash FROM pages WHERE path = $1', [DEMO_PAGE_PATHS.password]);
    expect(page!.password_hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(page!.password_hash, DEMO_PAGE_PASSWORD)).toBe(true);
  });

  it('writes every blog topic in English, German and French, each text its own, in one of three categories', async () => {
    expect(BLOG_CATEGORIES).toHaveLength(3);
    const slugs = new Set(BLOG_CATEGORIES.map((c) => c.slug));
    for (const topic of BLOG_TOPICS) {
      expect(slugs.has(topic.category), topic.topic).toBe(true);
      const titles = LANGUAGES.map((l) => topic.texts[l].title);
      expect(new Set(titles).size, topic.topic).toBe(3);
      for (const l of LANGUAGES) expect(topic.texts[l].alias, `${topic.topic} ${l}`).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
    const perCategory = await d.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM blog_articles WHERE language = 'en' GROUP BY category_id`);
    expect(perCategory.map((r) => r.n)).toEqual([3, 3, 3]);
  });

  it('publishes every article in the past', async () => {
    const [row] = await d.db.query<{ newest: Date }>('SELECT max(published_at) AS newest FROM blog_articles');
    expect(row!.newest.getTime()).toBeLessThan(NOW.getTime());
  });
});
