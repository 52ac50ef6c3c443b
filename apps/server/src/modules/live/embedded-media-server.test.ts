import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFfmpeg } from '../../lib/ffmpeg';
import { startDemoStreams, type DemoStreams } from './demo-streams';
import { createEmbeddedMediaServer, type EmbeddedMediaServer } from './embedded-media-server';
import { createLiveHlsRooms, type LiveHlsRooms } from './hls-live-rooms';
import { isRunning, rtpCount, until, viewDirectly, type TestViewer } from './live-test-peers';
import { MediaServerError, type MediaServerEvent } from './media-server';
import { REAL_TIME_MEDIA } from '../../../test/real-time-media';

// The SFU process stopping under live rooms (decision record 060): killed (kill -9, the OOM killer) or hung. Calls
// in flight answer 'unavailable'; its rooms hear publisher-down and viewers 0 (the cameras' grace period starts); it
// runs again at once; the demo stream's ingest learns it was lost and sends into a new one, the stills' tap reader
// follows the room, and a new viewer gets video again.

const ROOM = 41;
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

let media: EmbeddedMediaServer;
let demo: DemoStreams;
let hls: LiveHlsRooms;
let dataDir: string;
const events: MediaServerEvent[] = [];
/** What the room's stats said as each of its publisher events was heard. */
const statsAtEvents: Array<{ type: string; publishing: boolean }> = [];
const viewers: TestViewer[] = [];

beforeAll(async () => {
  const ffmpeg = await findFfmpeg();
  if (!ffmpeg) throw new Error('these tests need ffmpeg (apt-get install ffmpeg)');
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'velora-sfu-restart-'));
  media = createEmbeddedMediaServer({ iceServers: [], rtcPorts: undefined, announcedIp: undefined }, silent, { silenceMs: 3000, viewersThrottleMs: 100, hangMs: 1500 });
  media.on((event) => {
    events.push(event);
    if (event.type !== 'viewers' && event.room === ROOM) statsAtEvents.push({ type: event.type, publishing: media.stats(ROOM).publishing });
  });
  hls = createLiveHlsRooms({ config: { dataDir }, media, ffmpeg, log: silent, previewEverySeconds: 1 });
  demo = await startDemoStreams({ media, ffmpeg, log: silent, cameraIds: [ROOM], width: 320, height: 240, fps: 15, bitrateK: 300, fontFile: null });
});

afterAll(async () => {
  for (const viewer of viewers) viewer.close();
  await demo?.stop();
  await hls?.close();
  await media?.close();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

const publisherUps = () => events.filter((e) => e.type === 'publisher-up' && e.room === ROOM).length;

async function watchUntilVideo(name: string) {
  const viewer = await viewDirectly(media, ROOM, name);
  viewers.push(viewer);
  await until(() => rtpCount(viewer.videoPackets) > 10, 10_000, `video at ${name}`);
  return viewer;
}

/** The room's still, once one was written after `since` (ms). */
async function stillAfter(since: number) {
  await until(() => Boolean(hls.status(ROOM)), 10_000, 'the tap reader of the room');
  for (const deadline = Date.now() + 15_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 100))) {
    const file = await hls.previewFile(ROOM);
    const written = file ? (await fs.stat(file).catch(() => null))?.mtimeMs : undefined;
    if (file && written !== undefined && written > since) return file;
  }
  throw new Error('no new still of the room');
}

// Each step waits on its event; on a machine shared with other work a start of the SFU (tsx compiles it in the tests)
// takes 1-5 s, hence the room given to each.
describe('the embedded SFU, stopped under a live room', { ...REAL_TIME_MEDIA, timeout: 90_000 }, () => {
  it('is started again at once after kill -9: its room hears it went down, and its publisher, viewers and stills come back', async () => {
    await until(() => publisherUps() === 1, 15_000, 'the demo stream on air');
    await watchUntilVideo('before');
    await stillAfter(0);
    expect(media.health()).toEqual({ state: 'up', restarts: 0 });

    const pid = media.pid!;
    const before = events.length;
    // A call the SFU has taken but not answered when it dies: stopped first, so the answer cannot come in between.
    process.kill(pid, 'SIGSTOP');
    const inFlight = media.view(ROOM, 'v=0\r\n', 'in-flight').catch((error: unknown) => error);
    process.kill(pid, 'SIGKILL');
    const killedAt = Date.now();
    expect(await inFlight).toMatchObject(new MediaServerError('unavailable', 'The media server is not running'));
    // Its room lost its publisher and viewers with it: the cameras module starts the grace period.
    expect(events.slice(before)).toEqual(expect.arrayContaining([{ type: 'publisher-down', room: ROOM }, { type: 'viewers', room: ROOM, viewers: 0 }]));
    expect(isRunning(pid)).toBe(false);

    await until(() => media.health().state === 'up', 20_000, () => `the SFU up again (${JSON.stringify(media.health())})`);
    expect(media.health()).toEqual({ state: 'up', restarts: 1 });
    expect(media.pid).not.toBe(pid);
    // The demo stream opened a new ingest by itself: the room is on air again, and new viewers get video.
    await until(() => publisherUps() === 2, 20_000, 'the demo stream on air again');
    await watchUntilVideo('after');
    // The stills' tap reader closed with the room and opened again with it.
    await stillAfter(killedAt);
    // Its stats said each event at once, not a second later with the next stats (decision record 062's reconciliation).
    expect(statsAtEvents).toEqual([
      { type: 'publisher-up', publishing: true },
      { type: 'publisher-down', publishing: false },
      { type: 'publisher-up', publishing: true },
    ]);
  });

  it('kills an SFU that stops answering, and starts it again the same way', async () => {
    const pid = media.pid!;
    const ups = publisherUps();
    const before = events.length;
    process.kill(pid, 'SIGSTOP');
    await until(() => media.health().state === 'restarting', 10_000, 'the watchdog to notice');
    expect(events.slice(before)).toContainEqual({ type: 'publisher-down', room: ROOM });
    await until(() => media.health().state === 'up', 20_000, () => `the SFU up again (${JSON.stringify(media.health())})`);
    expect(media.health().restarts).toBe(2);
    expect(isRunning(pid)).toBe(false);
    await until(() => publisherUps() === ups + 1, 20_000, 'the demo stream on air again');
    await watchUntilVideo('after the hang');
  });
});
