import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type {
  BackofficeVideoCover,
  BackofficeVideoCoverBody,
  BackofficeVideoDetail,
  BackofficeVideoFrames,
  BackofficeVideoList,
  BackofficeVideoModelChoices,
  BackofficeVideoStatus,
  BackofficeVideoSummary,
  CreateBackofficeVideoBody,
  PublishBackofficeVideoBody,
  UpdateBackofficeVideoBody,
} from '@velora/shared';
import { FFMPEG_MISSING_MESSAGE, findFfmpeg, grabFrame, runFfmpeg, type FfmpegBinary } from '../../lib/ffmpeg';
import { badRequest, HttpError, notFound } from '../../lib/http-error';
import type { Platform } from '../../platform';
import { insertPendingAsset, queueTranscode } from '../media/media-jobs';
import { forgetSizes } from '../media/media-images';
import { mediaPaths } from '../media/media-paths';
import type { MediaService } from '../media/media.service';
import { backofficeVideosRepository as repo, type BackofficeVideoRow } from './backoffice-videos.repository';
import { probeUpload, UnacceptableUploadError } from './video-upload-probe';

// Videos in the back office (decision record 074). A video row exists from its draft on; members see it only once it
// is visible (published, or scheduled and reached by the sweep), and it can be published only with ready media, so a
// failed upload or transcode leaves a draft nobody but the team sees.

const PAGE_SIZE = 25;
const FRAME_COUNT = 6;
const toUnix = (date: Date) => Math.floor(date.getTime() / 1000);

const notReady = () => new HttpError(409, 'NOT_READY', 'The video is not transcoded yet: wait until its media is ready', { media: 'Not ready' });

/** An upload refused at its start or end; the tus handler answers with its status and message. */
export class UploadRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export type BackofficeVideosDeps = Pick<Platform, 'config' | 'db' | 'now' | 'jobs' | 'log'> & {
  media: Pick<MediaService, 'hlsUrl'>;
  findBinary?: () => Promise<FfmpegBinary | null>;
};

export function createBackofficeVideosService(deps: BackofficeVideosDeps) {
  const { db, config, log } = deps;
  const paths = mediaPaths(config.dataDir);
  let binaryLookup: Promise<FfmpegBinary | null> | null = null;
  const binary = async () => {
    binaryLookup ??= (deps.findBinary ?? (() => findFfmpeg()))();
    const found = await binaryLookup;
    if (!found) throw new HttpError(503, 'FFMPEG_MISSING', FFMPEG_MISSING_MESSAGE);
    return found;
  };
  const framesDir = (assetId: number) => path.join(paths.root, 'frames', String(assetId));
  const exists = (file: string) => fs.access(file).then(() => true, () => false);
  // A video's cover is kept here, outside the public pictures; it becomes the public original (served under
  // /media/images) when the video goes public, and leaves it when the video is taken down.
  const privateCover = (id: number) => path.join(paths.root, 'covers', `${id}.jpg`);
  const hasCover = async (id: number) => (await exists(privateCover(id))) || (await exists(paths.original('video', id)));

  async function copyAtomically(from: string, to: string): Promise<void> {
    await fs.mkdir(path.dirname(to), { recursive: true });
    const tmp = `${to}.${process.pid}.tmp`;
    await fs.copyFile(from, tmp);
    await fs.rename(tmp, to);
  }

  /** The cover goes public with its video. */
  async function showCover(id: number): Promise<void> {
    if (await exists(privateCover(id))) await copyAtomically(privateCover(id), paths.original('video', id));
    await forgetSizes(paths, 'video', id);
  }

  /** The cover leaves the public pictures with its video (kept privately for the team). */
  async function hideCover(id: number): Promise<void> {
    const original = paths.original('video', id);
    if (await exists(original)) {
      if (!(await exists(privateCover(id)))) await copyAtomically(original, privateCover(id));
      await fs.rm(original, { force: true });
    }
    await forgetSizes(paths, 'video', id);
  }

  async function summaries(rows: BackofficeVideoRow[]): Promise<BackofficeVideoSummary[]> {
    const models = await repo.modelsOf(db, rows.map((r) => r.id));
    return rows.map((row) => ({
      id: row.id,
      title: row.title,
      status: row.status,
      published_at: row.published_at ? toUnix(new Date(row.published_at)) : null,
      duration: row.duration,
      trailer: row.trailer,
      models: models.filter((m) => m.video_id === row.id).map(({ id, name }) => ({ id, name })),
      progress: row.media_status === 'processing' || row.media_status === 'pending' ? (row.media_progress ?? 0) : null,
      created_at: toUnix(new Date(row.created_at)),
    }));
  }

  async function requireRow(id: number): Promise<BackofficeVideoRow> {
    const row = await repo.find(db, id);
    if (!row) throw notFound(`No video ${id}`);
    return row;
  }

  async function detail(id: number): Promise<BackofficeVideoDetail> {
    const row = await requireRow(id);
    const [summary] = await summaries([row]);
    return {
      ...summary!,
      description: row.description,
      media: row.media_status
        ? { status: row.media_status, progress: row.media_progress, renditions: row.media_renditions ?? [], error: row.media_error }
        : null,
      upload: row.upload_id
        ? { id: row.upload_id, status: row.upload_status!, file_name: row.upload_file_name ?? '', size: Number(row.upload_size ?? 0), error: row.upload_error }
        : null,
      has_cover: await hasCover(id),
      // The team's preview: the same signed, expiring playlist a member gets once it is published.
      preview_url: row.media_status === 'ready' && row.media_asset_id ? deps.media.hlsUrl(row.media_asset_id, null) : null,
    };
  }

  /** The ready media of a video, for frames and covers; 409 before it is ready. */
  async function readyMedia(id: number): Promise<{ assetId: number; source: string; durationMs: number }> {
    const row = await requireRow(id);
    if (row.media_status !== 'ready' || !row.media_asset_id || !row.media_source) throw notReady();
    return { assetId: row.media_asset_id, source: paths.source(row.media_source), durationMs: row.media_duration_ms ?? row.duration * 1000 };
  }

  const frameTimes = (durationMs: number) => Array.from({ length: FRAME_COUNT }, (_, i) => Math.round(((durationMs / 1000) * (i + 0.5)) / FRAME_COUNT * 10) / 10);

  async function writeCoverFromFrame(id: number, atSeconds: number): Promise<void> {
    const media = await readyMedia(id);
    if (atSeconds * 1000 > media.durationMs) throw badRequest('Invalid body: at_seconds (past the end of the video)', { at_seconds: 'Must be within the video' });
    await grabFrame(await binary(), media.source, privateCover(id), atSeconds);
    if ((await requireRow(id)).visible) await showCover(id);
  }

  async function writeCoverImage(id: number, dataUrl: string): Promise<void> {
    const row = await requireRow(id);
    const data = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
    let jpeg: Buffer;
    try {
      jpeg = await sharp(data).rotate().resize(1920, 1920, { fit: 'inside', withoutEnlargement: true }).jpeg({ quality: 90 }).toBuffer();
    } catch {
      throw badRequest('Invalid body: image (not a picture that can be read)', { image: 'Must be a JPEG, PNG or WebP picture' });
    }
    const file = privateCover(id);
    await fs.mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    await fs.writeFile(tmp, jpeg);
    await fs.rename(tmp, file);
    if (row.visible) await showCover(id);
  }

  return {
    async list(query: { query?: string; status?: BackofficeVideoStatus; page: number }): Promise<BackofficeVideoList> {
      const { rows, total } = await repo.page(db, { query: query.query || null, status: query.status ?? null }, PAGE_SIZE, (query.page - 1) * PAGE_SIZE);
      return { videos: await summaries(rows), total, page: query.page, page_size: PAGE_SIZE };
    },

    get: detail,

    /** The video as it stands, without the cover (an audit entry's `before`). */
    async snapshot(id: number): Promise<BackofficeVideoSummary | null> {
      const row = await repo.find(db, id);
      return row ? (await summaries([row]))[0]! : null;
    },

    async create(body: CreateBackofficeVideoBody): Promise<BackofficeVideoDetail> {
      return detail(await repo.insertDraft(db, body.title));
    },

    async update(id: number, body: UpdateBackofficeVideoBody): Promise<BackofficeVideoDetail> {
      await db.transaction(async (tx) => {
        if (!(await repo.lock(tx, id))) throw notFound(`No video ${id}`);
        const known = new Set(await repo.existingModelIds(tx, body.model_ids));
        const missing = body.model_ids.findIndex((m) => !known.has(m));
        if (missing >= 0) throw new HttpError(404, 'NOT_FOUND', `No model ${body.model_ids[missing]}`, { [`model_ids.${missing}`]: 'No such model' });
        await repo.describe(tx, id, body.title, body.description);
        await repo.setModels(tx, id, body.model_ids);
        await repo.setTrailer(tx, id, body.trailer);
      });
      return detail(id);
    },

    async publish(id: number, body: PublishBackofficeVideoBody): Promise<BackofficeVideoDetail> {
      const row = await requireRow(id);
      if (row.media_status !== 'ready') throw notReady();
      // A video goes public with a picture: a frame a third in unless one was chosen.
      if (!(await hasCover(id))) await writeCoverFromFrame(id, Math.min((row.media_duration_ms ?? 0) / 3000, 10));
      const now = deps.now();
      const at = body.at ? new Date(body.at * 1000) : now;
      await db.transaction(async (tx) => {
        if (!(await repo.lock(tx, id))) throw notFound(`No video ${id}`);
        await repo.publish(tx, id, at, at <= now);
      });
      if (at <= now) await showCover(id);
      else await hideCover(id);
      return detail(id);
    },

    async unpublish(id: number): Promise<BackofficeVideoDetail> {
      await requireRow(id);
      await repo.unpublish(db, id);
      await hideCover(id);
      return detail(id);
    },

    async frames(id: number): Promise<BackofficeVideoFrames> {
      const media = await readyMedia(id);
      const dir = framesDir(media.assetId);
      const ffmpeg = await binary();
      const frames = [];
      for (const [n, at] of frameTimes(media.durationMs).entries()) {
        const file = path.join(dir, `${n}.jpg`);
        if (!(await exists(file))) {
          await fs.mkdir(dir, { recursive: true });
          const tmp = path.join(dir, `.${n}.${process.pid}.tmp.jpg`);
          await runFfmpeg(ffmpeg, ['-ss', at.toFixed(2), '-i', media.source, '-frames:v', '1', '-vf', 'scale=320:-2', '-q:v', '5', '-f', 'image2', tmp]);
          await fs.rename(tmp, file);
        }
        frames.push({ at_seconds: at, image: `data:image/jpeg;base64,${(await fs.readFile(file)).toString('base64')}` });
      }
      return { frames };
    },

    async coverImage(id: number): Promise<BackofficeVideoCover> {
      await requireRow(id);
      const file = (await exists(privateCover(id))) ? privateCover(id) : paths.original('video', id);
      if (!(await exists(file))) return { image: null };
      const small = await sharp(file).resize(480, 270, { fit: 'cover' }).jpeg({ quality: 75 }).toBuffer();
      return { image: `data:image/jpeg;base64,${small.toString('base64')}` };
    },

    async setCover(id: number, body: BackofficeVideoCoverBody): Promise<BackofficeVideoDetail> {
      if (body.at_seconds !== undefined) await writeCoverFromFrame(id, body.at_seconds);
      else await writeCoverImage(id, body.image!);
      return detail(id);
    },

    async modelChoices(): Promise<BackofficeVideoModelChoices> {
      return { models: await repo.allModels(db) };
    },

    /** Makes the scheduled videos whose time has come public; how many. */
    async publishDue(): Promise<number> {
      const ids = await repo.publishDue(db, deps.now());
      for (const id of ids) await showCover(id);
      if (ids.length > 0) log.info(`Videos published on schedule: ${ids.join(', ')}`);
      return ids.length;
    },

    // --- The upload (video-upload-routes.ts) --------------------------------------------------------------------

    /** Where uploads wait while they arrive: under DATA_DIR, outside every public path. */
    uploadDir: path.join(paths.root, 'uploads'),

    /** Starts an upload of a video's source; refuses one for a video that has its media (or one on its way). */
    async beginUpload(upload: { id: string; videoId: number; userId: number | null; fileName: string; size: number }): Promise<void> {
      const row = await repo.find(db, upload.videoId);
      if (!row) throw new UploadRefusal(404, `No video ${upload.videoId}`);
      if (row.media_status && row.media_status !== 'failed') throw new UploadRefusal(409, 'This video has its source already');
      if (row.visible || row.published_at) throw new UploadRefusal(409, 'Unpublish the video before giving it another source');
      await repo.insertUpload(db, upload);
    },

    /** Removes the tus store's description of an upload that ended. */
    async forgetUploadInfo(uploadId: string): Promise<void> {
      await fs.rm(path.join(this.uploadDir, `${uploadId}.json`), { force: true });
    },

    /** An upload its uploader abandoned (tus DELETE): failed, so the video may take another. */
    async abandonUpload(uploadId: string): Promise<void> {
      await repo.endUpload(db, uploadId, 'failed', 'The upload was cancelled');
    },

    /**
     * Takes a complete upload: checks what it holds (ffprobe), moves it among the media sources and queues its
     * transcode. A file that is no video is deleted and its upload marked failed, with the reason.
     */
    async finishUpload(uploadId: string, file: string): Promise<{ videoId: number; assetId: number }> {
      const upload = await repo.findUpload(db, uploadId);
      if (!upload || upload.status !== 'uploading') throw new UploadRefusal(409, 'This upload has ended already');
      try {
        await probeUpload(await binary(), file);
      } catch (error) {
        const reason = error instanceof UnacceptableUploadError ? error.message : `The file could not be checked: ${String(error)}`;
        await fs.rm(file, { force: true });
        await repo.endUpload(db, uploadId, 'failed', reason);
        throw new UploadRefusal(error instanceof UnacceptableUploadError ? 422 : 500, reason);
      }
      const sourceName = `uploads/${upload.video_id}-${uploadId}`;
      const source = paths.source(sourceName);
      await fs.mkdir(path.dirname(source), { recursive: true });
      await fs.rename(file, source);
      const assetId = await db.transaction(async (tx) => {
        if (!(await repo.endUpload(tx, uploadId, 'received', null))) throw new UploadRefusal(409, 'This upload has ended already');
        const asset = await insertPendingAsset(tx, { kind: 'video', title: upload.file_name, sourceName });
        await repo.linkMedia(tx, upload.video_id, asset.id);
        return asset.id;
      });
      // Not running (a command, a test without workers): the asset stays pending and is queued when the jobs start.
      await queueTranscode(deps.jobs, assetId).catch((error: unknown) => log.warn({ err: error }, `Media asset ${assetId} waits for the job queue to start`));
      return { videoId: upload.video_id, assetId };
    },
  };
}

export type BackofficeVideosService = ReturnType<typeof createBackofficeVideosService>;
