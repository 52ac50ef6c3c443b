import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedMediaServer } from './embedded-media-server';
import { isRunning, rtpCount, sendVp8Flood, until, viewDirectly, type TestViewer } from './live-test-peers';
import type { MediaServerEvent, RoomId } from './media-server';
import { REAL_TIME_MEDIA } from '../../../test/real-time-media';

// Viewers leave the way real ones do while the publisher sends at full rate: a peer connection closed mid-packet (a
// tab closed, a member moving on to the paid chat) and one that vanishes without a word (its process killed). A
// closed track is a normal event: the SFU process stays the same one, and the viewers who stay keep getting video.

const VIEWER_PROCESS = path.resolve(import.meta.dirname, '../../../test/whep-viewer-process.ts');
/** ~16 Mbit/s of 1000-byte packets: the SFU's thread is always in the middle of forwarding when a viewer goes. */
const FULL_RATE = 2000;

let media: ReturnType<typeof createEmbeddedMediaServer>;
const events: MediaServerEvent[] = [];
const problems: string[] = [];
const cleanups: Array<() => unknown> = [];
const log = {
  error: (detail: unknown, message?: string) => void problems.push(`${message ?? ''} ${JSON.stringify(detail)}`),
  warn: (detail: unknown, message?: string) => void problems.push(`${message ?? ''} ${JSON.stringify(detail)}`),
};

beforeAll(() => {
  media = createEmbeddedMediaServer({ iceServers: [], rtcPorts: undefined, announcedIp: undefined }, log, { silenceMs: 3000, viewersThrottleMs: 100 });
  media.on((event) => events.push(event));
});

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

afterAll(() => media?.close());

/** A room fed by an RTP ingest at full rate; `repeatEvery` makes the publisher send packets from long ago again. */
async function liveRoom(room: RoomId, repeatEvery?: number) {
  const ingest = await media.openRtpIngest(room, 'demo', 'VP8');
  const flood = sendVp8Flood(ingest, { packetsPerSecond: FULL_RATE, repeatEvery });
  cleanups.push(() => ingest.close().catch(() => undefined), () => flood.stop());
  await until(() => events.some((e) => e.type === 'publisher-up' && e.room === room), 10_000, 'publisher-up');
}

/** A viewer of the room, through the media server's own WHEP call (the /live routes add only the token check). */
async function watch(room: RoomId, name: string, options: { announcesClose?: boolean } = {}): Promise<TestViewer> {
  const viewer = await viewDirectly(media, room, name, options);
  cleanups.push(() => viewer.close());
  return viewer;
}

/** Resolves once `viewer` has `more` video packets beyond what it has now. */
const moreVideo = (viewer: TestViewer, more: number, what: string) => {
  const from = rtpCount(viewer.videoPackets);
  return until(() => rtpCount(viewer.videoPackets) >= from + more, 10_000, () => `${what} (${rtpCount(viewer.videoPackets) - from} more packets; ${problems.join('; ')})`);
};

describe('the embedded SFU when viewers leave', REAL_TIME_MEDIA, () => {
  it('keeps forwarding while viewers close their connections mid-packet, without DELETE, and counts them out', async () => {
    await liveRoom(31);
    const pid = media.pid!;
    const steady = await watch(31, 'steady');
    await moreVideo(steady, 50, 'video at the steady viewer');
    for (let round = 0; round < 4; round++) {
      const leaving = await Promise.all([0, 1, 2].map((i) => watch(31, `leaving-${round}-${i}`, { announcesClose: true })));
      await until(() => leaving.every((v) => rtpCount(v.videoPackets) > 20), 10_000, 'video at the leaving viewers');
      for (const viewer of leaving) viewer.close();
      await moreVideo(steady, 100, `video at the steady viewer after round ${round}`);
    }
    expect(isRunning(pid)).toBe(true);
    expect(media.pid).toBe(pid);
    await until(() => media.stats(31).viewers === 1, 5000, () => `one viewer left (${media.stats(31).viewers})`);
    expect(problems).toEqual([]);
  });

  it('keeps forwarding when a viewer vanishes (its process killed mid-packet)', { timeout: 90_000 }, async () => {
    await liveRoom(32);
    const pid = media.pid!;
    const steady = await watch(32, 'steady');
    await moreVideo(steady, 50, 'video at the steady viewer');
    for (let attempt = 1; ; attempt++) {
      const child = spawn(process.execPath, ['--import', 'tsx', VIEWER_PROCESS], { stdio: ['pipe', 'pipe', 'inherit'] });
      cleanups.push(() => child.kill('SIGKILL'));
      const said: Array<{ offer?: string; receiving?: number; error?: string }> = [];
      readline.createInterface({ input: child.stdout }).on('line', (line) => said.push(JSON.parse(line) as (typeof said)[number]));
      await until(() => said.length > 0, 15_000, 'the viewer process\'s offer');
      const answer = await media.view(32, said[0]!.offer!, `vanishing-${attempt}`);
      child.stdin.write(`${JSON.stringify({ answer: answer.sdp })}\n`);
      await until(() => said.length > 1, 15_000, 'media at the viewer process');
      if (said[1]!.error && attempt < 4) continue;
      expect(said[1]).toMatchObject({ receiving: expect.any(Number) });
      child.kill('SIGKILL');
      break;
    }
    await moreVideo(steady, 300, 'video at the steady viewer after one vanished');
    expect(isRunning(pid)).toBe(true);
    expect(media.pid).toBe(pid);
    expect(problems).toEqual([]);
  });

  it('skips a packet a viewer\'s track refuses (a publisher sending one from long ago again) and keeps the viewer', async () => {
    await liveRoom(33, 50);
    const pid = media.pid!;
    const viewer = await watch(33, 'watching');
    await moreVideo(viewer, 300, 'video while the publisher sends old packets');
    expect(isRunning(pid)).toBe(true);
    expect(media.pid).toBe(pid);
    expect(media.stats(33).viewers).toBe(1);
    expect(problems).toEqual([]);
  });
});
