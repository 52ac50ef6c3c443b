import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Platform } from '../../platform';
import {
  FFMPEG_MISSING_MESSAGE,
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
import { forgetSizes } from './media-images';
import { mediaPaths } from './media-paths';
import { mediaRepository, type AssetKind, type AssetRow } from './media.repository';

// The transcoding queue: media_assets rows go pending → processing → ready | failed, one at a time per instance.
// The worker beats a heartbeat (updated_at) while it works, so work left by a crashed or stopped instance goes back
// into the queue: at start for a single-instance database, after STALE_SECONDS of silence for a shared one.

/** Renditions (short side of the picture): SPEC §9, 360 to 1080, and 160 to 1080 for about-us videos. */
export const RENDITION_RUNGS: Record<AssetKind, readonly number[]> = {
  video: [360, 480, 720, 1080],
  censored: [360, 480, 720, 1080],
  about_us: [160, 240, 360, 480, 720, 1080],
};

const HEARTBEAT_MS = 15_000;
export const STALE_SECONDS = 120;

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
    if (!(await exists(source))) {
      const recipe = deps.missingSource?.(asset.source_name);
      if (!recipe) throw new Error(`The source file is missing: ${source}`);
      await renderLavfiClip(options.binary, { ...recipe, output: source }, {
        signal: options.signal,
        onProgress: (f) => options.onProgress?.(f, 'source'),
      });
    }
    const probe = await probeMedia(options.binary, source);
    const renditions = pickRenditions(Math.min(probe.width, probe.height), RENDITION_RUNGS[asset.kind]);

    const finalDir = paths.hlsDir(asset.id);
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
    await mediaRepository.markReady(deps.db, asset.id, { renditions, width: probe.width, height: probe.height, durationMs: probe.durationMs });
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

export interface MediaJobRunnerOptions {
  log: JobLog;
  /** How often an idle worker looks for new work. */
  pollMs?: number;
  findBinary?: () => Promise<FfmpegBinary | null>;
  /** Told of every status a worker gives an asset (tests). */
  onStatus?: (assetId: number, status: 'processing' | 'ready' | 'failed' | 'pending') => void;
}

export interface MediaJobRunner {
  start(): void;
  /** Stops after putting the current asset back in the queue; its ffmpeg is killed. */
  stop(): Promise<void>;
  /** Looks for work now instead of at the next poll. */
  wake(): void;
  /** Resolves the next time the queue is found empty with nothing in progress. */
  drained(): Promise<void>;
}

export function createMediaJobRunner(deps: MediaJobDeps, options: MediaJobRunnerOptions): MediaJobRunner {
  const { db } = deps;
  const { log } = options;
  const pollMs = options.pollMs ?? 5000;
  const findBinary = options.findBinary ?? (() => findFfmpeg());
  let running = false;
  let loop: Promise<void> | null = null;
  let current: AbortController | null = null;
  let wakeUp: (() => void) | null = null;
  let drainWaiters: Array<() => void> = [];

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeUp = null;
        resolve();
      }
      wakeUp = done;
    });

  const drainedNow = () => {
    const waiters = drainWaiters;
    drainWaiters = [];
    for (const w of waiters) w();
  };

  async function work(asset: AssetRow, binary: FfmpegBinary) {
    const started = Date.now();
    const controller = new AbortController();
    current = controller;
    options.onStatus?.(asset.id, 'processing');
    log.info(`Media asset ${asset.id} (${asset.kind}, ${asset.source_name}): transcoding…`);
    try {
      const { renditions } = await processAsset(deps, asset, { binary, signal: controller.signal });
      options.onStatus?.(asset.id, 'ready');
      log.info(`Media asset ${asset.id} ready: ${renditions.map((r) => `${r}p`).join(', ')} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    } catch (error) {
      if (controller.signal.aborted) {
        await mediaRepository.markPending(db, asset.id);
        options.onStatus?.(asset.id, 'pending');
        return;
      }
      const message = error instanceof Error ? error.message : String(error);
      await mediaRepository.markFailed(db, asset.id, message);
      options.onStatus?.(asset.id, 'failed');
      log.warn(`Media asset ${asset.id} failed: ${message}`);
    } finally {
      current = null;
    }
  }

  async function run() {
    const binary = await findBinary();
    if (!binary) log.warn(`Media: ${FFMPEG_MISSING_MESSAGE}. Videos cannot be transcoded; their assets are marked failed.`);
    else log.info(`Media: transcoding with ${binary.source === 'npm' ? 'the npm' : 'the system'} ffmpeg ${binary.version} (${binary.path})`);
    // A single-instance database has no other worker: whatever was processing was interrupted.
    const requeued = await mediaRepository.requeueStale(db, db.engine === 'pglite' ? 0 : STALE_SECONDS);
    if (requeued > 0) log.info(`Media: ${requeued} interrupted asset(s) back in the queue`);
    while (running) {
      try {
        if (!binary) {
          const failed = await mediaRepository.failAllPending(db, FFMPEG_MISSING_MESSAGE);
          if (failed > 0) log.warn(`Media: ${failed} asset(s) failed: ffmpeg is missing`);
          drainedNow();
          await sleep(pollMs);
          continue;
        }
        const asset = await mediaRepository.claimNext(db, STALE_SECONDS);
        if (!asset) {
          drainedNow();
          await sleep(pollMs);
          continue;
        }
        await work(asset, binary);
      } catch (error) {
        // The database went away for a moment, or is closing: try again later.
        if (running) log.warn(`Media: job runner error: ${error instanceof Error ? error.message : String(error)}`);
        await sleep(pollMs);
      }
    }
  }

  return {
    start() {
      if (running) return;
      running = true;
      loop = run();
    },
    async stop() {
      running = false;
      current?.abort(new Error('stopping'));
      wakeUp?.();
      await loop;
      loop = null;
    },
    wake() {
      wakeUp?.();
    },
    drained() {
      return new Promise((resolve) => {
        drainWaiters.push(resolve);
        wakeUp?.();
      });
    },
  };
}
