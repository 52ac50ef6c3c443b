import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { LiveSource } from '@velora/shared';
import { MediaServerError, type MediaServer, type MediaServerEvent, type RoomId, type RoomStats, type SdpAnswer } from './media-server';

// MEDIA_SERVER=external (decision record 033): the same /live handshakes, after the same token checks, handed to a
// media server of the operator's (MediaMTX names its endpoints {url}/{path}/whip and {url}/{path}/whep; the path is
// the camera id). The client only ever sees /live addresses: the third party's session URL stays here.

interface RemoteSession {
  room: RoomId;
  kind: 'publisher' | 'viewer';
  url: string;
  source: LiveSource | null;
}

const UPSTREAM_TIMEOUT_MS = 10_000;

export function createExternalMediaServer(mediaServerUrl: string, log: Pick<FastifyBaseLogger, 'warn'>, fetchImpl: typeof fetch = fetch): MediaServer {
  const base = mediaServerUrl.replace(/\/+$/, '');
  const sessions = new Map<string, RemoteSession>();
  const listeners = new Set<(event: MediaServerEvent) => void>();
  const emit = (event: MediaServerEvent) => listeners.forEach((listener) => listener(event));

  async function upstream(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetchImpl(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS) });
    } catch (error) {
      log.warn({ err: error, url }, 'the external media server did not answer');
      throw new MediaServerError('unavailable', 'The media server did not answer; try again shortly');
    }
  }

  async function refusal(response: Response, kind: 'publisher' | 'viewer', room: RoomId): Promise<MediaServerError> {
    const text = (await response.text().catch(() => '')).replace(/[^\x20-\x7e]/g, ' ').slice(0, 200).trim();
    if (response.status === 400 || response.status === 406 || response.status === 415 || response.status === 422) {
      return new MediaServerError('bad-offer', `The media server refused the offer${text ? `: ${text}` : ''}`);
    }
    if (response.status === 404 && kind === 'viewer') return new MediaServerError('no-publisher', `Camera ${room} is not on air`);
    log.warn({ status: response.status, room, kind }, 'the external media server refused a handshake');
    return new MediaServerError('unavailable', `The media server answered ${response.status}`);
  }

  function viewersOf(room: RoomId) {
    return [...sessions.values()].filter((s) => s.room === room && s.kind === 'viewer').length;
  }

  async function handshake(room: RoomId, kind: 'publisher' | 'viewer', sdp: string, source: LiveSource | null): Promise<SdpAnswer> {
    const endpoint = `${base}/${room}/${kind === 'publisher' ? 'whip' : 'whep'}`;
    const response = await upstream(endpoint, { method: 'POST', headers: { 'content-type': 'application/sdp' }, body: sdp });
    if (response.status !== 201) throw await refusal(response, kind, room);
    const location = response.headers.get('location');
    if (!location) throw new MediaServerError('unavailable', 'The media server gave no session address (Location)');
    const resourceId = `${kind === 'publisher' ? 'p' : 'v'}${randomBytes(18).toString('base64url')}`;
    if (kind === 'publisher') {
      // A second publisher replaces the first, as with the embedded SFU.
      for (const [id, session] of sessions) if (session.room === room && session.kind === 'publisher') sessions.delete(id);
    }
    sessions.set(resourceId, { room, kind, url: new URL(location, endpoint).toString(), source });
    const etag = response.headers.get('etag') ?? undefined;
    const answer = await response.text();
    if (kind === 'publisher') emit({ type: 'publisher-up', room, source: source! });
    else emit({ type: 'viewers', room, viewers: viewersOf(room) });
    return { sdp: answer, resourceId, ...(etag ? { etag } : {}) };
  }

  async function end(resourceId: string, session: RemoteSession) {
    sessions.delete(resourceId);
    const response = await upstream(session.url, { method: 'DELETE' });
    if (response.status >= 500) log.warn({ status: response.status }, 'the external media server failed to end a session');
    if (session.kind === 'publisher') emit({ type: 'publisher-down', room: session.room });
    else emit({ type: 'viewers', room: session.room, viewers: viewersOf(session.room) });
  }

  return {
    publish: (room, offerSdp, source) => handshake(room, 'publisher', offerSdp, source),
    view: (room, offerSdp) => handshake(room, 'viewer', offerSdp, null),
    async patch(resourceId, sdpFragment) {
      const session = sessions.get(resourceId);
      if (!session) throw new MediaServerError('unknown-session', 'No such WHIP or WHEP session');
      const response = await upstream(session.url, {
        method: 'PATCH',
        headers: { 'content-type': 'application/trickle-ice-sdpfrag', 'if-match': '*' },
        body: sdpFragment,
      });
      if (response.status === 204 || response.status === 200) return true;
      if (response.status === 405 || response.status === 501) return false;
      throw await refusal(response, session.kind, session.room);
    },
    async closeSession(resourceId) {
      const session = sessions.get(resourceId);
      if (!session) throw new MediaServerError('unknown-session', 'No such WHIP or WHEP session');
      await end(resourceId, session);
    },
    openRtpIngest() {
      return Promise.reject(new MediaServerError('unsupported', 'With an external media server, encoders publish to it directly (RTMP included)'));
    },
    openRtpTap() {
      return Promise.resolve(null);
    },
    async endRoom(room) {
      const ending = [...sessions].filter(([, s]) => s.room === room);
      // The publisher first: viewers of a room without one are let go by the media server as well.
      ending.sort(([, a], [, b]) => (a.kind === b.kind ? 0 : a.kind === 'publisher' ? -1 : 1));
      for (const [id] of ending) sessions.delete(id);
      await Promise.all(ending.map(([, s]) => upstream(s.url, { method: 'DELETE' }).catch(() => undefined)));
      if (ending.some(([, s]) => s.kind === 'viewer')) emit({ type: 'viewers', room, viewers: 0 });
    },
    stats(room): RoomStats {
      const publisher = [...sessions.values()].find((s) => s.room === room && s.kind === 'publisher');
      return { room, publishing: Boolean(publisher), source: publisher?.source ?? null, viewers: viewersOf(room), inboundBitrate: 0, inboundPacketsLost: 0 };
    },
    // Another server's health is its own to report (its own readiness): this instance only says it is not watched here.
    health: () => ({ state: 'external', restarts: 0 }),
    on(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      sessions.clear();
    },
  };
}
