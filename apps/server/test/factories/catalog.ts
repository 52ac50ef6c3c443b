import { mediaRepository, type AssetKind, type AssetRow } from '../../src/modules/media/media.repository';
import { nextNumber, type FactoryContext } from './context';
import type { VideoRow as StoredVideoRow } from '../../src/modules/videos/videos.repository';

// The catalog (models, tags, videos, shoots, chapters, images) is content: the demo seed and the import command load
// it, the app itself only reads it, so no service writes these rows and they are inserted here, one statement per row.
// Media assets go through the media repository, as the import command and the transcoding job write them.

export interface ModelRow {
  id: number;
  name_en: string;
  description: string;
  country: string | null;
  created_at: Date;
}

export async function createModel(
  t: FactoryContext,
  o: { name?: string; description?: string; country?: string | null; createdAt?: Date } = {},
): Promise<ModelRow> {
  const [row] = await t.deps.db.query<ModelRow>(
    `INSERT INTO models (name_en, description, country, created_at) VALUES ($1, $2, $3, $4)
     RETURNING id, name_en, description, country, created_at`,
    [o.name ?? `Model ${nextNumber()}`, o.description ?? 'A fictional model.', o.country ?? null, o.createdAt ?? t.deps.now()],
  );
  return row!;
}

export interface TagRow {
  id: number;
  name_en: string;
  name_de: string;
  name_fr: string;
}

/** A tag; its German and French names are the English one unless given. */
export async function createTag(t: FactoryContext, o: { name?: string; nameDe?: string; nameFr?: string } = {}): Promise<TagRow> {
  const name = o.name ?? `Tag ${nextNumber()}`;
  const [row] = await t.deps.db.query<TagRow>(
    'INSERT INTO tags (name_en, name_de, name_fr) VALUES ($1, $2, $3) RETURNING id, name_en, name_de, name_fr',
    [name, o.nameDe ?? name, o.nameFr ?? name],
  );
  return row!;
}

/** A video as stored, with the column the repository's row leaves out. */
export type VideoRow = StoredVideoRow & { featured_at: Date | null };

export interface VideoOverrides {
  title?: string;
  description?: string;
  /** Seconds. */
  duration?: number;
  publishedAt?: Date;
  rating?: number;
  views?: number;
  totalComments?: number;
  featuredAt?: Date | null;
  /** The video's media (linked as the import command links it). */
  mediaAssetId?: number | null;
  tagIds?: number[];
  modelIds?: number[];
}

/** A video, published a day before the test clock unless told otherwise, with its tags and models. */
export async function createVideo(t: FactoryContext, o: VideoOverrides = {}): Promise<VideoRow> {
  const { db } = t.deps;
  const [{ id }] = (await db.query<{ id: number }>(
    `INSERT INTO videos (title, description, duration, published_at, rating, views, total_comments, featured_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [
      o.title ?? `Video ${nextNumber()}`, o.description ?? '', o.duration ?? 600, o.publishedAt ?? new Date(t.deps.now().getTime() - 86_400_000),
      o.rating ?? 0, o.views ?? 0, o.totalComments ?? 0, o.featuredAt ?? null,
    ],
  )) as [{ id: number }];
  if (o.mediaAssetId != null) await mediaRepository.linkVideo(db, id, o.mediaAssetId, null);
  await tagVideo(t, id, o.tagIds ?? []);
  for (const modelId of o.modelIds ?? []) await db.query('INSERT INTO video_models (video_id, model_id) VALUES ($1, $2)', [id, modelId]);
  const [row] = await db.query<VideoRow>(
    'SELECT id, title, description, duration, published_at, rating, views, total_comments, featured_at, media_asset_id FROM videos WHERE id = $1',
    [id],
  );
  return row!;
}

/** Adds tags to a video (retagging, which happens outside the app). */
export async function tagVideo(t: FactoryContext, videoId: number, tagIds: number[]): Promise<void> {
  for (const tagId of tagIds) await t.deps.db.query('INSERT INTO video_tags (video_id, tag_id) VALUES ($1, $2)', [videoId, tagId]);
}

export interface ShootRow {
  id: number;
  title: string;
  description: string;
  model_id: number;
  published_at: Date;
}

/** A shoot of `modelId` (a new model unless given), published a day before the test clock, holding `videoIds`. */
export async function createShoot(
  t: FactoryContext,
  o: { title?: string; description?: string; modelId?: number; publishedAt?: Date; videoIds?: number[] } = {},
): Promise<ShootRow> {
  const { db } = t.deps;
  const modelId = o.modelId ?? (await createModel(t)).id;
  const [row] = await db.query<ShootRow>(
    `INSERT INTO shoots (title, description, model_id, published_at) VALUES ($1, $2, $3, $4)
     RETURNING id, title, description, model_id, published_at`,
    [o.title ?? `Shoot ${nextNumber()}`, o.description ?? '', modelId, o.publishedAt ?? new Date(t.deps.now().getTime() - 86_400_000)],
  );
  for (const videoId of o.videoIds ?? []) await db.query('INSERT INTO shoot_videos (shoot_id, video_id) VALUES ($1, $2)', [row!.id, videoId]);
  return row!;
}

export interface ChapterRow {
  id: number;
  shoot_id: number;
  title: string;
  position: number;
}

export async function createChapter(t: FactoryContext, o: { shootId: number; title?: string; position?: number }): Promise<ChapterRow> {
  const [row] = await t.deps.db.query<ChapterRow>(
    'INSERT INTO shoot_chapters (shoot_id, title, position) VALUES ($1, $2, $3) RETURNING id, shoot_id, title, position',
    [o.shootId, o.title ?? `Chapter ${nextNumber()}`, o.position ?? 0],
  );
  return row!;
}

export interface ImageRow {
  id: number;
  chapter_id: number;
  position: number;
  width: number;
  height: number;
}

/** A picture of a chapter; landscape 1280×853 unless told otherwise. */
export async function createImage(t: FactoryContext, o: { chapterId: number; position?: number; width?: number; height?: number }): Promise<ImageRow> {
  const [row] = await t.deps.db.query<ImageRow>(
    'INSERT INTO shoot_images (chapter_id, position, width, height) VALUES ($1, $2, $3, $4) RETURNING id, chapter_id, position, width, height',
    [o.chapterId, o.position ?? 0, o.width ?? 1280, o.height ?? 853],
  );
  return row!;
}

export interface MediaAssetOverrides {
  kind?: AssetKind;
  title?: string;
  sourceName?: string;
  /** 'ready' (default) is marked ready as the transcoder marks it, with `renditions`; 'failed' with `error`. */
  status?: AssetRow['status'];
  renditions?: number[];
  error?: string;
}

/** A media asset, written as the import command queues it and the transcoding job finishes it. */
export async function createMediaAsset(t: FactoryContext, o: MediaAssetOverrides = {}): Promise<AssetRow> {
  const { db } = t.deps;
  const status = o.status ?? 'ready';
  const sourceName = o.sourceName ?? `source-${nextNumber()}.mp4`;
  const asset = await mediaRepository.insert(db, {
    kind: o.kind ?? 'video',
    title: o.title ?? sourceName,
    sourceName,
    status: status === 'processing' ? 'processing' : 'pending',
  });
  if (status === 'ready') await mediaRepository.markReady(db, asset.id, { renditions: o.renditions ?? [720, 360], width: 1280, height: 720, durationMs: 10_000 });
  if (status === 'failed') await mediaRepository.markFailed(db, asset.id, o.error ?? 'Transcoding failed');
  return (await mediaRepository.findOne(db, asset.id))!;
}
