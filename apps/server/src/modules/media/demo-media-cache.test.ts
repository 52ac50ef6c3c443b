import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaAsset } from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { findFfmpeg, renderLavfiClip, type FfmpegBinary } from '../../lib/ffmpeg';
import { warmDemoMediaCache } from './demo-media-cache';
import { processAsset, RENDITION_RUNGS } from './media-jobs';
import { mediaPaths } from './media-paths';

describe('the demo media cache (DEMO_MEDIA_CACHE_DIR)', () => {
  let t: TestApp;
  let binary: FfmpegBinary;
  let cacheDir: string;
  const recipe = { video: 'testsrc2=size=640x360:rate=25', seconds: 1 };
  const missingSource = (name: string) => (name === 'demo/cached.mp4' ? recipe : undefined);

  beforeAll(async () => {
    t = await buildTestApp();
    binary = (await findFfmpeg())!;
    cacheDir = await fs.mkdtemp(path.join(os.tmpdir(), 'velora-demo-media-cache-'));
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(cacheDir, { recursive: true, force: true });
  });

  /** A fresh data folder on the same database, as the next server started on a new DATA_DIR. */
  async function freshDataDir(): Promise<string> {
    return fs.mkdtemp(path.join(os.tmpdir(), 'velora-demo-media-data-'));
  }

  it('transcodes a demo clip once: a second data folder gets the same renditions without running ffmpeg', async () => {
    const first = await freshDataDir();
    const second = await freshDataDir();
    try {
      const deps = (dataDir: string) => ({ ...t.deps, config: { ...t.deps.config, dataDir, demoMediaCacheDir: cacheDir }, missingSource });
      const a = await createMediaAsset(t, { title: 'a', sourceName: 'demo/cached.mp4', status: 'processing' });
      const made = await processAsset(deps(first), a, { binary });
      expect(made.renditions).toEqual([360]);

      // An ffmpeg that cannot run: only the cache can make this asset ready.
      const b = await createMediaAsset(t, { title: 'b', sourceName: 'demo/cached.mp4', status: 'processing' });
      const broken: FfmpegBinary = { ...binary, path: path.join(first, 'no-such-ffmpeg') };
      const copied = await processAsset(deps(second), b, { binary: broken });
      expect(copied.renditions).toEqual(made.renditions);
      expect(copied.probe).toEqual(made.probe);
      const [row] = await t.deps.db.query<{ status: string; renditions: number[]; duration_ms: number }>('SELECT status, renditions, duration_ms FROM media_assets WHERE id = $1', [b.id]);
      expect(row).toMatchObject({ status: 'ready', renditions: [360], duration_ms: made.probe.durationMs });
      const files = async (dir: string) => (await fs.readdir(dir, { recursive: true })).map(String).sort();
      expect(await files(mediaPaths(second).hlsDir(b.id))).toEqual(await files(mediaPaths(first).hlsDir(a.id)));
      await expect(fs.access(mediaPaths(second).source('demo/cached.mp4'))).resolves.toBeUndefined();
    } finally {
      await fs.rm(first, { recursive: true, force: true });
      await fs.rm(second, { recursive: true, force: true });
    }
  });

  it('keeps nothing but demo clips: an asset with a source of its own is transcoded and not kept', async () => {
    const dataDir = await freshDataDir();
    try {
      const source = mediaPaths(dataDir).source('imports/own.mp4');
      await fs.mkdir(path.dirname(source), { recursive: true });
      await renderLavfiClip(binary, { ...recipe, output: source });
      const before = await fs.readdir(cacheDir);
      const asset = await createMediaAsset(t, { title: 'own', sourceName: 'imports/own.mp4', status: 'processing' });
      await processAsset({ ...t.deps, config: { ...t.deps.config, dataDir, demoMediaCacheDir: cacheDir }, missingSource }, asset, { binary });
      expect(await fs.readdir(cacheDir)).toEqual(before);
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
  it('is filled ahead by warmDemoMediaCache under the names a transcode job looks for', async () => {
    const warmed = await fs.mkdtemp(path.join(os.tmpdir(), 'velora-demo-media-warm-'));
    const dataDir = await freshDataDir();
    try {
      // A clip object as the seed has them (a title and a kind beside the recipe): the name ignores what is not media.
      const clip = { ...recipe, sourceName: 'demo/cached.mp4', title: 'Cached', kind: 'video' as const };
      expect(await warmDemoMediaCache(warmed, binary, [{ recipe: clip, rungs: RENDITION_RUNGS.video }])).toBe(1);
      expect(await warmDemoMediaCache(warmed, binary, [{ recipe: clip, rungs: RENDITION_RUNGS.video }])).toBe(0);
      const asset = await createMediaAsset(t, { title: 'warm', sourceName: 'demo/cached.mp4', status: 'processing' });
      const broken: FfmpegBinary = { ...binary, path: path.join(dataDir, 'no-such-ffmpeg') };
      const result = await processAsset({ ...t.deps, config: { ...t.deps.config, dataDir, demoMediaCacheDir: warmed }, missingSource: () => clip }, asset, { binary: broken });
      expect(result.renditions).toEqual([360]);
    } finally {
      await fs.rm(warmed, { recursive: true, force: true });
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
