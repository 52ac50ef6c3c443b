import fs from 'node:fs/promises';
import path from 'node:path';
import { PlaydateRoom } from '@velora/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { asModel, asPremium, type LoggedIn } from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { createLive, type Live } from '../../composition/live';
import { createPublisher, createViewer, handshakeWithRetry, postOffer, relayIntoTrack, startTestPattern, until, type TestViewer } from '../live/live-test-peers';
import { liveSigningKey, signLiveToken } from '../live/live-tokens';
import type { MediaServerEvent } from '../live/media-server';
import { isRtcp } from '../live/rtp-packets';
import { mediaRoomOf } from './media-rooms';
import { changeStatus, insertPlaydate } from '../../../test/modules/playdate-rooms';
import { REAL_TIME_MEDIA } from '../../../test/real-time-media';

// The two media rooms of a private playdate with real WebRTC peers (libdatachannel as the browsers, ffmpeg as their
// cameras) through the composition's /live routes and the embedded SFU: each side publishes with the ticket the room
// gave and the other side watches it; other playdates' and expired tickets are refused; the end drops both rooms.

let t: TestApp;
let live: Live;
let liveApp: FastifyInstance;
let base: string;
const events: MediaServerEvent[] = [];
const cleanups: Array<() => unknown> = [];

beforeAll(async () => {
  t = await buildTestApp({
    env: { RTMP_ENABLED: '0', LIVE_DEMO_STREAMS: 'off' },
    // The live parts are made from the app's platform below; the rooms reach them through this.
    mediaServer: { endRoom: (room) => live.control.endRoom(room), stats: (room) => live.control.stats(room) },
  });
  live = await createLive(t.deps);
  liveApp = Fastify();
  await live.registerRoutes(liveApp, [t.services.cameras, t.services.playdateRooms], t.services.cameras);
  await live.start(t.services.cameras, t.services.playdateRooms);
  live.media.on((event) => events.push(event));
  base = await liveApp.listen({ host: '127.0.0.1', port: 0 });
}, 60_000);

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

afterAll(async () => {
  await liveApp?.close();
  await live?.close();
  await t?.close();
});

async function get(url: string, who: LoggedIn) {
  const res = await t.app.inject({ method: 'GET', url: `/api${url}`, headers: who.headers });
  expect(res.statusCode, res.body).toBe(200);
  return PlaydateRoom.parse(res.json());
}

/** A browser publishing a VP8 test pattern with a publish ticket's token. */
async function publish(token: string) {
  const { peer, reply } = await handshakeWithRetry(base, createPublisher, (offer) => postOffer(`${base}/live/whip`, offer, token));
  expect(reply.status, reply.body).toBe(201);
  const relay = await relayIntoTrack(peer.video);
  const source = startTestPattern({ host: '127.0.0.1', videoPort: relay.port, video: { payloadType: 96, ssrc: peer.ssrc } });
  cleanups.push(() => peer.close(), () => relay.close(), () => source.stop());
}

async function watch(url: string, token: string, name: string): Promise<TestViewer> {
  const { peer, reply } = await handshakeWithRetry(base, () => createViewer(name), (offer) => postOffer(`${base}${url}`, offer, token));
  cleanups.push(() => peer.close());
  expect(reply.status, reply.body).toBe(201);
  return peer;
}

const rtp = (packets: Buffer[]) => packets.filter((p) => p.length >= 12 && !isRtcp(p));

describe('the media rooms of a private playdate', REAL_TIME_MEDIA, () => {
  it('carries the member\'s camera to the model and hers to him, refuses other tickets, and drops both at the end', async () => {
    const model = await asModel(t);
    const member = await asPremium(t);
    const id = await insertPlaydate(t.deps.db, { modelId: model.user.model_id!, memberId: member.id, status: 'live', startsAt: new Date(Date.now() - 60_000) });
    const modelRoom = mediaRoomOf(id, 'model');
    const memberRoom = mediaRoomOf(id, 'member');

    // He publishes his side; she is handed a ticket to watch it.
    const his = await get(`/playdates/private/${id}`, member);
    await publish(his.publish!.token);
    await until(() => events.some((e) => e.type === 'publisher-up' && e.room === memberRoom), 10_000, 'his publisher-up');
    const hers = await get(`/studio/playdates/${id}/room`, model);
    expect(hers.publishing).toEqual({ model: false, member: true });
    const memberTicket = hers.view.find((v) => v.side === 'member')!;
    expect(memberTicket.whep_url).toBe(`/live/whep/${memberRoom}`);
    const herViewer = await watch(memberTicket.whep_url, memberTicket.token, 'model-watches-member');
    await until(() => rtp(herViewer.videoPackets).length > 20, 10_000, 'his video at the model');

    // She publishes hers; he watches it, and she counts as come (not missed).
    await publish(hers.publish!.token);
    await until(() => events.some((e) => e.type === 'publisher-up' && e.room === modelRoom), 10_000, 'her publisher-up');
    await until(() => live.control.stats(modelRoom).publishing, 5000, 'her room publishing');
    const again = await get(`/playdates/private/${id}`, member);
    const modelTicket = again.view.find((v) => v.side === 'model')!;
    const hisViewer = await watch(modelTicket.whep_url, modelTicket.token, 'member-watches-model');
    await until(() => rtp(hisViewer.videoPackets).length > 20, 10_000, 'her video at the member');
    const [row] = await t.deps.db.query<{ model_joined_at: Date | null }>('SELECT model_joined_at FROM playdates WHERE id = $1', [id]);
    expect(row!.model_joined_at).not.toBeNull();

    // Private video never leaves the room: no still or LL-HLS of either side is written.
    const liveDir = path.join(t.deps.config.dataDir, 'live');
    const written = await fs.readdir(path.join(liveDir, 'preview')).catch(() => [] as string[]);
    expect(written.filter((f) => f.startsWith(String(modelRoom)) || f.startsWith(String(memberRoom)))).toEqual([]);

    // Another playdate's ticket does not open this room; nor an expired one; nor a view token as a publisher.
    const otherModel = await asModel(t);
    const otherMember = await asPremium(t);
    const other = await insertPlaydate(t.deps.db, { modelId: otherModel.user.model_id!, memberId: otherMember.id, status: 'live', startsAt: new Date(Date.now() - 60_000) });
    const otherRoom = await get(`/playdates/private/${other}`, otherMember);
    const probe = (await createViewer('probe', false));
    cleanups.push(() => probe.close());
    expect((await postOffer(`${base}/live/whep/${modelRoom}`, probe.offer, modelTicket.token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')))).status).toBe(401);
    const key = liveSigningKey(t.deps.config);
    const foreign = signLiveToken(key, { kind: 'view', cameraId: mediaRoomOf(other, 'model'), userId: otherMember.id, exp: Math.floor(Date.now() / 1000) + 60 });
    expect((await postOffer(`${base}/live/whep/${modelRoom}`, probe.offer, foreign)).status).toBe(403);
    const expired = signLiveToken(key, { kind: 'view', cameraId: modelRoom, userId: member.id, exp: Math.floor(Date.now() / 1000) - 1 });
    expect((await postOffer(`${base}/live/whep/${modelRoom}`, probe.offer, expired)).status).toBe(401);
    const stalePublish = signLiveToken(key, { kind: 'publish', cameraId: memberRoom, userId: member.id, exp: Math.floor(Date.now() / 1000) - 1 });
    const publisherProbe = await createPublisher();
    cleanups.push(() => publisherProbe.close());
    expect((await postOffer(`${base}/live/whip`, publisherProbe.offer, stalePublish)).status).toBe(401);
    // The other playdate's member may not publish into this one's member side with his own (valid) ticket's claims.
    const forged = signLiveToken(key, { kind: 'publish', cameraId: memberRoom, userId: otherMember.id, exp: Math.floor(Date.now() / 1000) + 60 });
    expect((await postOffer(`${base}/live/whip`, publisherProbe.offer, forged)).status).toBe(401);
    expect(otherRoom.publish).not.toBeNull();

    // The end: both rooms are dropped, and nothing can be watched or published any more.
    await changeStatus(t, id, 'finished');
    await until(() => !live.control.stats(modelRoom).publishing && !live.control.stats(memberRoom).publishing, 5000, 'rooms ended');
    expect(live.control.stats(modelRoom).viewers).toBe(0);
    expect((await postOffer(`${base}/live/whep/${modelRoom}`, probe.offer, modelTicket.token)).status).toBe(404);
    expect((await postOffer(`${base}/live/whip`, publisherProbe.offer, his.publish!.token)).status).toBe(401);
    const after = await get(`/playdates/private/${id}`, member);
    expect(after).toMatchObject({ publish: null, view: [] });
  }, 90_000);
});
