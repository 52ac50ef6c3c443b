import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FfmpegError,
  findFfmpeg,
  h264For,
  parseProbe,
  pickRenditions,
  probeMedia,
  renderLavfiClip,
  runFfmpeg,
  transcodeHls,
  type FfmpegBinary,
} from './ffmpeg';

describe('parseProbe', () => {
  const landscape = `Input #0, mov,mp4,m4a,3gp,3g2,mj2, from 'a.mp4':
  Duration: 00:01:02.50, start: 0.000000, bitrate: 15736 kb/s
    Stream #0:0(und): Video: h264 (Constrained Baseline) (avc1 / 0x31637661), yuv420p, 1920x1080 [SAR 1:1 DAR 16:9], 15703 kb/s, 25 fps, 25 tbr, 12800 tbn, 50 tbc (default)
    Stream #0:1(und): Audio: aac (LC) (mp4a / 0x6134706D), 48000 Hz, mono, fltp, 62 kb/s (default)
At least one output file must be specified`;

  it('reads duration, size, frame rate and audio', () => {
    expect(parseProbe(landscape)).toEqual({ durationMs: 62_500, width: 1920, height: 1080, fps: 25, hasAudio: true });
  });

  it('swaps width and height of a rotated (portrait phone) video', () => {
    const rotated = landscape.replace('(default)\n    Stream #0:1', '(default)\n    Metadata:\n      rotate          : 90\n    Stream #0:1');
    expect(parseProbe(rotated)).toMatchObject({ width: 1080, height: 1920 });
    const matrix = `${landscape}\n    Side data:\n      displaymatrix: rotation of -90.00 degrees`;
    expect(parseProbe(matrix)).toMatchObject({ width: 1080, height: 1920 });
  });

  it('knows a silent video, and that a file without a video stream is none', () => {
    expect(parseProbe(landscape.replace(/\n.*Audio.*\n/, '\n'))).toMatchObject({ hasAudio: false });
    expect(parseProbe(landscape.replace(/\n.*Video.*\n/, '\n'))).toBeNull();
    expect(parseProbe('x.txt: Invalid data found when processing input')).toBeNull();
  });
});

describe('pickRenditions', () => {
  it.each([
    [1080, [360, 480, 720, 1080], [360, 480, 720, 1080]],
    [720, [360, 480, 720, 1080], [360, 480, 720]],
    [1000, [360, 480, 720, 1080], [360, 480, 720]],
    [2160, [360, 480, 720, 1080], [360, 480, 720, 1080]],
    [1080, [160, 240, 360, 480, 720, 1080], [160, 240, 360, 480, 720, 1080]],
    [480, [160, 240, 360, 480, 720, 1080], [160, 240, 360, 480]],
    // Smaller than every rung: one rendition at the source's own size, never upscaled.
    [241, [360, 480, 720, 1080], [240]],
  ])('short side %i with rungs %j: %j', (shortSide, rungs, expected) => {
    expect(pickRenditions(shortSide, rungs)).toEqual(expected);
  });
});

describe('h264For', () => {
  it.each([
    [640, 360, 25, 'main', '3.0', 'avc1.4d401e'],
    [854, 480, 25, 'main', '3.0', 'avc1.4d401e'],
    [1280, 720, 25, 'main', '3.1', 'avc1.4d401f'],
    [1280, 720, 60, 'main', '3.2', 'avc1.4d4020'],
    [1920, 1080, 25, 'high', '4.0', 'avc1.640028'],
    [1920, 1080, 60, 'high', '4.2', 'avc1.64002a'],
  ])('%ix%i at %i fps: %s %s (%s)', (w, h, fps, profile, level, codec) => {
    expect(h264For(w, h, fps)).toEqual({ profile, level, codec });
  });
});

describe('findFfmpeg', () => {
  it('prefers the system ffmpeg', async () => {
    const binary = await findFfmpeg();
    expect(binary, 'no ffmpeg at all: install it (apt-get install ffmpeg) or npm install').not.toBeNull();
    if (fs.existsSync('/usr/bin/ffmpeg')) expect(binary).toMatchObject({ path: '/usr/bin/ffmpeg', source: 'system' });
  });

  it('falls back to the npm binary without a system one', async () => {
    const binary = await findFfmpeg({ systemCandidates: [], searchPath: false });
    expect(binary).toMatchObject({ source: 'npm' });
    expect(binary!.path).toContain('@ffmpeg-installer');
  });

  it('finds nothing when neither is allowed', async () => {
    expect(await findFfmpeg({ systemCandidates: ['/nonexistent/ffmpeg'], searchPath: false, npm: false })).toBeNull();
  });
});

const binaries: Array<[string, () => Promise<FfmpegBinary | null>]> = [
  ['system', () => findFfmpeg({ npm: false })],
  ['npm', () => findFfmpeg({ systemCandidates: [], searchPath: false })],
];

describe.each(binaries)('with the %s ffmpeg', (_name, find) => {
  let binary: FfmpegBinary;
  let dir: string;
  beforeAll(async () => {
    const found = await find();
    if (!found) throw new Error('ffmpeg not found');
    binary = found;
    dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'velora-ffmpeg-'));
  });
  afterAll(() => fsp.rm(dir, { recursive: true, force: true }));

  it('transcodes a 2 s clip into a master playlist and a 360p rendition, with progress', async () => {
    const source = path.join(dir, 'source.mp4');
    await renderLavfiClip(binary, { output: source, video: 'testsrc2=size=640x360:rate=25', audio: 'sine=frequency=440:sample_rate=48000', seconds: 2 });
    const probe = await probeMedia(binary, source);
    expect(probe).toMatchObject({ width: 640, height: 360, hasAudio: true });
    expect(probe.durationMs).toBeGreaterThan(1900);

    const progress: number[] = [];
    const out = path.join(dir, 'hls');
    const renditions = await transcodeHls(binary, {
      input: source,
      outDir: out,
      probe,
      renditions: pickRenditions(360, [360, 480, 720, 1080]),
      segmentSeconds: 2,
      onProgress: (f) => progress.push(f),
    });
    expect(renditions.map((r) => [r.rung, r.width, r.height])).toEqual([[360, 640, 360]]);
    expect(progress.at(-1)).toBe(1);

    const master = await fsp.readFile(path.join(out, 'master.m3u8'), 'utf8');
    expect(master).toMatch(/^#EXTM3U\n/);
    expect(master).toMatch(/#EXT-X-STREAM-INF:BANDWIDTH=\d+,AVERAGE-BANDWIDTH=\d+,RESOLUTION=640x360,FRAME-RATE=25.000,CODECS="avc1.4d401e,mp4a.40.2"\n360p.m3u8\n/);
    const variant = await fsp.readFile(path.join(out, '360p.m3u8'), 'utf8');
    expect(variant).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(variant).toContain('#EXT-X-ENDLIST');
    const segments = variant.split('\n').filter((l) => l.endsWith('.ts'));
    expect(segments.length).toBeGreaterThanOrEqual(1);
    for (const s of segments) expect(fs.statSync(path.join(out, s)).size).toBeGreaterThan(1000);

    // The rendition really is H.264 in yuv420p with AAC.
    const described = await probeMedia(binary, path.join(out, segments[0]!));
    expect(described).toMatchObject({ width: 640, height: 360, hasAudio: true });
  });

  it('fails with ffmpeg\'s own words, and stops when aborted', async () => {
    const error = await runFfmpeg(binary, ['-i', path.join(dir, 'missing.mp4'), path.join(dir, 'x.mp4')]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FfmpegError);
    expect((error as Error).message).toMatch(/missing\.mp4/);

    const controller = new AbortController();
    const running = runFfmpeg(binary, ['-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25', '-t', '60', '-f', 'null', '-'], { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('stop')), 100);
    await expect(running).rejects.toThrow('stop');
  });
});
