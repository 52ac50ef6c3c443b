import type { FastifyInstance } from 'fastify';
import type { Database, Queryable } from '../src/db/database';
import { createSessionsService } from '../src/modules/sessions/sessions.service';

// A small catalog whose answers the catalog tests know, and viewers of every role, inserted directly
// (no Argon2: these users never log in with a password, they get a session token straight away).

const DAY = 86_400_000;

export interface FixtureModel {
  id: number;
  name: string;
  createdAt: number;
  videoIds: number[];
}
export interface FixtureShoot {
  id: number;
  modelId: number;
  publishedAt: number;
  videoIds: number[];
}
export interface FixtureImage {
  id: number;
  chapterId: number;
  shootId: number;
  width: number;
  height: number;
}
export interface CatalogFixture {
  /** 26 models (more than a page of 24); model i was created i+1 days ago, so index order is newest first. */
  models: FixtureModel[];
  /** 12 videos; video i published i+1 days ago. */
  videoIds: number[];
  /** 26 shoots; shoot i published i+1 days ago. Shoots 0 and 2 are of model 0, shoot 1 of model 1. */
  shoots: FixtureShoot[];
  /** Shoot 0: chapter 0 (3 images, the first portrait) and chapter 1 (2 images). Shoot 1: chapter 2, empty. */
  chapters: Array<{ id: number; shootId: number; title: string }>;
  images: FixtureImage[];
}

const ids = (rows: Array<{ id: number }>) => rows.map((r) => r.id);

export async function insertCatalog(db: Queryable, nowMs: number): Promise<CatalogFixture> {
  const names = ['Alina Moreau', 'Bea Berg', 'Carla Novak', ...Array.from({ length: 23 }, (_, i) => `Extra Model ${String(i + 1).padStart(2, '0')}`)];
  const createdAt = names.map((_, i) => nowMs - (i + 1) * DAY);
  const modelIds = ids(
    await db.query<{ id: number }>(
      `INSERT INTO models (name_en, description, country, created_at)
       SELECT n, 'A fictional demo model.', 'DE', c FROM unnest($1::text[], $2::timestamptz[]) WITH ORDINALITY AS t(n, c, o) ORDER BY o RETURNING id`,
      [names, createdAt.map((c) => new Date(c))],
    ),
  );
  // RETURNING follows the insertion order, which ORDER BY o keeps.
  const models: FixtureModel[] = names.map((name, i) => ({ id: modelIds[i]!, name, createdAt: createdAt[i]!, videoIds: [] }));

  const videoCount = 12;
  const videoIds = ids(
    await db.query<{ id: number }>(
      `INSERT INTO videos (title, description, duration, published_at, rating, views)
       SELECT 'Video ' || i, 'A demo video', 60 * i, $1::timestamptz - (i || ' days')::interval, 4, i
         FROM generate_series(1, $2::int) AS i ORDER BY i RETURNING id`,
      [new Date(nowMs), videoCount],
    ),
  );
  // Model 0 is in videos 0–4, model 1 in 5–7 (and 0), model 2 in 8; the rest in none.
  const links: Array<[number, number]> = [];
  const link = (m: number, v: number) => {
    links.push([videoIds[v]!, models[m]!.id]);
    models[m]!.videoIds.push(videoIds[v]!);
  };
  for (const v of [0, 1, 2, 3, 4]) link(0, v);
  for (const v of [0, 5, 6, 7]) link(1, v);
  link(2, 8);
  await db.query('INSERT INTO video_models (video_id, model_id) SELECT * FROM unnest($1::int[], $2::int[])', [links.map((l) => l[0]), links.map((l) => l[1])]);

  const shootModels = Array.from({ length: 26 }, (_, i) => (i === 0 || i === 2 ? models[0]!.id : i === 1 ? models[1]!.id : models[(i % 23) + 3]!.id));
  const publishedAt = shootModels.map((_, i) => nowMs - (i + 1) * DAY);
  const shootIds = ids(
    await db.query<{ id: number }>(
      `INSERT INTO shoots (title, description, model_id, published_at)
       SELECT 'Shoot ' || o, 'A demo shoot', m, p FROM unnest($1::int[], $2::timestamptz[]) WITH ORDINALITY AS t(m, p, o) ORDER BY o RETURNING id`,
      [shootModels, publishedAt.map((p) => new Date(p))],
    ),
  );
  const shoots: FixtureShoot[] = shootIds.map((id, i) => ({ id, modelId: shootModels[i]!, publishedAt: publishedAt[i]!, videoIds: [] }));
  // Shoot 0 holds videos 2, 1, 0 (listed oldest first: 2, 1, 0); shoot 1 holds video 5.
  shoots[0]!.videoIds.push(videoIds[2]!, videoIds[1]!, videoIds[0]!);
  shoots[1]!.videoIds.push(videoIds[5]!);
  const shootVideos = shoots.flatMap((s) => s.videoIds.map((v) => [s.id, v] as const));
  await db.query('INSERT INTO shoot_videos (shoot_id, video_id) SELECT * FROM unnest($1::int[], $2::int[])', [
    shootVideos.map((l) => l[0]), shootVideos.map((l) => l[1]),
  ]);

  const chapterSpecs = [
    { shootId: shoots[0]!.id, title: 'Golden hour', position: 0 },
    { shootId: shoots[0]!.id, title: 'Set 2', position: 1 },
    { shootId: shoots[1]!.id, title: 'Empty set', position: 0 },
  ];
  const chapterIds = ids(
    await db.query<{ id: number }>(
      `INSERT INTO shoot_chapters (shoot_id, title, position)
       SELECT s, ti, p FROM unnest($1::int[], $2::text[], $3::int[]) WITH ORDINALITY AS t(s, ti, p, o) ORDER BY o RETURNING id`,
      [chapterSpecs.map((c) => c.shootId), chapterSpecs.map((c) => c.title), chapterSpecs.map((c) => c.position)],
    ),
  );
  const chapters = chapterSpecs.map((c, i) => ({ id: chapterIds[i]!, shootId: c.shootId, title: c.title }));
  const imageSpecs = [
    { chapter: 0, position: 0, width: 853, height: 1280 },
    { chapter: 0, position: 1, width: 1280, height: 853 },
    { chapter: 0, position: 2, width: 1280, height: 853 },
    { chapter: 1, position: 0, width: 1280, height: 853 },
    { chapter: 1, position: 1, width: 1280, height: 853 },
  ];
  const imageIds = ids(
    await db.query<{ id: number }>(
      `INSERT INTO shoot_images (chapter_id, position, width, height)
       SELECT c, p, w, h FROM unnest($1::int[], $2::int[], $3::int[], $4::int[]) WITH ORDINALITY AS t(c, p, w, h, o) ORDER BY o RETURNING id`,
      [imageSpecs.map((s) => chapterIds[s.chapter]), imageSpecs.map((s) => s.position), imageSpecs.map((s) => s.width), imageSpecs.map((s) => s.height)],
    ),
  );
  const images = imageSpecs.map((s, i) => ({ id: imageIds[i]!, chapterId: chapterIds[s.chapter]!, shootId: chapterSpecs[s.chapter]!.shootId, width: s.width, height: s.height }));

  return { models, videoIds, shoots, chapters, images };
}

export interface Viewer {
  id: number;
  token: string;
}

/** A user with a session, straight in the database. */
export async function createViewer(
  db: Queryable,
  now: () => Date,
  username: string,
  options: { premiumUntil?: Date | null; roles?: string[]; teamMember?: boolean } = {},
): Promise<Viewer> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO users (username, email, password_hash, premium_until, is_team_member)
     VALUES ($1, $2, 'not-a-real-hash', $3, $4) RETURNING id`,
    [username, `${username}@example.com`, options.premiumUntil ?? null, options.teamMember ?? false],
  );
  for (const role of options.roles ?? []) await db.query('INSERT INTO user_roles (user_id, role) VALUES ($1, $2)', [row!.id, role]);
  // A fixture below any app (it takes a database, not a test app): the sessions service takes a full Database but
  // only queries on this path.
  const sessions = createSessionsService({ db: db as Database, now });
  return { id: row!.id, token: (await sessions.create(row!.id)).token };
}

export interface Viewers {
  member: Viewer;
  other: Viewer;
  premium: Viewer;
  censored: Viewer;
  team: Viewer;
}

/** One of each: a member, another member, a premium member, a restricted (censored) member and a team member. */
export async function createViewers(db: Queryable, now: () => Date): Promise<Viewers> {
  const nowMs = now().getTime();
  return {
    member: await createViewer(db, now, 'member_one'),
    other: await createViewer(db, now, 'member_two'),
    premium: await createViewer(db, now, 'premium_one', { premiumUntil: new Date(nowMs + 30 * DAY) }),
    censored: await createViewer(db, now, 'censored_one', { roles: ['censored'] }),
    team: await createViewer(db, now, 'team_one', { teamMember: true }),
  };
}

/** A request as `token`'s user (a visitor without one). */
export function call(app: FastifyInstance, method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, body?: unknown) {
  return app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

/** Whether an image URL is one of the censored placeholders a restricted viewer gets (SPEC §6). */
export const isPlaceholder = (url: string) => url.includes('/media/censored/');
