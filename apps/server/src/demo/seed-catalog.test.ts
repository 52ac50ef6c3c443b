import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-app';
import { seedCatalog, type SeededCatalog } from './seed-catalog';

// The catalog parts of the demo seed that the catalog pages need: chapters and images, editors' picks, exact counters.

const NOW = new Date('2030-05-01T12:00:00Z');
const COUNTS = { models: 48, videos: 200, shoots: 60 };

let t: TestDatabase;
let seeded: SeededCatalog;
const count = async (sql: string, params: unknown[] = []) => (await t.db.query<{ n: number }>(`SELECT (${sql})::int AS n`, params))[0]!.n;

beforeAll(async () => {
  t = await createTestDatabase();
  seeded = await t.db.transaction((tx) => seedCatalog(tx, { ...COUNTS, now: NOW }));
});
afterAll(() => t.drop());

describe('seedCatalog: shoot chapters and images', () => {
  it('gives every shoot 1–3 chapters, each with 6–12 images', async () => {
    const perShoot = await t.db.query<{ chapters: number }>(
      'SELECT (SELECT count(*) FROM shoot_chapters c WHERE c.shoot_id = s.id)::int AS chapters FROM shoots s',
    );
    expect(perShoot).toHaveLength(COUNTS.shoots);
    expect(Math.min(...perShoot.map((s) => s.chapters))).toBeGreaterThanOrEqual(1);
    expect(Math.max(...perShoot.map((s) => s.chapters))).toBeLessThanOrEqual(3);
    const perChapter = await t.db.query<{ images: number }>(
      'SELECT (SELECT count(*) FROM shoot_images i WHERE i.chapter_id = c.id)::int AS images FROM shoot_chapters c',
    );
    expect(Math.min(...perChapter.map((c) => c.images))).toBeGreaterThanOrEqual(6);
    expect(Math.max(...perChapter.map((c) => c.images))).toBeLessThanOrEqual(12);
  });

  it('sizes images 1280x853 or, for about a third, 853x1280, and returns them', async () => {
    const sizes = await t.db.query<{ size: string; n: number }>(`SELECT width || 'x' || height AS size, count(*)::int AS n FROM shoot_images GROUP BY 1`);
    expect(sizes.map((s) => s.size).sort()).toEqual(['1280x853', '853x1280']);
    const total = sizes.reduce((a, s) => a + s.n, 0);
    const portrait = sizes.find((s) => s.size === '853x1280')!.n;
    expect(portrait / total).toBeGreaterThan(0.2);
    expect(portrait / total).toBeLessThan(0.45);
    expect(seeded.images).toHaveLength(total);
  });

  it('numbers positions within a chapter from 0 and names chapters plainly', async () => {
    expect(await count('SELECT count(*) FROM shoot_chapters c WHERE c.position <> (SELECT count(*) FROM shoot_chapters o WHERE o.shoot_id = c.shoot_id AND o.id < c.id)')).toBe(0);
    expect(await count(`SELECT count(*) FROM shoot_chapters WHERE title = ''`)).toBe(0);
    expect(await count('SELECT count(*) FROM (SELECT shoot_id, title FROM shoot_chapters GROUP BY 1, 2 HAVING count(*) > 1) d')).toBe(0);
  });
});

describe('seedCatalog: editors\' picks (our_favorites)', () => {
  it.each([
    ['models', 8],
    ['shoots', 8],
    ['videos', 12],
  ])('features %s %i, in the past', async (table, n) => {
    expect(await count(`SELECT count(*) FROM ${table} WHERE featured_at IS NOT NULL`)).toBe(n);
    expect(await count(`SELECT count(*) FROM ${table} WHERE featured_at > $1`, [NOW])).toBe(0);
  });
});

describe('seedCatalog: counters', () => {
  it('starts every video at zero comments, as there are none', async () => {
    expect(await count('SELECT count(*) FROM videos WHERE total_comments <> 0')).toBe(0);
  });

  it('seeds the same chapters and picks on every fresh database', async () => {
    const snapshot = async (db: TestDatabase['db']) => ({
      chapters: await db.query('SELECT id, shoot_id, title, position FROM shoot_chapters ORDER BY id'),
      images: await db.query('SELECT id, chapter_id, position, width, height FROM shoot_images ORDER BY id'),
      featured: await db.query(`SELECT 'm' AS k, id, featured_at FROM models WHERE featured_at IS NOT NULL UNION ALL
                                SELECT 's', id, featured_at FROM shoots WHERE featured_at IS NOT NULL UNION ALL
                                SELECT 'v', id, featured_at FROM videos WHERE featured_at IS NOT NULL ORDER BY 1, 2`),
    });
    const other = await createTestDatabase();
    try {
      await other.db.transaction((tx) => seedCatalog(tx, { ...COUNTS, now: NOW }));
      expect(await snapshot(other.db)).toEqual(await snapshot(t.db));
    } finally {
      await other.drop();
    }
  });
});
