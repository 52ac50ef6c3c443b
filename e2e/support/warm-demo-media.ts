import { DEMO_CLIPS } from '../../apps/server/src/demo/seed-media';
import { findFfmpeg } from '../../apps/server/src/lib/ffmpeg';
import { warmDemoMediaCache } from '../../apps/server/src/modules/media/demo-media-cache';
import { RENDITION_RUNGS } from '../../apps/server/src/modules/media/media-jobs';
import { DEMO_MEDIA_CACHE_DIR } from './start-server';

/**
 * The browser suites' global setup: the demo clips transcoded once, before the first server starts, so that no
 * server of the run spends its test's minutes transcoding them (decision record 065).
 */
export default async function warmDemoMedia(): Promise<void> {
  const binary = await findFfmpeg();
  if (!binary) return;
  const started = Date.now();
  const made = await warmDemoMediaCache(
    DEMO_MEDIA_CACHE_DIR,
    binary,
    DEMO_CLIPS.map((clip) => ({ recipe: clip, rungs: RENDITION_RUNGS[clip.kind] })),
  );
  if (made > 0) console.log(`Demo media: ${made} clip(s) transcoded into ${DEMO_MEDIA_CACHE_DIR} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}
