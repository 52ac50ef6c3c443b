import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryRateLimitStore } from '../../lib/memory-rate-limit-store';
import { createMediaServer } from './create-media-server';
import { signLiveToken } from './live-tokens';
import { liveRoutes } from './live.routes';
import type { MediaServer, MediaServerEvent } from './media-server';

// MEDIA_SERVER=external: the handshakes go to a MediaMTX-style server; a local HTTP server stands in for it.

const key = Buffer.from('external-test-key-'.repeat(2));
const OFFER = 'v=0\r\no=- 1 1 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\na=fingerprint:sha-256 AA\r\nm=video 9 UDP/TLS/RTP/SAVPF 96\r\na=mid:0\r\na=rtpmap:96 VP8/90000\r\n';
const ANSWER = 'v=0\r\no=- 2 2 IN IP4 127.0.0.1\r\ns=third party answer\r\n';

interface Seen {
  method: string;
  url: string;
  contentType: string | undefined;
  body: string;
}

let upstream: http.Server;
let upstreamUrl: string;
const seen: Seen[] = [];
let onAir = new Set<string>();
let app: FastifyInstance;
let media: MediaServer;
let base: string;
const events: MediaServerEvent[] = [];

beforeAll(async () => {
  upstream = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      seen.push({ method: request.method!, url: request.url!, contentType: request.headers['content-type'], body });
      const whip = /^\/(\w+)\/whip$/.exec(request.url!);
      const whep = /^\/(\w+)\/whep$/.exec(request.url!);
      if (request.method === 'POST' && whip) {
        onAir.add(whip[1]!);
        response.writeHead(201, { 'content-type': 'application/sdp', location: `/${whip[1]}/whip/session-1`, etag: '"up"' }).end(ANSWER);
      } else if (request.method === 'POST' && whep) {
        if (!onAir.has(whep[1]!)) response.writeHead(404).end('no one is publishing to this path');
        else response.writeHead(201, { 'content-type': 'application/sdp', location: `${upstreamUrl}/${whep[1]}/whep/session-2` }).end(ANSWER);
      } else if (request.method === 'DELETE' || request.method === 'PATCH') {
        response.writeHead(request.method === 'PATCH' ? 204 : 200).end();
      } else response.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  media = createMediaServer(
    { live: { mediaServer: 'external', mediaServerUrl: `${upstreamUrl}/`, iceServers: [], rtcPorts: undefined, announcedIp: undefined } as never },
    console,
  );
  media.on((event) => events.push(event));
  app = Fastify();
  await app.register(liveRoutes, {
    media,
    liveKey: key,
    rateLimits: createMemoryRateLimitStore(),
    now: () => Date.now(),
    authorizePublisher: async (bearer) => (bearer === 'key-5' ? { cameraId: 5, source: 'whip' } : null),
  });
  base = await app.listen({ host: '127.0.0.1', port: 0 });
});

beforeEach(() => {
  seen.length = 0;
  onAir = new Set();
});

afterAll(async () => {
  await app.close();
  await media.close();
  await new Promise((resolve) => upstream.close(resolve));
});

const post = (path: string, bearer?: string) =>
  fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/sdp', ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) }, body: OFFER });
const viewToken = (cameraId: number) => signLiveToken(key, { kind: 'view', cameraId, userId: 1, exp: Math.floor(Date.now() / 1000) + 60 });

describe('/live with an external media server', () => {
  it('hands a checked WHIP offer to {url}/{camera}/whip and keeps the third party\'s session address to itself', async () => {
    expect((await post('/live/whip', 'wrong-key')).status).toBe(401);
    expect(seen).toEqual([]);

    const response = await post('/live/whip', 'key-5');
    expect(response.status).toBe(201);
    expect(await response.text()).toBe(ANSWER);
    expect(response.headers.get('content-type')).toMatch(/application\/sdp/);
    const location = response.headers.get('location')!;
    expect(location).toMatch(/^\/live\/whip\/p[A-Za-z0-9_-]{20,}$/);
    expect(response.headers.get('etag')).toBe('"up"');
    expect(seen).toEqual([{ method: 'POST', url: '/5/whip', contentType: 'application/sdp', body: OFFER }]);
    expect(events).toContainEqual({ type: 'publisher-up', room: 5, source: 'whip' });

    const patched = await fetch(`${base}${location}`, { method: 'PATCH', headers: { 'content-type': 'application/trickle-ice-sdpfrag' }, body: 'a=mid:0\r\na=candidate:1 1 UDP 1 127.0.0.1 9 typ host\r\n' });
    expect(patched.status).toBe(204);
    expect((await fetch(`${base}${location}`, { method: 'DELETE' })).status).toBe(200);
    expect(seen.slice(1).map((s) => `${s.method} ${s.url}`)).toEqual(['PATCH /5/whip/session-1', 'DELETE /5/whip/session-1']);
    expect(events).toContainEqual({ type: 'publisher-down', room: 5 });
  });

  it('checks the viewer token before asking the media server, and says 404 when no one publishes', async () => {
    expect((await post('/live/whep/5')).status).toBe(401);
    expect((await post('/live/whep/5', viewToken(6))).status).toBe(403);
    expect(seen).toEqual([]);
    const empty = await post('/live/whep/5', viewToken(5));
    expect(empty.status).toBe(404);
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual(['POST /5/whep']);

    onAir.add('5');
    const watching = await post('/live/whep/5', viewToken(5));
    expect(watching.status).toBe(201);
    const location = watching.headers.get('location')!;
    expect(location).toMatch(/^\/live\/whep\/5\/v[A-Za-z0-9_-]{20,}$/);
    expect(media.stats(5).viewers).toBe(1);
    await media.endRoom(5);
    expect(seen.at(-1)).toMatchObject({ method: 'DELETE', url: '/5/whep/session-2' });
    expect((await fetch(`${base}${location}`, { method: 'DELETE' })).status).toBe(404);
  });

  it('counts handshakes per address before checking them (429 after 60 a minute)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) statuses.push((await post('/live/whep/5', 'bad-token')).status);
    // The file's earlier handshakes count too: refusals until the limit, then 429s.
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    expect(statuses.indexOf(429)).toBeGreaterThan(40);
    expect(statuses.at(-1)).toBe(429);
  });

  it('says 503, not 500, when the media server is down', async () => {
    const down = createMediaServer({ live: { mediaServer: 'external', mediaServerUrl: 'http://127.0.0.1:9', iceServers: [] } as never }, { warn: () => undefined, error: () => undefined });
    await expect(down.publish(1, OFFER, 'whip')).rejects.toMatchObject({ code: 'unavailable' });
  });
});
