import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Queryable } from '../../db/database';
import type { JobQueue, JobRun } from '../../lib/jobs/job-queue';
import type { Platform } from '../../platform';
import {
  FFMPEG_MISSING_MESSAGE,
  FfmpegError,
  findFfmpeg,
  grabFrame,
  pickRenditions,
  probeMedia,
  renderLavfiClip,
  transcodeHls,
  type FfmpegBinary,
  type LavfiClip,
  type MediaProbe,
} from '../../lib/ffmpeg';
import { demoMediaEntry, keepDemoMedia, restoreDemoMedia } from './demo-media-cache';
import { forgetSizes } from './media-images';
import { mediaPaths } from './media-paths';
import { mediaRepository, type AssetKind, type AssetRow } from './media.repository';

// Transcoding as jobs: one job per media asset on the job queue, whose row goes pending → processing → ready | failed
// (the player reads it). The job claims the row, so no asset is transcoded twice at once across instances, and beats a
// heartbeat (updated_at) while it works: work left by a crashed instance is taken back after STALE_SECONDS of silence,
// much sooner than the job's own expiry, which must outlast the longest transcode.

/** Renditions (short side of the picture): product §9, 360 to 1080, and 160 to 1080 for about-us videos. */
export const RENDITION_RUNGS: Record<AssetKind, readonly number[]> = {
  video: [360, 480, 720, 1080],
  censored: [360, 480, 720, 1080],
  about_us: [160, 240, 360, 480, 720, 1080],
};

const HEARTBEAT_MS = 15_000;
export const STALE_SECONDS = 120;

/** The job queue's names: one transcode per asset, and the minutely look for work left by a crashed instance. */
export const TRANSCODE_JOB = 'media-transcode';
export const MEDIA_SWEEP_JOB = 'media-sweep';

/** A source that no retry can help: missing, or not a video. */
export class UnusableSourceError extends Error {}

export type Stage = 'source' | 'transcode';

export interface ProcessOptions {
  binary: FfmpegBinary;
  /** Progress of the current stage, 0 to 1. */
  onProgress?: (fraction: number, stage: Stage) => void;
  signal?: AbortSignal;
}

export interface ProcessResult {
  renditions: number[];
  probe: MediaProbe;
  source: string;
}

const exists = (file: string) => fs.access(file).then(() => true, () => false);

/** How to generate a source file that is missing (an ffmpeg test-source recipe), or undefined when it cannot be. */
export type MissingSourceRecipe = (sourceName: string) => Omit<LavfiClip, 'output'> | undefined;

/** What transcoding is built from; the composition root passes the demo's clip recipes as `missingSource`. */
export interface MediaJobDeps extends Pick<Platform, 'config' | 'db'> {
  missingSource?: MissingSourceRecipe;
}

/**
 * Transcodes one claimed asset into DATA_DIR/media/hls/<id>/ and marks it ready. A missing source with a recipe
 * (`missingSource`: the demo clips) is generated first. The renditions are written beside the final folder and swapped in whole: a player never sees a
 * half-written asset. Throws on failure, leaving the row to the caller.
 */
export async function processAsset(deps: MediaJobDeps, asset: AssetRow, options: ProcessOptions): Promise<ProcessResult> {
  const paths = mediaPaths(deps.config.dataDir);
  const heartbeat = setInterval(() => void mediaRepository.touch(deps.db, asset.id).catch(() => undefined), HEARTBEAT_MS);
  heartbeat.unref();
  try {
    const source = paths.source(asset.source_name);
    const finalDir = paths.hlsDir(asset.id);
    let cacheEntry: ReturnType<typeof demoMediaEntry> | null = null;
    if (!(await exists(source))) {
      const recipe = deps.missingSource?.(asset.source_name);
      if (!recipe) throw new UnusableSourceError(`The source file is missing: ${source}`);
      const cacheDir = deps.config.demoMediaCacheDir;
      cacheEntry = cacheDir ? demoMediaEntry(cacheDir, recipe, RENDITION_RUNGS[asset.kind], options.binary.version) : null;
      const kept = cacheEntry && (await restoreDemoMedia(cacheEntry, { source, hlsDir: finalDir }));
      if (kept) {
        await mediaRepository.markReady(deps.db, asset.id, { renditions: kept.renditions, width: kept.probe.width, height: kept.probe.height, durationMs: kept.probe.durationMs });
        await mediaRepository.syncVideoDurations(deps.db, asset.id);
        return { ...kept, source };
      }
      await renderLavfiClip(options.binary, { ...recipe, output: source }, {
        signal: options.signal,
        onProgress: (f) => options.onProgress?.(f, 'source'),
      });
    }
    const probe = await probeMedia(options.binary, source).catch((error: unknown) => {
      throw error instanceof FfmpegError && !options.signal?.aborted ? new UnusableSourceError(error.message) : error;
    });
    const renditions = pickRenditions(Math.min(probe.width, probe.height), RENDITION_RUNGS[asset.kind]);

    const workDir = path.join(paths.hlsRoot, `.${asset.id}.${randomBytes(4).toString('hex')}.tmp`);
    try {
      await transcodeHls(options.binary, {
        input: source,
        outDir: workDir,
        probe,
        renditions,
        signal: options.signal,
        onProgress: (f) => options.onProgress?.(f, 'transcode'),
      });
      await fs.rm(finalDir, { recursive: true, force: true });
      await fs.rename(workDir, finalDir);
    } finally {
      await fs.rm(workDir, { recursive: true, force: true });
    }
    if (cacheEntry) await keepDemoMedia(cacheEntry, { source, hlsDir: finalDir }, { renditions, probe });
    await mediaRepository.markReady(deps.db, asset.id, { renditions, width: probe.width, height: probe.height, durationMs: probe.durationMs });
    // The videos that play this media last as long as it does (the seed's, an import's).
    await mediaRepository.syncVideoDurations(deps.db, asset.id);
    return { renditions, probe, source };
  } finally {
    clearInterval(heartbeat);
  }
}

/** Grabs a frame of a video's media as the video's original picture; every size of it is cut from that from now on. */
export async function storeVideoCover(deps: Pick<Platform, 'config'>, binary: FfmpegBinary, videoId: number, source: string, probe: MediaProbe) {
  const paths = mediaPaths(deps.config.dataDir);
  // A third in, at most ten seconds: past any fade-in, early enough to hold no spoiler.
  const at = Math.min(probe.durationMs / 3000, 10);
  await grabFrame(binary, source, paths.original('video', videoId), at);
  await forgetSizes(paths, 'video', videoId);
}

export interface ImportOptions extends ProcessOptions {
  file: string;
  kind: 'video' | 'about_us';
  title?: string;
  /** The video that plays this media; it also gets a cover grabbed from it. */
  videoId?: number;
  /** Told the new asset's id as soon as it exists. */
  onAsset?: (assetId: number) => void;
}

export class ImportError extends Error {}

/**
 * Imports a video file: keeps a copy of the source under DATA_DIR/media/sources/imports, creates the asset (already
 * claimed, so no job runner takes it), transcodes it, and links it to the video with a cover grabbed from it.
 */
export async function importVideoFile(deps: MediaJobDeps, options: ImportOptions): Promise<ProcessResult & { assetId: number }> {
  const { db } = deps;
  if (options.videoId !== undefined && !(await mediaRepository.videoExists(db, options.videoId))) {
    throw new ImportError(`There is no video ${options.videoId}`);
  }
  await probeMedia(options.binary, options.file); // fails early on a file that is not a video
  const paths = mediaPaths(deps.config.dataDir);
  const base = path.basename(options.file).replace(/[^A-Za-z0-9._-]+/g, '_').slice(-80);
  const sourceName = `imports/${Date.now().toString(36)}-${randomBytes(3).toString('hex')}-${base}`;
  const source = paths.source(sourceName);
  await fs.mkdir(path.dirname(source), { recursive: true });
  // A hard link costs no space; across file systems, a copy.
  await fs.link(options.file, source).catch(() => fs.copyFile(options.file, source));

  const asset = await mediaRepository.insert(db, {
    kind: options.kind,
    title: options.title ?? path.basename(options.file, path.extname(options.file)),
    sourceName,
    status: 'processing',
  });
  options.onAsset?.(asset.id);
  try {
    const result = await processAsset(deps, asset, options);
    if (options.videoId !== undefined) {
      await mediaRepository.linkVideo(db, options.videoId, asset.id, Math.round(result.probe.durationMs / 1000));
      await storeVideoCover(deps, options.binary, options.videoId, result.source, result.probe);
    }
    return { ...result, assetId: asset.id };
  } catch (error) {
    const message = options.signal?.aborted ? 'The import was cancelled' : error instanceof Error ? error.message : String(error);
    await mediaRepository.markFailed(db, asset.id, message);
    throw error;
  }
}

export interface JobLog {
  info(message: string): void;
  warn(message: string): void;
}

export interface MediaJobsOptions {
  log: JobLog;
  findBinary?: () => Promise<FfmpegBinary | null>;
  /** Told of every status a job gives an asset (tests). */
  onStatus?: (assetId: number, status: 'processing' | 'ready' | 'failed' | 'pending') => void;
  /** Transcodes at once on this instance (default 1: ffmpeg already uses every core). */
  concurrency?: number;
  /** Attempts after a failed transcode (default 3), the first after `retryDelaySeconds` (default 30), then doubling. */
  retries?: number;
  retryDelaySeconds?: number;
  /**
   * Whether this instance is the only one on its database (default: on PGlite, which one process holds): then every
   * asset left processing at start was interrupted, and is taken back at once instead of after STALE_SECONDS.
   */
  singleInstance?: boolean;
  /** The transcoding itself (tests put a failing one in). */
  transcode?: typeof processAsset;
}

export interface MediaJobs {
  /** Queues the transcoding of one asset; a second one while the first waits is dropped. */
  queueAsset(assetId: number): Promise<void>;
  /**
   * After the job queue started: queues every pending asset (the demo seed's, those a stopped instance put back) and
   * takes back the interrupted ones. Returns how many it queued.
   */
  queuePending(): Promise<number>;
}

/** A media asset for a source that just arrived (the back office's uploads), pending until its transcode runs. */
export function insertPendingAsset(db: Queryable, asset: { kind: 'video' | 'about_us'; title: string; sourceName: string }): Promise<AssetRow> {
  return mediaRepository.insert(db, { ...asset, status: 'pending' });
}

/** Queues the transcoding of one asset (the uploads of the back office queue theirs this way). */
export async function queueTranscode(jobs: Pick<JobQueue, 'send'>, assetId: number): Promise<void> {
  await jobs.send(TRANSCODE_JOB, { assetId }, { singletonKey: `asset-${assetId}` });
}

/** Transcode attempts after a failed one: a crash of ffmpeg or a full disk may pass; a broken source does not. */
const TRANSCODE_RETRIES = 3;
/** Longer than any transcode (a run past it is aborted and retried); pg-boss allows less than a day. */
const TRANSCODE_EXPIRY_SECONDS = 4 * 3600;

export async function registerMediaJobs(jobs: JobQueue, deps: MediaJobDeps, options: MediaJobsOptions): Promise<MediaJobs> {
  const { db } = deps;
  const { log } = options;
  const transcode = options.transcode ?? processAsset;
  const singleInstance = options.singleInstance ?? db.engine === 'pglite';
  let binaryLookup: Promise<FfmpegBinary | null> | null = null;
  const binary = () => {
    binaryLookup ??= (options.findBinary ?? (() => findFfmpeg()))().then((found) => {
      if (!found) log.warn(`Media: ${FFMPEG_MISSING_MESSAGE}. Videos cannot be transcoded; their assets are marked failed.`);
      else log.info(`Media: transcoding with ${found.source === 'npm' ? 'the npm' : 'the system'} ffmpeg ${found.version} (${found.path})`);
      return found;
    });
    return binaryLookup;
  };

  async function transcodeAsset({ assetId }: { assetId: number }, run: JobRun) {
    // Taken as the queue stopped: leave the asset alone; the run is retried.
    if (run.signal.aborted) throw run.signal.reason;
    const ffmpeg = await binary();
    const asset = await mediaRepository.claim(db, assetId, STALE_SECONDS);
    // Ready, failed, gone, or being transcoded by another instance: nothing to do.
    if (!asset) return;
    if (!ffmpeg) {
      await mediaRepository.markFailed(db, asset.id, FFMPEG_MISSING_MESSAGE);
      options.onStatus?.(asset.id, 'failed');
      return;
    }
    const started = Date.now();
    options.onStatus?.(asset.id, 'processing');
    log.info(`Media asset ${asset.id} (${asset.kind}, ${asset.source_name}): transcoding…`);
    // The back office shows the progress (decision 074): written at most once a second, never awaited by ffmpeg.
    let lastProgressAt = 0;
    const onProgress = (fraction: number, stage: Stage) => {
      const now = Date.now();
      if (stage !== 'transcode' || now - lastProgressAt < 1000) return;
      lastProgressAt = now;
      void mediaRepository.setProgress(db, asset.id, fraction).catch(() => undefined);
    };
    try {
      const { renditions } = await transcode(deps, asset, { binary: ffmpeg, signal: run.signal, onProgress });
      options.onStatus?.(asset.id, 'ready');
      log.info(`Media asset ${asset.id} ready: ${renditions.map((r) => `${r}p`).join(', ')} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const retried = !(error instanceof UnusableSourceError) && run.retryCount < run.retryLimit;
      if (run.signal.aborted || retried) {
        await mediaRepository.markPending(db, asset.id);
        options.onStatus?.(asset.id, 'pending');
        if (!run.signal.aborted) log.warn(`Media asset ${asset.id} failed (${message}); it is tried again later`);
        throw error;
      }
      await mediaRepository.markFailed(db, asset.id, message);
      options.onStatus?.(asset.id, 'failed');
      log.warn(`Media asset ${asset.id} failed: ${message}`);
    }
  }

  const queueAsset = (assetId: number) => queueTranscode(jobs, assetId);

  async function queueInterrupted(): Promise<number> {
    const ids = await mediaRepository.abandonedIds(db, STALE_SECONDS);
    for (const id of ids) await queueAsset(id);
    if (ids.length > 0) log.info(`Media: ${ids.length} interrupted asset(s) back in the queue`);
    return ids.length;
  }

  jobs.define(TRANSCODE_JOB, transcodeAsset, {
    unique: 'waiting',
    concurrency: options.concurrency ?? 1,
    retryLimit: options.retries ?? TRANSCODE_RETRIES,
    retryDelaySeconds: options.retryDelaySeconds ?? 30,
    retryBackoff: true,
    expireInSeconds: TRANSCODE_EXPIRY_SECONDS,
  });
  jobs.define(MEDIA_SWEEP_JOB, async () => void (await queueInterrupted()), { unique: 'waiting-and-running', retryLimit: 0 });
  await jobs.schedule(MEDIA_SWEEP_JOB, '* * * * *');

  return {
    queueAsset,
    async queuePending() {
      await binary();
      // Databases seeded or imported before durations followed the media: put them right once.
      const fixed = await mediaRepository.syncVideoDurations(db);
      if (fixed > 0) log.info(`Media: the duration of ${fixed} video(s) set to their media's length`);
      if (singleInstance) {
        const requeued = await mediaRepository.requeueStale(db, 0);
        if (requeued > 0) log.info(`Media: ${requeued} interrupted asset(s) back in the queue`);
      }
      const pending = await mediaRepository.pendingIds(db);
      for (const id of pending) await queueAsset(id);
      return pending.length + (await queueInterrupted());
    },
  };
}
