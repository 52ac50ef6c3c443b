import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { FEATURE_NAMES, TRAILER_TAG_NAME } from '@velora/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createUser, setFeature } from '../../test/factories';
import { buildTestApp, createTestDatabase, type TestApp } from '../../test/test-app';
import { findFfmpeg, probeMedia, renderLavfiClip } from '../lib/ffmpeg';
import type { Platform } from '../platform';
import type { Config } from '../config';
import { seedCatalog } from './seed-catalog';
import { DEMO_COUNTS, seedDemoIfWanted } from './seed-demo';
import { renderSeedOriginal, seedImageSvg } from './seed-images';
import { DEMO_CLIPS } from './seed-media';

const NOW = new Date('2030-05-01T12:00:00Z');

const count = async (deps: Pick<Platform, 'db'>, sql: string) => (await deps.db.query<{ n: number }>(`SELECT (${sql})::int AS n`))[0]!.n;

function withConfig(t: TestApp, config: Partial<Config>): Pick<Platform, 'config' | 'db' | 'now'> {
  return { db: t.deps.db, now: () => NOW, config: { ...t.deps.config, ...config } };
}

describe('seedDemoIfWanted on an empty database', () => {
  let t: TestApp;
  const logs: string[] = [];
  let seeded: boolean;
  beforeAll(async () => {
    t = await buildTestApp();
    seeded = await seedDemoIfWanted(withConfig(t, {}), t.services, (m) => logs.push(m));
  });
  afterAll(() => t.close());

  it('seeds and says so', () => {
    expect(seeded).toBe(true);
    expect(logs.join('\n')).toMatch(/Demo content seeded: \d+ models, 200 videos, 60 shoots/);
  });

  it('seeds the catalog counts of the demo', async () => {
    expect(await count(t.deps, 'SELECT count(*) FROM models')).toBeGreaterThanOrEqual(40);
    expect(await count(t.deps, 'SELECT count(*) FROM videos')).toBe(DEMO_COUNTS.videos);
    expect(await count(t.deps, 'SELECT count(*) FROM shoots')).toBe(60);
    const tags = await count(t.deps, 'SELECT count(*) FROM tags');
    expect(tags).toBeGreaterThanOrEqual(25);
    expect(tags).toBeLessThanOrEqual(35);
    expect(await count(t.deps, 'SELECT count(DISTINCT name_en) FROM models')).toBe(await count(t.deps, 'SELECT count(*) FROM models'));
  });

  it('has exactly one tag named Trailer, on roughly 15% of the videos', async () => {
    expect(await count(t.deps, `SELECT count(*) FROM tags WHERE name_en = '${TRAILER_TAG_NAME}'`)).toBe(1);
    const trailers = await count(t.deps, `SELECT count(*) FROM video_tags vt JOIN tags t ON t.id = vt.tag_id WHERE t.name_en = 'Trailer'`);
    expect(trailers).toBeGreaterThanOrEqual(20);
    expect(trailers).toBeLessThanOrEqual(40);
  });

  it('gives every tag a German and a French name', async () => {
    expect(await count(t.deps, `SELECT count(*) FROM tags WHERE name_de = '' OR name_fr = ''`)).toBe(0);
  });

  it('gives each video 1–4 tags and 1–2 models, and each shoot a model and a few videos', async () => {
    const perVideo = await t.deps.db.query<{ tags: number; models: number }>(
      `SELECT (SELECT count(*) FROM video_tags vt WHERE vt.video_id = v.id)::int AS tags,
              (SELECT count(*) FROM video_models vm WHERE vm.video_id = v.id)::int AS models
         FROM videos v`,
    );
    for (const v of perVideo) {
      expect(v.tags).toBeGreaterThanOrEqual(1);
      expect(v.tags).toBeLessThanOrEqual(4);
      expect(v.models).toBeGreaterThanOrEqual(1);
      expect(v.models).toBeLessThanOrEqual(2);
    }
    expect(await count(t.deps, 'SELECT count(*) FROM shoots s WHERE NOT EXISTS (SELECT 1 FROM shoot_videos sv WHERE sv.shoot_id = s.id)')).toBe(0);
  });

  it('publishes videos over the last two years, never in the future', async () => {
    const [range] = await t.deps.db.query<{ oldest: Date; newest: Date }>('SELECT min(published_at) AS oldest, max(published_at) AS newest FROM videos');
    expect(range!.newest.getTime()).toBeLessThanOrEqual(NOW.getTime());
    expect(range!.oldest.getTime()).toBeGreaterThanOrEqual(NOW.getTime() - 731 * 86_400_000);
  });

  it('sets every feature flag: french, trailer and freechat on, the rest (landing_redirect included) off', async () => {
    const rows = await t.deps.db.query<{ name: string; is_active: boolean }>('SELECT name, is_active FROM features');
    const flags = Object.fromEntries(rows.map((r) => [r.name, r.is_active]));
    for (const name of FEATURE_NAMES) expect(flags[name], name).toBe(name === 'french' || name === 'trailer' || name === 'freechat');
  });

  it('creates the demo accounts, the model account tied to the first model', async () => {
    expect(await count(t.deps, `SELECT count(*) FROM users WHERE username = 'member'`)).toBe(1);
    expect(await count(t.deps, `SELECT count(*) FROM users WHERE username = 'model' AND model_id = (SELECT min(id) FROM models)`)).toBe(1);
  });

  it('queues the demo clips for transcoding and gives every video one of the regular clips, round-robin', async () => {
    const assets = await t.deps.db.query<{ id: number; kind: string; status: string }>('SELECT id, kind, status FROM media_assets ORDER BY id');
    expect(assets.map((a) => a.kind)).toEqual(DEMO_CLIPS.map((c) => c.kind));
    expect(assets.every((a) => a.status === 'pending')).toBe(true);
    const regular = assets.filter((a) => a.kind === 'video').map((a) => a.id);
    const links = await t.deps.db.query<{ media_asset_id: number | null; n: number }>(
      'SELECT media_asset_id, count(*)::int AS n FROM videos GROUP BY media_asset_id ORDER BY media_asset_id',
    );
    expect(links.map((l) => l.media_asset_id)).toEqual(regular);
    expect(links.map((l) => l.n)).toEqual(regular.map(() => DEMO_COUNTS.videos / regular.length));
  });

  it('gives every video the length of the clip it plays as its duration', async () => {
    const rows = await t.deps.db.query<{ duration: number; source_name: string }>(
      'SELECT v.duration, m.source_name FROM videos v JOIN media_assets m ON m.id = v.media_asset_id',
    );
    expect(rows).toHaveLength(DEMO_COUNTS.videos);
    for (const row of rows) expect(row.duration, row.source_name).toBe(DEMO_CLIPS.find((c) => c.sourceName === row.source_name)!.seconds);
  });

  it('does nothing on a second call', async () => {
    const before = await count(t.deps, 'SELECT count(*) FROM videos');
    const again: string[] = [];
    expect(await seedDemoIfWanted(withConfig(t, {}), t.services, (m) => again.push(m))).toBe(false);
    expect(again).toEqual(['Demo content not seeded: the database already holds users or videos']);
    expect(await count(t.deps, 'SELECT count(*) FROM videos')).toBe(before);
  });
});

describe('when seedDemoIfWanted seeds', () => {
  let shared: TestApp;
  beforeAll(async () => {
    shared = await buildTestApp();
  });
  afterAll(() => shared.close());
  const apps: TestApp[] = [];
  const fresh = async () => {
    const t = await buildTestApp();
    apps.push(t);
    return t;
  };
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((t) => t.close()));
  });
  const small = { counts: { models: 2, videos: 3, shoots: 1 } };

  it.each([
    [{ nodeEnv: 'production', seedDemo: 'auto' } as const, /NODE_ENV=production/],
    [{ nodeEnv: 'production', seedDemo: 'never' } as const, /SEED_DEMO=never/],
    [{ nodeEnv: 'development', seedDemo: 'never' } as const, /SEED_DEMO=never/],
    [{ nodeEnv: 'test', seedDemo: 'never' } as const, /SEED_DEMO=never/],
  ])('%j: does not seed, and says why', async (config, message) => {
    const logs: string[] = [];
    expect(await seedDemoIfWanted(withConfig(shared, config), shared.services, (m) => logs.push(m), small)).toBe(false);
    expect(logs.join('\n')).toMatch(message);
    expect(await count(shared.deps, 'SELECT count(*) FROM videos')).toBe(0);
  });

  it.each([
    [{ nodeEnv: 'production', seedDemo: 'always' } as const],
    [{ nodeEnv: 'development', seedDemo: 'auto' } as const],
  ])('%j: seeds', async (config) => {
    const t = await fresh();
    const logs: string[] = [];
    expect(await seedDemoIfWanted(withConfig(t, config), t.services, (m) => logs.push(m), small)).toBe(true);
    expect(logs.join('\n')).toMatch(/seeded/);
    expect(await count(t.deps, 'SELECT count(*) FROM videos')).toBe(3);
  });

  it('leaves a database with users alone', async () => {
    const t = await fresh();
    await createUser(t, { username: 'someone' });
    expect(await seedDemoIfWanted(withConfig(t, {}), t.services, () => undefined, small)).toBe(false);
    expect(await count(t.deps, 'SELECT count(*) FROM models')).toBe(0);
  });

  it('keeps a feature flag that was already set', async () => {
    const t = await fresh();
    await setFeature(t, 'landing_redirect', { is_active: true });
    await seedDemoIfWanted(withConfig(t, {}), t.services, () => undefined, small);
    expect(await count(t.deps, `SELECT count(*) FROM features WHERE name = 'landing_redirect' AND is_active`)).toBe(1);
  });

  it('needs no pictures on disk: the server draws a seeded row\'s picture on first request', async () => {
    const t = await fresh();
    expect(await seedDemoIfWanted(withConfig(t, {}), t.services, () => undefined, { counts: small.counts })).toBe(true);
    const [video] = await t.deps.db.query<{ id: number }>('SELECT min(id) AS id FROM videos');
    const res = await t.app.inject({ method: 'GET', url: `/media/images/video/${video!.id}/370x206.jpg` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
  });
});

describe('seedCatalog', () => {
  it('gives the same catalog on every fresh database', async () => {
    const titles: string[][] = [];
    for (let i = 0; i < 2; i++) {
      const { db, drop } = await createTestDatabase();
      try {
        await db.transaction((tx) => seedCatalog(tx, { models: 5, videos: 10, shoots: 2, now: NOW }));
        titles.push((await db.query<{ title: string }>('SELECT title FROM videos ORDER BY id')).map((r) => r.title));
      } finally {
        await drop();
      }
    }
    expect(titles[0]).toHaveLength(10);
    expect(titles[1]).toEqual(titles[0]);
  });
});

describe('demo video durations', () => {
  it('equal the length of the media the clip recipes render (probed from the file)', async () => {
    const binary = (await findFfmpeg())!;
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'velora-durations-'));
    try {
      for (const clip of DEMO_CLIPS.filter((c) => c.kind === 'video')) {
        const output = path.join(dir, `${clip.seconds}.mp4`);
        // The recipe at its full length, drawn small: the length is what is measured here.
        await renderLavfiClip(binary, { ...clip, video: clip.video.replace(/size=\d+x\d+/, 'size=160x90'), filters: undefined, output });
        const probe = await probeMedia(binary, output);
        expect(Math.round(probe.durationMs / 1000), clip.sourceName).toBe(clip.seconds);
      }
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('demo pictures', () => {
  it('are the same for the same row, and differ between rows and kinds', () => {
    expect(seedImageSvg('video', 1, 900, 500)).toBe(seedImageSvg('video', 1, 900, 500));
    expect(seedImageSvg('video', 1, 900, 500)).not.toBe(seedImageSvg('video', 2, 900, 500));
    expect(seedImageSvg('video', 1, 900, 500)).not.toBe(seedImageSvg('model', 1, 900, 500));
  });

  it('render as JPEG originals at their drawing size', async () => {
    const meta = await sharp(await renderSeedOriginal('model', 7)).metadata();
    expect(meta.format).toBe('jpeg');
    expect(`${meta.width}x${meta.height}`).toBe('680x880');
    const image = await sharp(await renderSeedOriginal('image', 3, { width: 800, height: 1200 })).metadata();
    expect(`${image.width}x${image.height}`).toBe('800x1200');
  });
});
