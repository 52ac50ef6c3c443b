import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMediaAsset } from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { createTestJobQueues, type TestJobQueues } from '../../../test/test-job-queue';
import { seedCatalog } from '../../demo/seed-catalog';
import { DEMO_CLIPS } from '../../demo/seed-media';
import { FFMPEG_MISSING_MESSAGE, findFfmpeg, probeMedia, renderLavfiClip, type FfmpegBinary } from '../../lib/ffmpeg';
import type { JobQueue } from '../../lib/jobs/job-queue';
import { ImportError, importVideoFile, processAsset, registerMediaJobs, type MediaJobsOptions } from './media-jobs';
import { mediaPaths } from './media-paths';

type Status = 'pending' | 'processing' | 'ready' | 'failed';

describe('transcoding on the job queue', () => {
  let t: TestApp;
  let binary: FfmpegBinary;
  let queues: TestJobQueues;
  const logs: string[] = [];
  const log = { info: (m: string) => logs.push(m), warn: (m: string) => logs.push(`WARN ${m}`) };

  beforeAll(async () => {
    t = await buildTestApp();
    binary = (await findFfmpeg())!;
    // One tiny source for every test: 2 s at 640x360, so one 360p rendition.
    await renderLavfiClip(binary, {
      output: mediaPaths(t.deps.config.dataDir).source('test/clip.mp4'),
      video: 'testsrc2=size=640x360:rate=25',
      audio: 'sine=frequency=440:sample_rate=48000',
      seconds: 2,
    });
  });
  beforeEach(() => {
    queues = createTestJobQueues(t.deps.db);
  });
  afterEach(async () => {
    await queues.close();
    await t.deps.db.query('UPDATE videos SET media_asset_id = NULL');
    await t.deps.db.query('DELETE FROM media_assets');
    logs.length = 0;
  });
  afterAll(() => t.close());

  const insert = async (sourceName: string, status: 'pending' | 'processing' = 'pending') =>
    (await createMediaAsset(t, { title: sourceName, sourceName, status })).id;
  const row = async (id: number) =>
    (await t.deps.db.query<{ status: Status; renditions: number[]; width: number | null; height: number | null; duration_ms: number | null; error: string | null }>(
      'SELECT status, renditions, width, height, duration_ms, error FROM media_assets WHERE id = $1',
      [id],
    ))[0]!;
  /** One instance of the server's job queue with the media jobs on it, started. */
  const instance = async (options: Partial<MediaJobsOptions> = {}, jobs: JobQueue = queues.instance()) => {
    const media = await registerMediaJobs(jobs, t.deps, { log, retryDelaySeconds: 1, ...options });
    await jobs.start();
    return { jobs, media };
  };
  /** Until every asset is ready or failed. */
  const settled = async (...ids: number[]) => {
    const deadline = Date.now() + 25_000;
    for (;;) {
      const statuses = await Promise.all(ids.map(async (id) => (await row(id)).status));
      if (statuses.every((s) => s === 'ready' || s === 'failed')) return;
      if (Date.now() > deadline) throw new Error(`still ${statuses.join(', ')}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  it('takes a pending asset through processing to ready, with its renditions, size and duration', async () => {
    const id = await insert('test/clip.mp4');
    const seen: Array<[number, string]> = [];
    const seenInDb: Status[] = [];
    const { media } = await instance({
      onStatus: (assetId, status) => {
        seen.push([assetId, status]);
        if (status === 'processing') void row(assetId).then((x) => seenInDb.push(x.status));
      },
    });
    expect(await media.queuePending()).toBe(1);
    await settled(id);
    // The row is written before the callback runs: a poll can see "ready" a moment before it is announced.
    await vi.waitFor(() => expect(seen).toEqual([[id, 'processing'], [id, 'ready']]), { timeout: 5000 });
    expect(seenInDb).toEqual(['processing']);
    expect(await row(id)).toMatchObject({ status: 'ready', renditions: [360], width: 640, height: 360, error: null });
    expect((await row(id)).duration_ms).toBeGreaterThan(1900);
    const dir = mediaPaths(t.deps.config.dataDir).hlsDir(id);
    expect(await fs.readFile(path.join(dir, 'master.m3u8'), 'utf8')).toContain('360p.m3u8');
    // Nothing half-written is left beside the finished folder.
    expect((await fs.readdir(path.dirname(dir))).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('gives the videos playing an asset its length once transcoded, and puts right older rows at start', async () => {
    const { videoIds } = await t.deps.db.transaction((tx) => seedCatalog(tx, { models: 1, videos: 2, shoots: 0, now: new Date() }));
    const [first, second] = videoIds as [number, number];
    const id = await insert('test/clip.mp4');
    await t.deps.db.query('UPDATE videos SET media_asset_id = $1, duration = 1387 WHERE id = $2', [id, first]);
    const duration = async (videoId: number) => (await t.deps.db.query<{ duration: number }>('SELECT duration FROM videos WHERE id = $1', [videoId]))[0]!.duration;
    const { media, jobs } = await instance();
    await media.queuePending();
    await settled(id);
    expect(await duration(first)).toBe(Math.round((await row(id)).duration_ms! / 1000));
    expect(await duration(first)).toBe(2);

    // A database seeded before this rule: a video on ready media with another length is put right at the next start.
    await t.deps.db.query('UPDATE videos SET media_asset_id = $1, duration = 754 WHERE id = $2', [id, second]);
    await jobs.stop();
    const again = await instance();
    await again.media.queuePending();
    expect(await duration(second)).toBe(2);
    expect(logs.join('\n')).toMatch(/the duration of 1 video\(s\) set to their media's length/);
  });

  it('processes assets one at a time, oldest first', async () => {
    const first = await insert('test/clip.mp4');
    const second = await insert('test/clip.mp4');
    const seen: Array<[number, string]> = [];
    const { media } = await instance({ onStatus: (id, status) => seen.push([id, status]) });
    await media.queuePending();
    await settled(first, second);
    await vi.waitFor(() => expect(seen).toHaveLength(4), { timeout: 5000 });
    expect(seen).toEqual([[first, 'processing'], [first, 'ready'], [second, 'processing'], [second, 'ready']]);
  });

  it('marks an asset failed, with the reason, when its source is missing or not a video, without retrying', async () => {
    const missing = await insert('imports/gone.mp4');
    const garbageFile = mediaPaths(t.deps.config.dataDir).source('imports/not-a-video.mp4');
    await fs.mkdir(path.dirname(garbageFile), { recursive: true });
    await fs.writeFile(garbageFile, 'hello');
    const garbage = await insert('imports/not-a-video.mp4');
    const { media } = await instance();
    await media.queuePending();
    await settled(missing, garbage);
    expect(await row(missing)).toMatchObject({ status: 'failed', error: expect.stringContaining('source file is missing') });
    expect(await row(garbage)).toMatchObject({ status: 'failed', error: expect.stringContaining('Not a readable video file') });
    expect(logs.filter((l) => l.startsWith('WARN'))).toHaveLength(2);
    expect(logs.join('\n')).not.toMatch(/tried again/);
  });

  it('retries a transcode that failed for a passing reason, after a delay, and then it succeeds', async () => {
    const id = await insert('test/clip.mp4');
    const seen: Array<[string, number]> = [];
    let calls = 0;
    const { media } = await instance({
      onStatus: (_, status) => seen.push([status, Date.now()]),
      transcode: async (deps, asset, options) => {
        calls += 1;
        if (calls === 1) throw new Error('ffmpeg was killed');
        return processAsset(deps, asset, options);
      },
    });
    await media.queuePending();
    await settled(id);
    await vi.waitFor(() => expect(seen.map(([status]) => status)).toEqual(['processing', 'pending', 'processing', 'ready']), { timeout: 5000 });
    expect(seen[2]![1] - seen[1]![1]).toBeGreaterThanOrEqual(900);
    expect(logs.join('\n')).toMatch(new RegExp(`WARN Media asset ${id} failed \\(ffmpeg was killed\\); it is tried again later`));
    expect((await row(id)).status).toBe('ready');
  });

  it('marks the asset failed when its last retry fails too', async () => {
    const id = await insert('test/clip.mp4');
    let calls = 0;
    const { media } = await instance({
      retries: 1,
      transcode: async () => {
        calls += 1;
        throw new Error(`disk full (${calls})`);
      },
    });
    await media.queuePending();
    await settled(id);
    expect(calls).toBe(2);
    expect(await row(id)).toMatchObject({ status: 'failed', error: 'disk full (2)' });
  });

  it('never transcodes one asset twice at once, with two instances each asked to', async () => {
    const id = await insert('test/clip.mp4');
    const seen: Array<[string, string]> = [];
    const a = await instance({ singleInstance: false, onStatus: (_, status) => seen.push(['a', status]) });
    const b = await instance({ singleInstance: false, onStatus: (_, status) => seen.push(['b', status]) });
    await Promise.all([a.media.queuePending(), b.media.queuePending(), a.media.queueAsset(id), b.media.queueAsset(id)]);
    await settled(id);
    // Any job that comes after the first finds the asset taken or ready.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(seen.map(([, status]) => status)).toEqual(['processing', 'ready']);
    expect((await row(id)).status).toBe('ready');
  });

  it('generates a missing source from the recipe it is given (the demo clips, from the composition root), then transcodes it', async () => {
    const id = await insert('demo/generated.mp4');
    const recipe = { video: 'testsrc2=size=640x360:rate=25', seconds: 1 };
    const jobs = queues.instance();
    const media = await registerMediaJobs(jobs, { ...t.deps, missingSource: (name) => (name === 'demo/generated.mp4' ? recipe : undefined) }, { log, retryDelaySeconds: 1 });
    await jobs.start();
    await media.queuePending();
    await settled(id);
    expect(await row(id)).toMatchObject({ status: 'ready', renditions: [360] });
    await expect(fs.access(mediaPaths(t.deps.config.dataDir).source('demo/generated.mp4'))).resolves.toBeUndefined();
  });

  it('resumes after a restart: an asset left processing goes back in the queue and is finished', async () => {
    const id = await insert('test/clip.mp4', 'processing');
    // As an instance that died a while ago would have left it (on PostgreSQL only stale work is taken over).
    await t.deps.db.query(`UPDATE media_assets SET updated_at = now() - interval '1 hour' WHERE id = $1`, [id]);
    const { media } = await instance();
    await media.queuePending();
    await settled(id);
    expect((await row(id)).status).toBe('ready');
    expect(logs.join('\n')).toMatch(/1 interrupted asset\(s\) back in the queue/);
  });

  it('takes back the asset of an instance gone silent on the minutely sweep, without a restart', async () => {
    const id = await insert('test/clip.mp4', 'processing');
    await t.deps.db.query(`UPDATE media_assets SET updated_at = now() - interval '1 hour' WHERE id = $1`, [id]);
    // No queuePending: the sweep's schedule ticks as the queue starts.
    await instance({ singleInstance: false });
    await settled(id);
    expect((await row(id)).status).toBe('ready');
    expect(logs.join('\n')).toMatch(/1 interrupted asset\(s\) back in the queue/);
  });

  it('puts the asset back to pending when stopped in the middle', async () => {
    const id = await insert('test/clip.mp4');
    const jobs = queues.instance();
    let stopping: Promise<void> | undefined;
    const { media } = await instance(
      {
        onStatus: (_, status) => {
          if (status === 'processing') stopping = jobs.stop();
        },
      },
      jobs,
    );
    await media.queuePending();
    const deadline = Date.now() + 20_000;
    while (!stopping && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    await stopping;
    expect((await row(id)).status).toBe('pending');
  });

  it('without any ffmpeg, warns clearly and marks waiting assets failed with that reason', async () => {
    const id = await insert('test/clip.mp4');
    const { media } = await instance({ findBinary: async () => null });
    await media.queuePending();
    await settled(id);
    expect(await row(id)).toMatchObject({ status: 'failed', error: FFMPEG_MISSING_MESSAGE });
    expect(logs.join('\n')).toMatch(/WARN Media: ffmpeg was not found: install it/);
  });
});

describe('importVideoFile', () => {
  let t: TestApp;
  let binary: FfmpegBinary;
  let file: string;
  let videoId: number;
  beforeAll(async () => {
    t = await buildTestApp();
    binary = (await findFfmpeg())!;
    file = path.join(t.deps.config.dataDir, 'upload.mp4');
    await renderLavfiClip(binary, { output: file, video: 'testsrc2=size=480x270:rate=25', audio: 'sine=frequency=220:sample_rate=48000', seconds: 2 });
    const catalog = await t.deps.db.transaction((tx) => seedCatalog(tx, { models: 1, videos: 1, shoots: 1, now: new Date() }));
    videoId = catalog.videoIds[0]!;
  });
  afterAll(() => t.close());

  it('transcodes with progress, links the video (taking its real duration), and grabs its cover', async () => {
    // The video's picture was drawn from its pattern before; the import replaces it.
    const before = await t.app.inject({ method: 'GET', url: `/media/images/video/${videoId}/370x206.jpg` });
    const progress: number[] = [];
    const result = await importVideoFile(t.deps, { file, kind: 'about_us', title: 'Welcome', videoId, binary, onProgress: (f) => progress.push(f) });
    expect(result.renditions).toEqual([160, 240]);
    expect(progress.at(-1)).toBe(1);
    const [asset] = await t.deps.db.query<{ kind: string; title: string; status: string }>('SELECT kind, title, status FROM media_assets WHERE id = $1', [result.assetId]);
    expect(asset).toEqual({ kind: 'about_us', title: 'Welcome', status: 'ready' });
    const [video] = await t.deps.db.query<{ media_asset_id: number; duration: number }>('SELECT media_asset_id, duration FROM videos WHERE id = $1', [videoId]);
    expect(video).toEqual({ media_asset_id: result.assetId, duration: 2 });

    const cover = mediaPaths(t.deps.config.dataDir).original('video', videoId);
    expect(await sharp(cover).metadata()).toMatchObject({ format: 'jpeg', width: 480, height: 270 });
    const after = await t.app.inject({ method: 'GET', url: `/media/images/video/${videoId}/370x206.jpg` });
    expect(after.statusCode).toBe(200);
    expect(after.rawPayload.equals(before.rawPayload)).toBe(false);
  });

  it('refuses a video that does not exist and a file that is no video, creating no asset', async () => {
    const count = async () => (await t.deps.db.query<{ n: number }>('SELECT count(*)::int AS n FROM media_assets'))[0]!.n;
    const before = await count();
    await expect(importVideoFile(t.deps, { file, kind: 'video', videoId: 999_999, binary })).rejects.toThrow(ImportError);
    const text = path.join(t.deps.config.dataDir, 'notes.txt');
    await fs.writeFile(text, 'not a video');
    await expect(importVideoFile(t.deps, { file: text, kind: 'video', binary })).rejects.toThrow(/Not a readable video file/);
    expect(await count()).toBe(before);
  });
});

describe('the demo clip recipes', () => {
  it.each([
    ['system', () => findFfmpeg({ npm: false })],
    ['npm', () => findFfmpeg({ systemCandidates: [], searchPath: false })],
  ])('render on the %s ffmpeg (a fraction of a second of each)', async (_name, find) => {
    const binary = (await find())!;
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'velora-demo-'));
    try {
      for (const clip of DEMO_CLIPS) {
        const output = path.join(dir, `${clip.kind}.mp4`);
        await renderLavfiClip(binary, { ...clip, seconds: 0.2, output });
        const probe = await probeMedia(binary, output);
        expect(probe.height, clip.sourceName).toBeGreaterThanOrEqual(480);
        expect(probe.hasAudio, clip.sourceName).toBe(clip.audio !== undefined);
      }
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
