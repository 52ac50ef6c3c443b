import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openPlatform } from './composition/open-platform';
import { ConfigError, loadConfig } from './config';
import { migrate } from './db/migrate';
import { FFMPEG_MISSING_MESSAGE, findFfmpeg } from './lib/ffmpeg';
import { ImportError, importVideoFile, type Stage } from './modules/media/media-jobs';

// `npm run import-video -- <file> [--video-id N] [--about-us] [--title T]`:
// transcodes a video file into HLS renditions with visible progress, and links it to a video.

const USAGE = `Usage: npm run import-video -- <file> [--video-id N] [--about-us] [--title TITLE]

  <file>          a video file ffmpeg can read
  --video-id N    the video that plays it (its cover is grabbed from the file, its duration taken from it)
  --about-us      an about-us video: renditions from 160p instead of 360p, listed on /test_videos
  --title TITLE   the asset's title (default: the file name)

Renditions: 360p to 1080p (160p to 1080p for --about-us) as far as the source allows; never upscaled.
Uses DATA_DIR and DATABASE_URL like the server. With the embedded database, stop the server first.`;

function progressPrinter() {
  const tty = process.stdout.isTTY;
  let last = '';
  return {
    update(fraction: number, stage: Stage) {
      const percent = Math.floor(fraction * 100);
      const label = stage === 'source' ? 'Generating the source' : 'Transcoding';
      if (tty) {
        const width = 30;
        const filled = Math.round((percent / 100) * width);
        process.stdout.write(`\r${label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${String(percent).padStart(3)}%`);
      } else {
        // Without a terminal (a log file, CI): one line per ten percent.
        const line = `${label}: ${percent - (percent % 10)}%`;
        if (line !== last) console.log(line);
        last = line;
      }
    },
    done() {
      if (tty) process.stdout.write('\n');
    },
  };
}

async function main(): Promise<number> {
  // npm runs workspace scripts inside the workspace: resolve the file and DATA_DIR where the command was typed.
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
  let args;
  try {
    args = parseArgs({
      allowPositionals: true,
      options: { 'video-id': { type: 'string' }, 'about-us': { type: 'boolean' }, title: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (args.values.help) {
    console.log(USAGE);
    return 0;
  }
  if (args.positionals.length !== 1) {
    console.error(USAGE);
    return 2;
  }
  const file = path.resolve(args.positionals[0]!);
  if (!fs.statSync(file, { throwIfNoEntry: false })?.isFile()) {
    console.error(`No such file: ${file}`);
    return 2;
  }
  const videoIdText = args.values['video-id'];
  const videoId = videoIdText === undefined ? undefined : Number(videoIdText);
  if (videoId !== undefined && !(Number.isInteger(videoId) && videoId >= 1 && videoId <= 2_147_483_647)) {
    console.error(`--video-id must be a video id (a whole number from 1), not ${JSON.stringify(videoIdText)}`);
    return 2;
  }

  const config = loadConfig();
  const binary = await findFfmpeg();
  if (!binary) {
    console.error(FFMPEG_MISSING_MESSAGE);
    return 1;
  }
  console.log(`Using the ${binary.source} ffmpeg ${binary.version} (${binary.path})`);
  if (!config.databaseUrl) console.log(`Embedded database in ${config.dataDir}: make sure the server is not running on it.`);

  const platform = await openPlatform(config, { inProcessRateLimits: true });
  const controller = new AbortController();
  process.once('SIGINT', () => controller.abort(new Error('cancelled')));
  const started = Date.now();
  const progress = progressPrinter();
  try {
    await migrate(platform.db);
    // Imports carry their own source file: no missing-source recipe (those are the demo's, for the job runner).
    const result = await importVideoFile(
      { config, db: platform.db },
      {
        file,
        kind: args.values['about-us'] ? 'about_us' : 'video',
        title: args.values.title,
        videoId,
        binary,
        signal: controller.signal,
        onAsset: (id) => console.log(`Media asset ${id} created for ${file}`),
        onProgress: (fraction, stage) => progress.update(fraction, stage),
      },
    );
    progress.done();
    const { probe } = result;
    console.log(
      `Media asset ${result.assetId} ready in ${((Date.now() - started) / 1000).toFixed(1)} s: ` +
        `${probe.width}x${probe.height}, ${(probe.durationMs / 1000).toFixed(1)} s, renditions ${result.renditions.map((r) => `${r}p`).join(', ')}`,
    );
    if (videoId !== undefined) console.log(`Video ${videoId} now plays it, with a cover grabbed from it.`);
    return 0;
  } catch (error) {
    progress.done();
    if (controller.signal.aborted) console.error('Cancelled: the asset is marked failed.');
    else console.error(error instanceof ImportError ? error.message : `Import failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await platform.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
