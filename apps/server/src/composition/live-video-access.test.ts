import { CameraDetail, StudioCamera, WatchTicket } from '@velora/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { asMember, asModel, giveCoins, type LoggedIn } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { createViewer, handshakeWithRetry, postOffer, startTestPattern, until, type TestViewer } from '../modules/live/live-test-peers';
import { isRtcp } from '../modules/live/rtp-packets';
import { errorsPlugin } from '../plugins/errors';
import { createLive, type Live } from './live';
import { REAL_TIME_MEDIA } from '../../test/real-time-media';

// Paid live video ends with the paid session on every path (decision record 061), with the real parts: the embedded
// SFU and real WebRTC viewers (libdatachannel), ffmpeg as the camera and as the LL-HLS packager, and two app
// instances on one database. Instance A holds the media (its /live routes, the SFU, the re-check of its WHEP
// sessions); instance B is another API instance of the same site that knows nothing of A's viewers.

const env = { RTMP_ENABLED: '0', LIVE_DEMO_STREAMS: 'off', CHAT_MINUTE_SECONDS: '60', LIVE_SIGNING_SECRET: 'live-video-access-test-signing-secret-0123' };
const PRICE = 12;

let a: TestApp;
let b: TestApp;
let live: Live;
let liveApp: FastifyInstance;
let base: string;
let cam: { model: LoggedIn; id: number; name: string };
/** What each test leaves (viewers); the camera's feed stays until the end. */
const cleanups: Array<() => unknown> = [];
let stopFeed: (() => Promise<void>) | null = null;

beforeAll(async () => {
  a = await buildTestApp({
    env,
    // The live parts are made from A's platform below; its services reach them through these.
    mediaServer: { endRoom: (room) => live.control.endRoom(room), stats: (room) => live.control.stats(room) },
    viewers: { disconnectViewer: (cameraId, userId) => live.viewers.disconnectViewer(cameraId, userId) },
  });
  b = await buildTestApp({ env, db: a.deps.db });
  live = await createLive(a.deps);
  // The /live routes with the app's error answers, as buildApp registers them.
  liveApp = Fastify();
  await liveApp.register(errorsPlugin);
  await live.registerRoutes(liveApp, [a.services.cameras, a.services.playdateRooms], a.services.cameras);
  await live.start(a.services.cameras, a.services.playdateRooms);
  base = await liveApp.listen({ host: '127.0.0.1', port: 0 });

  // A model on air: ffmpeg's test pattern (video and sound) into her room, as the demo streams and RTMP feed it.
  const model = await asModel(a);
  const studio = StudioCamera.parse((await api(a, 'GET', '/studio/camera', model)).json());
  cam = { model, id: studio.camera.id, name: studio.camera.name };
  const ingest = await live.media.openRtpIngest(cam.id, 'demo', 'VP8');
  const source = startTestPattern({ ...ingest, size: '320x240' });
  stopFeed = async () => {
    await source.stop();
    await ingest.close();
  };
  await vi.waitFor(async () => expect((await detail(model)).state).toBe('live'), { timeout: 20_000, interval: 200 });
}, 90_000);

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

afterAll(async () => {
  await stopFeed?.();
  await liveApp?.close();
  await live?.close();
  await b?.close();
  await a?.close();
});

function api(app: TestApp, method: 'GET' | 'POST' | 'PUT', url: string, who: LoggedIn, payload?: object) {
  return app.app.inject({ method, url: `/api${url}`, headers: who.headers, ...(payload === undefined ? {} : { payload }) });
}
const detail = async (who: LoggedIn) => CameraDetail.parse((await api(a, 'GET', `/cameras/${cam.name}`, who)).json());

async function setPrice(price: number | null, app = a) {
  const res = await api(app, 'PUT', '/studio/camera', cam.model, { title: 'On air', tag_ids: [], chat_mode: price === null ? 'free' : 'paid', price_per_minute: price });
  expect(res.statusCode, res.body).toBe(200);
}

/** A member in paid chat: the first minute (12 coins) is charged as he enters. */
async function payingMember(): Promise<LoggedIn> {
  const member = await asMember(a);
  await giveCoins(a, member.id, 100);
  const entered = await api(a, 'POST', `/cameras/${cam.name}/chat/session`, member, { kind: 'paid', price_per_minute: PRICE });
  expect(entered.statusCode, entered.body).toBe(201);
  return member;
}

async function ticket(who: LoggedIn): Promise<WatchTicket> {
  const res = await api(a, 'POST', `/cameras/${cam.name}/watch`, who);
  expect(res.statusCode, res.body).toBe(200);
  return WatchTicket.parse(res.json());
}

async function leave(who: LoggedIn, app = a) {
  expect((await api(app, 'POST', `/cameras/${cam.name}/chat/session/end`, who, { code: 202 })).statusCode).toBe(200);
}

/**
 * An LL-HLS answer, read whole: a body left unread keeps its connection busy (a segment does not fit the socket's
 * buffer), and the media app's close in afterAll would wait for it for ever.
 */
const hls = async (url: string) => {
  const res = await fetch(`${base}${url}`);
  return new Response(await res.arrayBuffer(), { status: res.status, headers: res.headers });
};

/** The playlist once the packager runs (503 while it starts), and the URL of its newest segment. */
async function playHls(t: WatchTicket): Promise<{ playlist: string; segment: string }> {
  let res = await hls(t.hls_url);
  for (let i = 0; i < 15 && res.status === 503; i++) res = await hls(t.hls_url);
  const body = await res.text();
  expect(res.status, body).toBe(200);
  const segment = t.hls_url.replace(/index\.m3u8$/, [...body.matchAll(/^seg-\d+\.m4s$/gm)].at(-1)![0]);
  expect((await hls(segment)).status).toBe(200);
  return { playlist: t.hls_url, segment };
}

async function watchWhep(t: WatchTicket, name: string): Promise<{ viewer: TestViewer; location: string }> {
  const { peer, reply } = await handshakeWithRetry(base, () => createViewer(name), (offer) => postOffer(`${base}${t.whep_url}`, offer, t.token));
  cleanups.push(() => peer.close());
  expect(reply.status, reply.body).toBe(201);
  await until(() => peer.videoPackets.filter((p) => !isRtcp(p)).length > 10, 15_000, 'video at the viewer');
  return { viewer: peer, location: reply.location! };
}

/**
 * Whether the media server still holds a WHEP session, asked without ending it: a trickled candidate is taken by a
 * live session (204) and refused for one that is gone (404).
 */
const sessionStatus = async (location: string) => {
  const res = await fetch(`${base}${location}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/trickle-ice-sdpfrag' },
    body: 'a=mid:0\r\na=candidate:1 1 UDP 2114977791 127.0.0.1 9 typ host\r\n',
  });
  await res.arrayBuffer();
  return res.status;
};

/** Waits (a few seconds at most) until the WHEP session is gone, and this instance no longer counts it. */
async function cutWithin(location: string, member: LoggedIn, timeoutMs = 6_000): Promise<void> {
  await expect.poll(() => sessionStatus(location), { timeout: timeoutMs, interval: 250 }).toBe(404);
  expect(live.viewers.holds(cam.id, member.id)).toBe(false);
}

/** Waits (a few seconds at most) until every URL answers `status`. */
async function refusedWithin(urls: string[], status: number, timeoutMs = 6_000): Promise<void> {
  await expect
    .poll(async () => Promise.all(urls.map(async (url) => (await hls(url)).status)), { timeout: timeoutMs, interval: 200 })
    .toEqual(urls.map(() => status));
}

describe('paid live video ends with the paid session', REAL_TIME_MEDIA, () => {
  it('LL-HLS: the playlist and its segments are refused within seconds after one paid minute and the end', async () => {
    await setPrice(PRICE);
    const member = await payingMember();
    const { playlist, segment } = await playHls(await ticket(member));
    await leave(member);
    await refusedWithin([playlist, segment], 403);
    expect(await (await hls(playlist)).json()).toMatchObject({ error: { code: 'PAID_CHAT_REQUIRED' } });
  });

  it('WHEP: a viewer token taken during paid chat opens no session after leaving', async () => {
    await setPrice(PRICE);
    const member = await payingMember();
    const t = await ticket(member);
    await leave(member);
    const viewer = await createViewer('after-leaving', false);
    cleanups.push(() => viewer.close());
    const refused = await postOffer(`${base}${t.whep_url}`, viewer.offer, t.token);
    expect(refused.status, refused.body).toBe(403);
    expect(JSON.parse(refused.body)).toMatchObject({ error: { code: 'PAID_CHAT_REQUIRED' } });
  });

  it('WHEP: an open session is cut within seconds when the paid session ends through another instance', async () => {
    await setPrice(PRICE);
    const member = await payingMember();
    const { location } = await watchWhep(await ticket(member), 'paying-viewer');
    expect(await sessionStatus(location)).toBe(204);
    // Instance B ends it: A's chat sessions never hear of it, so only A's re-check can cut the video.
    await leave(member, b);
    await cutWithin(location, member);
  });

  it('a camera switched from free to paid chat cuts the viewers without a paid session, on WHEP and LL-HLS', async () => {
    await setPrice(null);
    const onWhep = await asMember(a);
    const onHls = await asMember(a);
    const { location } = await watchWhep(await ticket(onWhep), 'free-viewer');
    const { playlist, segment } = await playHls(await ticket(onHls));
    // Both count as watching, once each: the camera list and the camera page show the same number.
    await expect.poll(async () => (await detail(cam.model)).viewers, { timeout: 10_000, interval: 250 }).toBe(2);

    // The model switches on instance B.
    await setPrice(PRICE, b);
    await cutWithin(location, onWhep);
    await refusedWithin([playlist, segment], 403);
    expect((await api(a, 'POST', `/cameras/${cam.name}/watch`, onWhep)).json()).toMatchObject({ error: { code: 'PAID_CHAT_REQUIRED' } });
  });
});
