// Publishing a camera by WHIP (RFC 9725): one SDP offer POSTed with a bearer token, one answer back, a resource to
// DELETE when done (decision record 035). Browser-only: the caller hands in the stream; the media server is the peer.

/** Why a publish failed, in words the studio can translate. */
export type WhipFailure = 'unauthorized' | 'conflict' | 'unsupported' | 'server' | 'network' | 'rejected';

export class WhipError extends Error {
  override readonly name = 'WhipError';
  readonly failure: WhipFailure;
  /** The HTTP status, when the server answered. */
  readonly status: number | null;

  constructor(failure: WhipFailure, status: number | null, message: string) {
    super(message);
    this.failure = failure;
    this.status = status;
  }
}

/** The failure a WHIP answer's status stands for (RFC 9725 §4.2, and our server's 409 for a camera already live). */
export function whipFailureOf(status: number): WhipFailure {
  if (status === 401 || status === 403) return 'unauthorized';
  if (status === 409) return 'conflict';
  if (status === 415 || status === 406 || status === 422) return 'unsupported';
  if (status >= 500) return 'server';
  return 'rejected';
}

export interface WhipPublishOptions {
  /** The WHIP endpoint (PublishTicket.whip_url). */
  url: string;
  /** The bearer token (PublishTicket.token, or an OBS stream key). */
  token: string;
  stream: MediaStream;
  iceServers?: readonly RTCIceServer[];
  /** The video sender's bitrate ceiling in bits per second. */
  maxVideoBitrate?: number;
  /**
   * Where Chromium's bandwidth estimate starts, bits per second (its `x-google-start-bitrate`; other browsers ignore
   * it). Without it the estimate starts near 300 kbit/s and took about 20 s to reach 720p (decision record 035).
   */
  startVideoBitrate?: number;
  /** How long to wait for ICE candidates before sending the offer with what was gathered. */
  iceGatheringTimeoutMs?: number;
  /** Seams for tests (jsdom has no WebRTC); the browser's own by default. */
  fetch?: typeof fetch;
  createPeerConnection?: (config: RTCConfiguration) => RTCPeerConnection;
}

export interface WhipSession {
  readonly peerConnection: RTCPeerConnection;
  /** The resource the server made (absolute URL): DELETE ends the session. */
  readonly resourceUrl: string;
  /** Swaps the camera or microphone without a new offer (a device change while live). */
  replaceTrack(kind: 'audio' | 'video', track: MediaStreamTrack | null): Promise<void>;
  /** Changes the video bitrate ceiling (a quality change while live). */
  setMaxVideoBitrate(bitsPerSecond: number): Promise<void>;
  /** DELETEs the resource (best effort: the server ends a silent session on its own) and closes the connection. */
  stop(): Promise<void>;
}

const DEFAULT_ICE_GATHERING_TIMEOUT_MS = 2000;

const VIDEO_CODECS = /^(VP8|VP9|H264|AV1)\//i;

/**
 * The answer with `x-google-start-bitrate` on each video codec of its video sections: a hint to the sender's own
 * bandwidth estimate, which is why the sender may put it on the answer it received.
 */
export function withStartBitrate(sdp: string, bitsPerSecond: number): string {
  const kbps = Math.round(bitsPerSecond / 1000);
  const lines = sdp.split(/\r\n/);
  const out: string[] = [];
  let inVideo = false;
  const fmtpSeen = new Set<string>();
  const codecPayloads = new Set<string>();
  for (const line of lines) {
    if (line.startsWith('m=')) inVideo = line.startsWith('m=video');
    if (inVideo) {
      const rtpmap = /^a=rtpmap:(\d+) (.+)$/.exec(line);
      if (rtpmap && VIDEO_CODECS.test(rtpmap[2] ?? '')) codecPayloads.add(rtpmap[1] ?? '');
      const fmtp = /^a=fmtp:(\d+) (.*)$/.exec(line);
      if (fmtp && codecPayloads.has(fmtp[1] ?? '') && !fmtp[2]?.includes('x-google-start-bitrate')) {
        fmtpSeen.add(fmtp[1] ?? '');
        out.push(`${line};x-google-start-bitrate=${kbps}`);
        continue;
      }
    }
    out.push(line);
  }
  // Codecs without an fmtp line (VP8 has none) get one after their rtpmap.
  return out
    .flatMap((line) => {
      const rtpmap = /^a=rtpmap:(\d+) /.exec(line);
      const payload = rtpmap?.[1];
      if (payload && codecPayloads.has(payload) && !fmtpSeen.has(payload)) {
        fmtpSeen.add(payload);
        return [line, `a=fmtp:${payload} x-google-start-bitrate=${kbps}`];
      }
      return [line];
    })
    .join('\r\n');
}

/**
 * Resolves when ICE gathering completes, or after the timeout: a host candidate is enough on a LAN, and a slow STUN
 * server should not hold up going live (the server answers with its own candidates; RFC 9725 allows a full offer).
 */
function iceGatheringDone(pc: RTCPeerConnection, timeoutMs: number): Promise<void> {
  if (pc.iceGatheringState === 'complete') return Promise.resolve();
  return new Promise((resolve) => {
    const finish = () => {
      clearTimeout(timer);
      pc.removeEventListener('icegatheringstatechange', onChange);
      resolve();
    };
    const onChange = () => {
      if (pc.iceGatheringState === 'complete') finish();
    };
    const timer = setTimeout(finish, timeoutMs);
    pc.addEventListener('icegatheringstatechange', onChange);
  });
}

async function setSenderBitrate(sender: RTCRtpSender, bitsPerSecond: number): Promise<void> {
  const parameters = sender.getParameters();
  const encodings = parameters.encodings?.length ? parameters.encodings : [{}];
  parameters.encodings = encodings.map((encoding) => ({ ...encoding, maxBitrate: bitsPerSecond }));
  await sender.setParameters(parameters);
}

/**
 * Publishes `stream` to a WHIP endpoint: sendonly audio and video transceivers (the codecs in the browser's own order:
 * VP8 or H.264 both reach the SFU, so none is forced), one offer after ICE gathering, `Authorization: Bearer`.
 * Resolves once the answer is set; the caller watches `peerConnection` for the connection's state.
 */
export async function publishWhip(options: WhipPublishOptions): Promise<WhipSession> {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const createPeerConnection = options.createPeerConnection ?? ((config) => new RTCPeerConnection(config));
  const pc = createPeerConnection({ iceServers: [...(options.iceServers ?? [])], bundlePolicy: 'max-bundle' });
  const senders: Record<'audio' | 'video', RTCRtpSender | null> = { audio: null, video: null };
  try {
    for (const kind of ['video', 'audio'] as const) {
      const track = options.stream.getTracks().find((t) => t.kind === kind) ?? null;
      // One transceiver per kind even without a track, so a microphone plugged in later needs no new offer.
      const init: RTCRtpTransceiverInit = { direction: 'sendonly', streams: [options.stream] };
      if (kind === 'video' && options.maxVideoBitrate) init.sendEncodings = [{ maxBitrate: options.maxVideoBitrate }];
      const transceiver = pc.addTransceiver(track ?? kind, init);
      senders[kind] = transceiver.sender;
    }
    const offer = await pc.createOffer();
    await pc.setLocalDescription(offer);
    await iceGatheringDone(pc, options.iceGatheringTimeoutMs ?? DEFAULT_ICE_GATHERING_TIMEOUT_MS);
    const sdp = pc.localDescription?.sdp ?? offer.sdp ?? '';

    let response: Response;
    try {
      response = await doFetch(options.url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/sdp', Authorization: `Bearer ${options.token}` },
        body: sdp,
      });
    } catch (error) {
      throw new WhipError('network', null, error instanceof Error ? error.message : 'Network failure');
    }
    if (response.status !== 201) {
      const text = await response.text().catch(() => '');
      throw new WhipError(whipFailureOf(response.status), response.status, text || `WHIP answered ${response.status}`);
    }
    const location = response.headers.get('Location');
    if (!location) throw new WhipError('server', response.status, 'The WHIP answer has no Location');
    const answer = await response.text();
    const resourceUrl = new URL(location, new URL(options.url, globalThis.location?.href)).toString();
    try {
      await pc.setRemoteDescription({ type: 'answer', sdp: options.startVideoBitrate ? withStartBitrate(answer, options.startVideoBitrate) : answer });
    } catch (error) {
      // The server made a resource for an answer we cannot use: give it back before failing.
      void doFetch(resourceUrl, { method: 'DELETE', headers: { Authorization: `Bearer ${options.token}` } }).catch(() => undefined);
      throw new WhipError('unsupported', response.status, error instanceof Error ? error.message : 'Unusable SDP answer');
    }
    if (options.maxVideoBitrate && senders.video) await setSenderBitrate(senders.video, options.maxVideoBitrate).catch(() => undefined);

    let stopped = false;
    return {
      peerConnection: pc,
      resourceUrl,
      replaceTrack: async (kind, track) => {
        await senders[kind]?.replaceTrack(track);
      },
      setMaxVideoBitrate: async (bitsPerSecond) => {
        if (senders.video) await setSenderBitrate(senders.video, bitsPerSecond);
      },
      stop: async () => {
        if (stopped) return;
        stopped = true;
        try {
          await doFetch(resourceUrl, { method: 'DELETE', headers: { Authorization: `Bearer ${options.token}` } });
        } catch {
          // The server ends a session whose media stopped anyway (its grace period); nothing more to do here.
        } finally {
          pc.close();
        }
      },
    };
  } catch (error) {
    pc.close();
    throw error;
  }
}
