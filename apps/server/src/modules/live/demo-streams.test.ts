import { afterAll, describe, expect, it } from 'vitest';
import { fakeIngestMedia } from '../../../test/rtp-receiver';
import { demoStreamArgs, startDemoStreams } from './demo-streams';

const silentLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe('demo streams', () => {
  const media = fakeIngestMedia();
  afterAll(() => media.dispose());

  it('send a VP8 test pattern and Opus tone into each camera room as RTP, and stop closes the ingest', async () => {
    const demo = await startDemoStreams({ media, cameraIds: [3], log: silentLog, width: 640, height: 360, bitrateK: 500 });
    try {
      await expect.poll(() => media.calls.length, { timeout: 5000 }).toBe(1);
      const { room, source, videoCodec, receiver } = media.calls[0]!;
      expect({ room, source, videoCodec }).toEqual({ room: 3, source: 'demo', videoCodec: 'VP8' });
      await receiver.until(() => receiver.video.length > 30 && receiver.audio.length > 20);
      expect(new Set(receiver.video.map((p) => p.payloadType))).toEqual(new Set([96]));
      expect(new Set(receiver.audio.map((p) => p.ssrc))).toEqual(new Set([receiver.ingest.audio.ssrc]));
      expect(demo.running()).toEqual([{ cameraId: 3, pid: expect.any(Number) }]);
      // ffmpeg dying: the room's publisher goes, and a new stream comes back after the first backoff (1 s).
      process.kill(demo.running()[0]!.pid!, 'SIGKILL');
      await receiver.until(() => receiver.closed, 5000);
      await expect.poll(() => media.calls.length, { timeout: 5000 }).toBe(2);
      const again = media.calls[1]!.receiver;
      await again.until(() => again.video.length > 10);
    } finally {
      await demo.stop();
    }
    expect(media.calls.every((c) => c.receiver.closed)).toBe(true);
    expect(demo.running()).toEqual([]);
  });

  it('stop their encoder and send into a new ingest when the media server stops under the room', async () => {
    const own = fakeIngestMedia();
    const demo = await startDemoStreams({ media: own, cameraIds: [4], log: silentLog, width: 320, height: 240, bitrateK: 300, fontFile: null });
    try {
      await expect.poll(() => own.calls.length, { timeout: 5000 }).toBe(1);
      const first = own.calls[0]!.receiver;
      await first.until(() => first.video.length > 10);
      const firstPid = demo.running()[0]!.pid;
      first.lose();
      await expect.poll(() => own.calls.length, { timeout: 5000 }).toBe(2);
      const again = own.calls[1]!.receiver;
      await again.until(() => again.video.length > 10);
      expect(demo.running()).toEqual([{ cameraId: 4, pid: expect.any(Number) }]);
      expect(demo.running()[0]!.pid).not.toBe(firstPid);
      const settled = first.video.length;
      await again.until(() => again.video.length > 40);
      expect(first.video.length).toBe(settled);
    } finally {
      await demo.stop();
      await own.dispose();
    }
  });

  it('draws the clock only with a font, and paints the machine-readable clock on request', async () => {
    const ingest = await media.openRtpIngest(1, 'demo', 'VP8');
    const withFont = demoStreamArgs(ingest, { fontFile: '/fonts/a:b.ttf', clockBlocks: true }).join(' ');
    expect(withFont).toContain("fontfile='/fonts/a\\:b.ttf'");
    expect(withFont).toContain('setpts=RTCTIME');
    const without = demoStreamArgs(ingest, { fontFile: null }).join(' ');
    expect(without).not.toContain('drawtext');
    expect(without).not.toContain('RTCTIME');
  });
});
