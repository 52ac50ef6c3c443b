import { FEATURE_NAMES, TRAILER_TAG_NAME, type FeatureName } from '@velora/shared';
import type { Queryable } from '../db/database';
import { mulberry32 } from '../lib/mulberry32';

// Neutral demo content: fictional names, generated titles, no explicit material (docs/architecture.md "Content").
// Everything comes from a seeded PRNG, so every fresh database holds the same catalog.

export interface CatalogCounts {
  models: number;
  videos: number;
  shoots: number;
}

export interface SeededImage {
  id: number;
  width: number;
  height: number;
}

export interface SeededCatalog {
  modelIds: number[];
  videoIds: number[];
  shootIds: number[];
  /** Shoot images (in chapters), each to be drawn at its own full size. */
  images: SeededImage[];
  tagIds: number[];
  trailerTagId: number;
}

/**
 * Features on in the demo: French, trailers free to watch (product §1) and free chat with the live demo cams (product §2).
 * Every other flag of product §9 is off.
 */
const ACTIVE_FEATURES: readonly FeatureName[] = ['french', 'trailer', 'freechat'];

/** en, de, fr. Exactly one is the Trailer tag that marks trailers (product §3). */
const TAGS: ReadonlyArray<readonly [string, string, string]> = [
  [TRAILER_TAG_NAME, 'Trailer', 'Bande-annonce'],
  ['Outdoor', 'Draußen', 'Extérieur'],
  ['Beach', 'Strand', 'Plage'],
  ['Studio', 'Studio', 'Studio'],
  ['Summer', 'Sommer', 'Été'],
  ['Winter', 'Winter', 'Hiver'],
  ['City', 'Stadt', 'Ville'],
  ['Nature', 'Natur', 'Nature'],
  ['Travel', 'Reise', 'Voyage'],
  ['Behind the Scenes', 'Hinter den Kulissen', 'Coulisses'],
  ['Interview', 'Interview', 'Entretien'],
  ['Dance', 'Tanz', 'Danse'],
  ['Fitness', 'Fitness', 'Fitness'],
  ['Yoga', 'Yoga', 'Yoga'],
  ['Pool', 'Pool', 'Piscine'],
  ['Garden', 'Garten', 'Jardin'],
  ['Night', 'Nacht', 'Nuit'],
  ['Sunset', 'Sonnenuntergang', 'Coucher de soleil'],
  ['Black and White', 'Schwarzweiß', 'Noir et blanc'],
  ['Vintage', 'Vintage', 'Vintage'],
  ['Fashion', 'Mode', 'Mode'],
  ['Cosplay', 'Cosplay', 'Cosplay'],
  ['Duo', 'Duo', 'Duo'],
  ['Solo', 'Solo', 'Solo'],
  ['Music', 'Musik', 'Musique'],
  ['Road Trip', 'Roadtrip', 'Road trip'],
  ['Mountains', 'Berge', 'Montagnes'],
  ['Rain', 'Regen', 'Pluie'],
  ['Slow Motion', 'Zeitlupe', 'Ralenti'],
  ['Morning', 'Morgen', 'Matin'],
];

const FIRST_NAMES = [
  'Alina', 'Bea', 'Carla', 'Dana', 'Elin', 'Fenja', 'Greta', 'Hanna', 'Ilka', 'Jule', 'Kira', 'Lena', 'Mila', 'Nora',
  'Oda', 'Pia', 'Rhea', 'Sina', 'Tessa', 'Uma', 'Vera', 'Wanda', 'Yara', 'Zoe', 'Amelie', 'Clara', 'Elodie', 'Ines',
  'Juna', 'Lotte', 'Maren', 'Nele', 'Romy', 'Svea', 'Talia', 'Liv',
];
const LAST_NAMES = [
  'Moreau', 'Berg', 'Lindqvist', 'Novak', 'Castell', 'Dufour', 'Engel', 'Falk', 'Hart', 'Ivers', 'Janssen', 'Kestrel',
  'Larsen', 'Marlow', 'Nyberg', 'Olsen', 'Petit', 'Quint', 'Rowan', 'Sauer', 'Thorne', 'Vidal', 'Winter', 'Zeller',
];
const COUNTRIES = ['DE', 'AT', 'CH', 'FR', 'NL', 'ES', 'IT', 'SE', 'CZ', 'PL', 'US', 'GB', 'CA', 'PT'];

const ADJECTIVES = [
  'Golden', 'Quiet', 'Velvet', 'Bright', 'Lazy', 'Silver', 'Warm', 'Hidden', 'Endless', 'Soft', 'Wild', 'Electric',
  'Gentle', 'Crimson', 'Misty', 'Sunny', 'Midnight', 'Secret', 'Slow', 'Blue',
];
const NOUNS = [
  'Afternoon', 'Morning', 'Evening', 'Weekend', 'Journey', 'Moment', 'Daydream', 'Escape', 'Session', 'Story',
  'Getaway', 'Rhythm', 'Reflection', 'Breeze', 'Season', 'Light',
];
const PLACES = [
  'the Lake', 'the Studio', 'the Beach', 'the Loft', 'the Garden', 'the Harbour', 'the Cabin', 'the Rooftop',
  'the Vineyard', 'the Dunes', 'the Old Town', 'the Greenhouse', 'the Terrace', 'the Forest',
];
const SCENES = [
  'spending a slow afternoon by the water', 'exploring an old town on a warm day', 'trying a new dance routine',
  'taking a road trip along the coast', 'sharing a quiet morning with coffee and music', 'posing for a fashion shoot',
  'talking about favourite places', 'hiking in the mountains', 'relaxing by the pool after a long week',
  'rehearsing in the studio', 'watching the sunset from a rooftop', 'wandering through a summer market',
];
const STYLES = [
  'Filmed in warm natural light.', 'Shot on location with a small crew.', 'A calm, unhurried piece.',
  'With behind-the-scenes moments at the end.', 'Colour-graded in soft pastel tones.', 'Recorded in one long take.',
];

/** Seeded (mulberry32): small, fast and good enough to make demo data look varied yet stay reproducible. */
export function createRandom(seed: number) {
  const next = mulberry32(seed);
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  /** `count` distinct items, in random order. */
  const sample = <T>(items: readonly T[], count: number): T[] => {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy.slice(0, Math.min(count, copy.length));
  };
  return { next, int, pick, sample };
}
export type Random = ReturnType<typeof createRandom>;

const CHAPTER_TITLES = [
  'Set 1', 'Set 2', 'Golden hour', 'Blue hour', 'Portraits', 'By the window', 'Outdoors', 'Details', 'Candid',
  'Behind the scenes', 'Morning light', 'On the terrace', 'Colour study', 'Black and white',
];
const LANDSCAPE = { width: 1280, height: 853 };
const PORTRAIT = { width: 853, height: 1280 };

/** 1–3 chapters per shoot with 6–12 images each, about a third of them portrait. */
async function seedChapters(db: Queryable, rnd: Random, shootIds: number[]): Promise<SeededImage[]> {
  const chapters = shootIds.flatMap((shootId) =>
    rnd.sample(CHAPTER_TITLES, rnd.int(1, 3)).map((title, position) => ({ shootId, title, position, images: rnd.int(6, 12) })),
  );
  if (chapters.length === 0) return [];
  const chapterIds = await reserveIds(db, 'shoot_chapters', chapters.length);
  await db.query(
    `INSERT INTO shoot_chapters (id, shoot_id, title, position)
     SELECT * FROM unnest($1::int[], $2::int[], $3::text[], $4::int[])`,
    [chapterIds, chapters.map((c) => c.shootId), chapters.map((c) => c.title), chapters.map((c) => c.position)],
  );
  const imageRows = chapters.flatMap((c, i) =>
    Array.from({ length: c.images }, (_, position) => ({ chapterId: chapterIds[i]!, position, ...(rnd.next() < 0.33 ? PORTRAIT : LANDSCAPE) })),
  );
  const imageIds = await reserveIds(db, 'shoot_images', imageRows.length);
  await db.query(
    `INSERT INTO shoot_images (id, chapter_id, position, width, height)
     SELECT * FROM unnest($1::int[], $2::int[], $3::int[], $4::int[], $5::int[])`,
    [imageIds, imageRows.map((r) => r.chapterId), imageRows.map((r) => r.position), imageRows.map((r) => r.width), imageRows.map((r) => r.height)],
  );
  return imageRows.map((r, i) => ({ id: imageIds[i]!, width: r.width, height: r.height }));
}

/** Editors' picks (home section our_favorites): ~8 models, ~8 shoots, ~12 videos, picked over the last weeks. */
async function seedFeatured(db: Queryable, rnd: Random, nowSeconds: number, ids: Record<'models' | 'shoots' | 'videos', number[]>): Promise<void> {
  const counts = { models: 8, shoots: 8, videos: 12 } as const;
  for (const table of ['models', 'shoots', 'videos'] as const) {
    const picked = rnd.sample(ids[table], counts[table]);
    if (picked.length === 0) continue;
    const at = picked.map(() => new Date((nowSeconds - rnd.int(DAY_SECONDS / 24, 45 * DAY_SECONDS)) * 1000).toISOString());
    await db.query(
      `UPDATE ${table} t SET featured_at = p.at FROM unnest($1::int[], $2::timestamptz[]) AS p(id, at) WHERE t.id = p.id`,
      [picked, at],
    );
  }
}

/** Ids taken from a table's serial sequence, so rows can be linked before they are inserted. */
async function reserveIds(db: Queryable, table: 'models' | 'videos' | 'shoots' | 'shoot_chapters' | 'shoot_images', count: number): Promise<number[]> {
  if (count === 0) return [];
  const rows = await db.query<{ id: number }>(
    `SELECT nextval(pg_get_serial_sequence($1, 'id'))::int AS id FROM generate_series(1, $2::int)`,
    [table, count],
  );
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

const DAY_SECONDS = 24 * 60 * 60;
const uniqueName = (seen: Map<string, number>, name: string) => {
  const n = (seen.get(name) ?? 0) + 1;
  seen.set(name, n);
  return n === 1 ? name : `${name} ${['', '', 'II', 'III', 'IV', 'V'][n] ?? n}`;
};

export async function seedFeatures(db: Queryable): Promise<void> {
  // DO NOTHING: a flag someone already set keeps its value.
  await db.query(
    `INSERT INTO features (name, is_active)
     SELECT * FROM unnest($1::text[], $2::boolean[])
     ON CONFLICT (name) DO NOTHING`,
    [[...FEATURE_NAMES], FEATURE_NAMES.map((n) => ACTIVE_FEATURES.includes(n))],
  );
}

/**
 * Features, tags, models, videos (with tags and models) and shoots, in a handful of multi-row statements.
 * Run it inside a transaction: it is several statements.
 */
export async function seedCatalog(db: Queryable, opts: CatalogCounts & { now: Date; seed?: number }): Promise<SeededCatalog> {
  const rnd = createRandom(opts.seed ?? 20_240_611);
  const nowSeconds = Math.floor(opts.now.getTime() / 1000);
  const randomPast = (maxDays: number) => new Date((nowSeconds - rnd.int(DAY_SECONDS / 24, maxDays * DAY_SECONDS)) * 1000).toISOString();
  if (opts.models < 1 && (opts.videos > 0 || opts.shoots > 0)) throw new Error('seedCatalog: videos and shoots need at least one model');

  await seedFeatures(db);

  await db.query(
    `INSERT INTO tags (name_en, name_de, name_fr)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[])
     ON CONFLICT (name_en) DO NOTHING`,
    [TAGS.map((t) => t[0]), TAGS.map((t) => t[1]), TAGS.map((t) => t[2])],
  );
  const tagRows = await db.query<{ id: number; name_en: string }>('SELECT id, name_en FROM tags WHERE name_en = ANY($1::text[]) ORDER BY id', [
    TAGS.map((t) => t[0]),
  ]);
  const trailerTagId = tagRows.find((t) => t.name_en === TRAILER_TAG_NAME)!.id;
  const otherTagIds = tagRows.filter((t) => t.id !== trailerTagId).map((t) => t.id);

  // Models: distinct first/last name pairs.
  const modelIds = await reserveIds(db, 'models', opts.models);
  const modelNames = rnd.sample(FIRST_NAMES.flatMap((f) => LAST_NAMES.map((l) => `${f} ${l}`)), opts.models);
  const nameOf = new Map(modelIds.map((id, i) => [id, modelNames[i] ?? `Model ${id}`]));
  await db.query(
    `INSERT INTO models (id, name_en, description, country, created_at)
     SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::timestamptz[])`,
    [
      modelIds,
      modelIds.map((id) => nameOf.get(id)!),
      modelIds.map((id) => `${nameOf.get(id)!.split(' ')[0]} enjoys ${rnd.pick(SCENES)}.`),
      modelIds.map(() => rnd.pick(COUNTRIES)),
      modelIds.map(() => randomPast(900)),
    ],
  );

  // Videos, each with 1–4 tags (about 15% of them trailers) and 1–2 models.
  const videoIds = await reserveIds(db, 'videos', opts.videos);
  const titles = new Map<string, number>();
  const videoTags: Array<[number, number]> = [];
  const videoModels: Array<[number, number]> = [];
  const videoRows = videoIds.map((id) => {
    const models = rnd.sample(modelIds, rnd.next() < 0.3 ? 2 : 1);
    const isTrailer = rnd.next() < 0.15;
    const tags = rnd.sample(otherTagIds, rnd.int(1, 4) - (isTrailer ? 1 : 0));
    if (isTrailer) tags.push(trailerTagId);
    for (const t of tags) videoTags.push([id, t]);
    for (const m of models) videoModels.push([id, m]);
    const title = rnd.next() < 0.5 ? `${rnd.pick(ADJECTIVES)} ${rnd.pick(NOUNS)}` : `${rnd.pick(ADJECTIVES)} ${rnd.pick(NOUNS)} at ${rnd.pick(PLACES)}`;
    const names = models.map((m) => nameOf.get(m)!).join(' and ');
    return {
      id,
      title: uniqueName(titles, title),
      description: `Featuring ${names}, ${rnd.pick(SCENES)}. ${rnd.pick(STYLES)}`,
      duration: rnd.int(120, 2700),
      publishedAt: randomPast(730),
      rating: Math.round((3 + rnd.next() * 2) * 10) / 10,
      views: Math.floor(rnd.next() ** 2 * 50_000),
    };
  });
  if (videoRows.length > 0) {
    await db.query(
      // No comments yet (accounts come after the catalog), and total_comments counts real comment rows exactly.
      `INSERT INTO videos (id, title, description, duration, published_at, rating, views)
       SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::int[], $5::timestamptz[], $6::real[], $7::int[])`,
      [
        videoRows.map((v) => v.id), videoRows.map((v) => v.title), videoRows.map((v) => v.description), videoRows.map((v) => v.duration),
        videoRows.map((v) => v.publishedAt), videoRows.map((v) => v.rating), videoRows.map((v) => v.views),
      ],
    );
    await db.query('INSERT INTO video_tags (video_id, tag_id) SELECT * FROM unnest($1::int[], $2::int[])', [
      videoTags.map((l) => l[0]), videoTags.map((l) => l[1]),
    ]);
    await db.query('INSERT INTO video_models (video_id, model_id) SELECT * FROM unnest($1::int[], $2::int[])', [
      videoModels.map((l) => l[0]), videoModels.map((l) => l[1]),
    ]);
  }

  // Shoots: one model each, spread over the models, holding a few videos, preferably the model's own.
  const shootIds = await reserveIds(db, 'shoots', opts.shoots);
  const videosOf = new Map<number, number[]>();
  for (const [videoId, modelId] of videoModels) videosOf.set(modelId, [...(videosOf.get(modelId) ?? []), videoId]);
  const shootVideos: Array<[number, number]> = [];
  const shootRows = shootIds.map((id, i) => {
    const modelId = modelIds[i % modelIds.length]!;
    const wanted = rnd.int(2, 4);
    const own = rnd.sample(videosOf.get(modelId) ?? [], wanted);
    const others = rnd.sample(videoIds.filter((v) => !own.includes(v)), wanted - own.length);
    for (const v of [...own, ...others]) shootVideos.push([id, v]);
    return {
      id,
      modelId,
      title: `${rnd.pick(ADJECTIVES)} ${rnd.pick(NOUNS)} with ${nameOf.get(modelId)!.split(' ')[0]}`,
      description: `A photo and video set at ${rnd.pick(PLACES)}. ${rnd.pick(STYLES)}`,
      publishedAt: randomPast(730),
    };
  });
  if (shootRows.length > 0) {
    await db.query(
      `INSERT INTO shoots (id, title, description, model_id, published_at)
       SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::int[], $5::timestamptz[])`,
      [shootRows.map((s) => s.id), shootRows.map((s) => s.title), shootRows.map((s) => s.description), shootRows.map((s) => s.modelId), shootRows.map((s) => s.publishedAt)],
    );
    if (shootVideos.length > 0) {
      await db.query('INSERT INTO shoot_videos (shoot_id, video_id) SELECT * FROM unnest($1::int[], $2::int[])', [
        shootVideos.map((l) => l[0]), shootVideos.map((l) => l[1]),
      ]);
    }
  }

  const images = await seedChapters(db, rnd, shootIds);
  await seedFeatured(db, rnd, nowSeconds, { models: modelIds, shoots: shootIds, videos: videoIds });

  return { modelIds, videoIds, shootIds, images, tagIds: tagRows.map((t) => t.id), trailerTagId };
}
