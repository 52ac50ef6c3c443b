import type { TestProject } from 'vitest/node';
import { DEMO_CLIPS } from '../../apps/server/src/demo/seed-media';
import { findFfmpeg } from '../../apps/server/src/lib/ffmpeg';
import { warmDemoMediaCache } from '../../apps/server/src/modules/media/demo-media-cache';
import { RENDITION_RUNGS } from '../../apps/server/src/modules/media/media-jobs';
import { prepareServerBundle } from '../../scripts/server-process.mjs';
import { DEMO_MEDIA_CACHE_DIR, makeSeededTemplate, type Engine } from './start-server';

/**
 * Transcodes the demo clips into the run-wide cache, unless they are there already. `npm test` runs this at the
 * start, at nice 19 beside the server suite (`npm run test:warm-media`), so the browser steps find it done.
 */
export async function warmDemoMedia(): Promise<void> {
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

/**
 * The browser suites' global setup: the demo clips transcoded once, before the first server starts, so that no
 * server of the run spends its test's minutes transcoding them (decision record 065); then one seeded template per
 * engine, which every server of the run copies instead of seeding a database of its own (decision record 068). The
 * servers run from the server's bundle, as `npm start` runs it, built here when its sources changed (a second or two).
 */
export default async function setUpBrowserRun(project: TestProject): Promise<() => Promise<void>> {
  await warmDemoMedia();
  const bundle = await prepareServerBundle();
  project.provide('serverBundle', bundle);

  const started = Date.now();
  const engines: Engine[] = ['pglite', 'postgres'];
  const made = await Promise.allSettled(engines.map((engine) => makeSeededTemplate(engine, bundle)));
  const removers = made.flatMap((m) => (m.status === 'fulfilled' ? [m.value.remove] : []));
  const failure = made.find((m): m is PromiseRejectedResult => m.status === 'rejected');
  if (failure) {
    await Promise.all(removers.map((remove) => remove()));
    throw failure.reason;
  }
  const templates = Object.fromEntries(engines.map((engine, i) => [engine, (made[i] as PromiseFulfilledResult<Awaited<ReturnType<typeof makeSeededTemplate>>>).value.template]));
  project.provide('seededTemplates', templates);
  console.log(`Seeded templates (${engines.join(', ')}) made in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return async () => {
    await Promise.all(removers.map((remove) => remove()));
  };
}
