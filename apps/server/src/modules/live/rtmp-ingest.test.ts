import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFfmpeg, type FfmpegBinary } from '../../lib/ffmpeg';
import { fakeIngestMedia } from '../../../test/rtp-receiver';
import { createRtmpIngest, type RtmpIngestService } from './rtmp-ingest';

// An OBS-like encoder (ffmpeg publishing FLV over RTMP) against the real ingest; the room's RTP ports are real UDP
// sockets of the test (the SFU is another module).

const KEYS: Record<string, number> = { 'good-key': 7, 'other-key': 8, 'high-key': 9, 'resume-key': 10 };
const silentLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

function publishWithFfmpeg(ffmpeg: FfmpegBinary, url: string, options: { seconds: number; high?: boolean }) {
  const child = spawn(ffmpeg.path, [
    '-hide_banner', '-nostdin', '-loglevel', 'error', '-re',
    '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=30', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100',
    '-t', String(options.seconds), '-c:v', 'libx264',
    // ultrafast turns off what makes High high (B-frames, CABAC): x264 would say Constrained Baseline.
    ...(options.high ? ['-preset', 'veryfast', '-profile:v', 'high', '-bf', '2'] : ['-preset', 'ultrafast', '-profile:v', 'baseline']),
    '-g', '30', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '64k', '-f', 'flv', url,
  ], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const exited = new Promise<{ code: number | null; stderr: string }>((resolve) => child.on('close', (code) => resolve({ code, stderr })));
  return { child, exited };
}

describe('RTMP ingest', () => {
  let ffmpeg: FfmpegBinary;
  let media: ReturnType<typeof fakeIngestMedia>;
  let rtmp: RtmpIngestService;
  const url = (key: string) => `rtmp://127.0.0.1:${rtmp.port}/live/${key}`;

  beforeAll(async () => {
    const found = await findFfmpeg();
    if (!found) throw new Error('these tests need ffmpeg (apt-get install ffmpeg)');
    ffmpeg = found;
    media = fakeIngestMedia();
    rtmp = await createRtmpIngest({
      config: { live: { rtmpPort: 0 } } as never,
      media,
      authorizeStreamKey: async (key) => KEYS[key] ?? null,
      log: silentLog,
      ffmpeg,
      host: '127.0.0.1',
    });
  });
  afterAll(async () => {
    await rtmp?.close();
    await media?.dispose();
  });

  it('sends a baseline H.264 publish into the camera room as RTP, repackaged, with Opus audio; the encoder leaving closes the ingest', async () => {
    const encoder = publishWithFfmpeg(ffmpeg, url('good-key'), { seconds: 4 });
    const finished = await encoder.exited;
    expect(finished.code, finished.stderr).toBe(0);
    const call = media.calls.find((c) => c.room === 7)!;
    expect(call).toMatchObject({ room: 7, source: 'rtmp', videoCodec: 'H264' });
    const { receiver } = call;
    await receiver.until(() => receiver.closed, 10_000);
    expect(receiver.video.length).toBeGreaterThan(50);
    expect(receiver.audio.length).toBeGreaterThan(50);
    expect(new Set(receiver.video.map((p) => p.payloadType))).toEqual(new Set([receiver.ingest.video.payloadType]));
    expect(new Set(receiver.video.map((p) => p.ssrc))).toEqual(new Set([receiver.ingest.video.ssrc]));
    expect(new Set(receiver.audio.map((p) => p.payloadType))).toEqual(new Set([111]));
    expect(new Set(receiver.audio.map((p) => p.ssrc))).toEqual(new Set([receiver.ingest.audio.ssrc]));
    // H.264 NAL types 7/8 (SPS/PPS) travel in-band (alone, or in a STAP-A, type 24) for players joining late.
    const nalTypes = new Set(receiver.video.map((p) => p.payload[0]! & 0x1f));
    expect(nalTypes.has(7) || nalTypes.has(24)).toBe(true);
    expect(rtmp.sessions()).toEqual([]);
  });

  it('transcodes a High-profile publish (B-frames possible) to VP8', async () => {
    const encoder = publishWithFfmpeg(ffmpeg, url('high-key'), { seconds: 3, high: true });
    const finished = await encoder.exited;
    expect(finished.code, finished.stderr).toBe(0);
    const { receiver, videoCodec } = media.calls.find((c) => c.room === 9)!;
    expect(videoCodec).toBe('VP8');
    await receiver.until(() => receiver.closed, 10_000);
    expect(receiver.video.length).toBeGreaterThan(20);
    // VP8 payload descriptor: the S bit of a partition start is set on the first packet of each frame.
    expect(receiver.video.some((p) => (p.payload[0]! & 0x10) !== 0)).toBe(true);
  });

  it('refuses an unknown stream key: the encoder is hung up on and no room is opened', async () => {
    const before = media.calls.length;
    const encoder = publishWithFfmpeg(ffmpeg, url('wrong-key'), { seconds: 3 });
    const finished = await encoder.exited;
    expect(finished.code).not.toBe(0);
    expect(finished.stderr).toMatch(/Stream key refused/);
    expect(media.calls.length).toBe(before);
  });

  it('endCamera cuts a running publish off (a rotated key) and closes the ingest', async () => {
    const encoder = publishWithFfmpeg(ffmpeg, url('other-key'), { seconds: 60 });
    await new Promise<void>((resolve, reject) => {
      const timer = setInterval(() => {
        const call = media.calls.find((c) => c.room === 8);
        if (call && call.receiver.video.length > 10) {
          clearInterval(timer);
          resolve();
        }
      }, 100);
      void encoder.exited.then(() => reject(new Error('the encoder stopped early')));
    });
    expect(rtmp.sessions()).toMatchObject([{ cameraId: 8, videoCodec: 'H264' }]);
    await rtmp.endCamera(8);
    const { receiver } = media.calls.find((c) => c.room === 8)!;
    expect(receiver.closed).toBe(true);
    const finished = await encoder.exited;
    expect(finished.code).not.toBe(0);
    expect(rtmp.sessions()).toEqual([]);
  });
  it('keeps the encoder when the media server stops under the room: a new ffmpeg sends into a new ingest from a key frame', async () => {
    const encoder = publishWithFfmpeg(ffmpeg, url('resume-key'), { seconds: 60 });
    try {
      const calls = () => media.calls.filter((c) => c.room === 10);
      await expect.poll(() => calls().length, { timeout: 10_000 }).toBe(1);
      const first = calls()[0]!.receiver;
      await first.until(() => first.video.length > 10);
      const firstPid = rtmp.sessions()[0]!.pid;
      first.lose();
      await expect.poll(() => calls().length, { timeout: 10_000 }).toBe(2);
      const { receiver: second, source, videoCodec } = calls()[1]!;
      expect({ source, videoCodec }).toEqual({ source: 'rtmp', videoCodec: 'H264' });
      await second.until(() => second.video.length > 30 && second.audio.length > 10);
      // The new ffmpeg starts at a key frame, its parameter sets (SPS/PPS) in-band before it.
      const firstNal = second.video[0]!.payload[0]! & 0x1f;
      expect([5, 7, 24]).toContain(firstNal);
      // The encoder never noticed: the same RTMP session, a new ffmpeg, and the old one sends no more.
      expect(rtmp.sessions()).toMatchObject([{ cameraId: 10, videoCodec: 'H264' }]);
      expect(rtmp.sessions()[0]!.pid).not.toBe(firstPid);
      const settled = first.video.length;
      await second.until(() => second.video.length > 60);
      expect(first.video.length).toBe(settled);
      expect(encoder.child.exitCode).toBeNull();
      await rtmp.endCamera(10);
      expect(second.closed).toBe(true);
    } finally {
      encoder.child.kill('SIGKILL');
    }
  });
});

describe('RTMP ingest, other applications', () => {
  it('refuses a publish to another application than /live without asking for the key', async () => {
    const ffmpeg = (await findFfmpeg())!;
    const asked: string[] = [];
    const rtmp = await createRtmpIngest({
      config: { live: { rtmpPort: 0 } } as never,
      media: fakeIngestMedia(),
      authorizeStreamKey: async (key) => (asked.push(key), 1),
      log: silentLog,
      ffmpeg,
      host: '127.0.0.1',
    });
    try {
      const finished = await publishWithFfmpeg(ffmpeg, `rtmp://127.0.0.1:${rtmp.port}/other/good-key`, { seconds: 2 }).exited;
      expect(finished.code).not.toBe(0);
      expect(asked).toEqual([]);
    } finally {
      await rtmp.close();
    }
  });
});
