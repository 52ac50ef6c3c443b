// WHEP playback (RFC 9725, the WebRTC-HTTP Egress Protocol): one HTTP POST of an SDP offer, the answer back, a DELETE
// of the session's Location to leave. Receive-only video and audio; ICE candidates are gathered before the offer is
// sent (non-trickle), which every WHEP server accepts and which costs little on the short candidate lists of a member.

export type WhepErrorKind =
  /** The browser has no WebRTC. */
  | 'unsupported'
  /** 401: the viewer token was refused (expired, for another camera). Ask for a new ticket. */
  | 'unauthorized'
  /** 403: the member may not watch (paid chat required). */
  | 'forbidden'
  /** 404 or 409: nothing is being published (the camera went offline). */
  | 'offline'
  /** 502, 503, 504: the media server is away for a moment (restarting): try WebRTC again shortly. */
  | 'unavailable'
  /** Another answer, a network failure or an SDP the browser refused. */
  | 'failed';

export class WhepError extends Error {
  readonly kind: WhepErrorKind;
  readonly status: number | null;

  constructor(kind: WhepErrorKind, message: string, status: number | null = null) {
    super(message);
    this.name = 'WhepError';
    this.kind = kind;
    this.status = status;
  }
}

export const isWhepError = (error: unknown): error is WhepError => error instanceof WhepError;

export interface WhepOptions {
  /** The WHEP endpoint (WatchTicket.whep_url); relative URLs resolve against the page. */
  url: string;
  /** The viewer token, sent as `Authorization: Bearer <token>`. */
  token: string;
  iceServers?: RTCIceServer[];
  signal?: AbortSignal;
  /** Gathering stops waiting after this long and sends the candidates found so far. */
  iceGatheringTimeoutMs?: number;
  /** Tests pass a fake; the browser's by default. */
  createPeerConnection?: (config: RTCConfiguration) => RTCPeerConnection;
  fetch?: typeof fetch;
}

export interface WhepSession {
  readonly peerConnection: RTCPeerConnection;
  /** The remote media; tracks arrive as the connection comes up. */
  readonly stream: MediaStream;
  /** The session's URL on the server (the POST's Location), null when the server named none. */
  readonly resourceUrl: string | null;
  /** Closes the connection and DELETEs the session on the server (kept alive past a page leave); never rejects. */
  close(): Promise<void>;
}

export const ICE_GATHERING_TIMEOUT_MS = 2_000;

const STATUS_KINDS: Record<number, WhepErrorKind> = {
  401: 'unauthorized',
  403: 'forbidden',
  404: 'offline',
  409: 'offline',
  502: 'unavailable',
  503: 'unavailable',
  504: 'unavailable',
};

export function isWebRtcSupported(): boolean {
  return typeof globalThis.RTCPeerConnection === 'function';
}

function waitForIceGathering(pc: RTCPeerConnection, timeoutMs: number, signal?: AbortSignal): Promise<void> {
  if (pc.iceGatheringState === 'complete') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      pc.removeEventListener('icegatheringstatechange', onChange);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const onChange = () => {
      if (pc.iceGatheringState === 'complete') done();
    };
    const timer = setTimeout(done, timeoutMs);
    pc.addEventListener('icegatheringstatechange', onChange);
    signal?.addEventListener('abort', done);
  });
}

function newMediaStream(): MediaStream {
  // jsdom and very old browsers have no MediaStream constructor; the tracks then arrive with their own streams.
  return typeof MediaStream === 'function' ? new MediaStream() : ({ getTracks: () => [], addTrack: () => undefined } as unknown as MediaStream);
}

/** Opens a WHEP session: offer, POST, answer. Rejects with a WhepError saying why it could not. */
export async function startWhep(options: WhepOptions): Promise<WhepSession> {
  const createPeerConnection = options.createPeerConnection ?? (isWebRtcSupported() ? (config: RTCConfiguration) => new RTCPeerConnection(config) : null);
  if (!createPeerConnection) throw new WhepError('unsupported', 'This browser has no WebRTC');
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const endpoint = new URL(options.url, globalThis.location?.href ?? 'http://localhost/').toString();
  const authorization = `Bearer ${options.token}`;

  const pc = createPeerConnection({ iceServers: options.iceServers ?? [], bundlePolicy: 'max-bundle' });
  const stream = newMediaStream();
  pc.addEventListener('track', (event: RTCTrackEvent) => {
    if (!stream.getTracks().includes(event.track)) stream.addTrack(event.track);
  });

  try {
    pc.addTransceiver('video', { direction: 'recvonly' });
    pc.addTransceiver('audio', { direction: 'recvonly' });
    await pc.setLocalDescription(await pc.createOffer());
    await waitForIceGathering(pc, options.iceGatheringTimeoutMs ?? ICE_GATHERING_TIMEOUT_MS, options.signal);
    const offer = pc.localDescription?.sdp;
    if (!offer) throw new WhepError('failed', 'The browser made no SDP offer');

    let response: Response;
    try {
      response = await doFetch(endpoint, {
        method: 'POST',
        headers: { 'Content-Type': 'application/sdp', Accept: 'application/sdp', Authorization: authorization },
        body: offer,
        ...(options.signal ? { signal: options.signal } : {}),
      });
    } catch (error) {
      if (options.signal?.aborted) throw error;
      throw new WhepError('failed', `The WHEP server could not be reached: ${(error as Error).message}`);
    }
    if (response.status !== 201 && response.status !== 200) {
      const detail = (await response.text().catch(() => '')).slice(0, 200);
      throw new WhepError(STATUS_KINDS[response.status] ?? 'failed', `WHEP answered ${response.status}${detail ? `: ${detail}` : ''}`, response.status);
    }
    const location = response.headers.get('Location');
    const resourceUrl = location ? new URL(location, endpoint).toString() : null;
    const answer = await response.text();
    try {
      await pc.setRemoteDescription({ type: 'answer', sdp: answer });
    } catch (error) {
      if (resourceUrl) void deleteSession(doFetch, resourceUrl, authorization);
      throw new WhepError('failed', `The WHEP answer was refused: ${(error as Error).message}`);
    }

    let closed = false;
    return {
      peerConnection: pc,
      stream,
      resourceUrl,
      close: async () => {
        if (closed) return;
        closed = true;
        pc.close();
        if (resourceUrl) await deleteSession(doFetch, resourceUrl, authorization);
      },
    };
  } catch (error) {
    pc.close();
    throw error;
  }
}

async function deleteSession(doFetch: typeof fetch, url: string, authorization: string): Promise<void> {
  // Best effort: the server also ends a session whose peer went away.
  await doFetch(url, { method: 'DELETE', headers: { Authorization: authorization }, keepalive: true }).catch(() => undefined);
}
