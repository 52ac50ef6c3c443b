import type { FastifyInstance } from 'fastify';
import {
  asCensored, asMember, asPremium, asTeam, createChapter, createImage, createModel, createShoot, createVideo, type FactoryContext, type LoggedIn,
} from './factories';

// A small catalog whose answers the catalog tests know, and viewers of every role, built with the factories
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

export async function insertCatalog(t: FactoryContext, nowMs: number): Promise<CatalogFixture> {
  const names = ['Alina Moreau', 'Bea Berg', 'Carla Novak', ...Array.from({ length: 23 }, (_, i) => `Extra Model ${String(i + 1).padStart(2, '0')}`)];
  const models: FixtureModel[] = [];
  for (const [i, name] of names.entries()) {
    const createdAt = nowMs - (i + 1) * DAY;
    const row = await createModel(t, { name, description: 'A fictional demo model.', country: 'DE', createdAt: new Date(createdAt) });
    models.push({ id: row.id, name, createdAt, videoIds: [] });
  }

  // Model 0 is in videos 0–4, model 1 in 5–7 (and 0), model 2 in 8; the rest in none.
  const modelsOfVideo = (v: number) => [...(v <= 4 ? [0] : []), ...(v === 0 || (v >= 5 && v <= 7) ? [1] : []), ...(v === 8 ? [2] : [])];
  const videoIds: number[] = [];
  for (let v = 0; v < 12; v++) {
    const i = v + 1;
    const modelIds = modelsOfVideo(v).map((m) => models[m]!.id);
    const row = await createVideo(t, { title: `Video ${i}`, description: 'A demo video', duration: 60 * i, publishedAt: new Date(nowMs - i * DAY), rating: 4, views: i, modelIds });
    videoIds.push(row.id);
    for (const m of modelsOfVideo(v)) models[m]!.videoIds.push(row.id);
  }

  // Shoot 0 holds videos 2, 1, 0 (listed oldest first: 2, 1, 0); shoot 1 holds video 5.
  const shootVideos: Record<number, number[]> = { 0: [videoIds[2]!, videoIds[1]!, videoIds[0]!], 1: [videoIds[5]!] };
  const shoots: FixtureShoot[] = [];
  for (let i = 0; i < 26; i++) {
    const modelId = i === 0 || i === 2 ? models[0]!.id : i === 1 ? models[1]!.id : models[(i % 23) + 3]!.id;
    const publishedAt = nowMs - (i + 1) * DAY;
    const videos = shootVideos[i] ?? [];
    const row = await createShoot(t, { title: `Shoot ${i + 1}`, description: 'A demo shoot', modelId, publishedAt: new Date(publishedAt), videoIds: videos });
    shoots.push({ id: row.id, modelId, publishedAt, videoIds: [...videos] });
  }

  const chapters = [
    await createChapter(t, { shootId: shoots[0]!.id, title: 'Golden hour', position: 0 }),
    await createChapter(t, { shootId: shoots[0]!.id, title: 'Set 2', position: 1 }),
    await createChapter(t, { shootId: shoots[1]!.id, title: 'Empty set', position: 0 }),
  ].map((c) => ({ id: c.id, shootId: c.shoot_id, title: c.title }));
  const imageSpecs = [
    { chapter: 0, position: 0, width: 853, height: 1280 },
    { chapter: 0, position: 1, width: 1280, height: 853 },
    { chapter: 0, position: 2, width: 1280, height: 853 },
    { chapter: 1, position: 0, width: 1280, height: 853 },
    { chapter: 1, position: 1, width: 1280, height: 853 },
  ];
  const images: FixtureImage[] = [];
  for (const s of imageSpecs) {
    const chapter = chapters[s.chapter]!;
    const row = await createImage(t, { chapterId: chapter.id, position: s.position, width: s.width, height: s.height });
    images.push({ id: row.id, chapterId: chapter.id, shootId: chapter.shootId, width: s.width, height: s.height });
  }

  return { models, videoIds, shoots, chapters, images };
}

/** A user with a session (LoggedIn of the factories: `id`, `token`, `headers`, `user`). */
export type Viewer = LoggedIn;

export interface Viewers {
  member: Viewer;
  other: Viewer;
  premium: Viewer;
  censored: Viewer;
  team: Viewer;
}

/** One of each: a member, another member, a premium member, a restricted (censored) member and a team member. */
export async function createViewers(t: FactoryContext): Promise<Viewers> {
  return {
    member: await asMember(t, { username: 'member_one' }),
    other: await asMember(t, { username: 'member_two' }),
    premium: await asPremium(t, { username: 'premium_one' }),
    censored: await asCensored(t, { username: 'censored_one' }),
    team: await asTeam(t, { username: 'team_one' }),
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

/** Whether an image URL is one of the censored placeholders a restricted viewer gets (product §6). */
export const isPlaceholder = (url: string) => url.includes('/media/censored/');
