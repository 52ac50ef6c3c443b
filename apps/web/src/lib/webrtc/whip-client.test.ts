import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeMediaStream, FakeTrack } from '@/test/fake-media-devices';
import { FAKE_ANSWER_SDP, FakePeerConnection, createFakePeerConnection } from '@/test/fake-peer-connection';
import { WhipError, publishWhip, whipFailureOf, withStartBitrate } from './whip-client';

const WHIP_URL = 'https://live.example.test/live/whip/anna';

function stream() {
  return new FakeMediaStream([new FakeTrack('video', 'cam-1', {}), new FakeTrack('audio', 'mic-1', {})]) as unknown as MediaStream;
}

function answering(status: number, body = FAKE_ANSWER_SDP, headers: Record<string, string> = { Location: '/live/whip/anna/res-1', 'Content-Type': 'application/sdp' }) {
  return vi.fn<typeof fetch>((_input, init) => {
    if (init?.method === 'DELETE') return Promise.resolve(new Response(null, { status: 200 }));
    return Promise.resolve(new Response(body, { status, headers }));
  });
}

function publish(fetchMock: typeof fetch, extra: Partial<Parameters<typeof publishWhip>[0]> = {}) {
  return publishWhip({ url: WHIP_URL, token: 'tok-123', stream: stream(), fetch: fetchMock, createPeerConnection: createFakePeerConnection, ...extra });
}

afterEach(() => FakePeerConnection.reset());

describe('publishing by WHIP', () => {
  it('posts the offer as application/sdp with the bearer token after ICE gathering, and sets the 201 answer', async () => {
    const fetchMock = answering(201);
    const session = await publish(fetchMock, { maxVideoBitrate: 2_500_000, iceServers: [{ urls: 'stun:stun.example.test' }] });
    const pc = FakePeerConnection.latest();

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(WHIP_URL);
    expect(init?.method).toBe('POST');
    expect(init?.headers).toEqual({ 'Content-Type': 'application/sdp', Authorization: 'Bearer tok-123' });
    expect(init?.body).toBe(pc.localDescription?.sdp);
    expect(pc.iceGatheringState).toBe('complete');
    expect(pc.remoteDescription).toEqual({ type: 'answer', sdp: FAKE_ANSWER_SDP });
    expect(pc.config.iceServers).toEqual([{ urls: 'stun:stun.example.test' }]);
    // Send-only video and audio; the codec order stays the browser's.
    expect(pc.transceivers.map((t) => [t.kind, t.direction])).toEqual([
      ['video', 'sendonly'],
      ['audio', 'sendonly'],
    ]);
    expect(pc.sender('video').getParameters().encodings).toEqual([{ maxBitrate: 2_500_000 }]);
    expect(session.resourceUrl).toBe('https://live.example.test/live/whip/anna/res-1');
  });

  it('DELETEs the resource with the token on stop, once, and closes the connection', async () => {
    const fetchMock = answering(201);
    const session = await publish(fetchMock);
    await session.stop();
    await session.stop();
    const deletes = fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE');
    expect(deletes).toEqual([['https://live.example.test/live/whip/anna/res-1', { method: 'DELETE', headers: { Authorization: 'Bearer tok-123' } }]]);
    expect(FakePeerConnection.latest().closed).toBe(true);
  });

  it('changes the bitrate ceiling and swaps a track while live', async () => {
    const session = await publish(answering(201), { maxVideoBitrate: 2_500_000 });
    await session.setMaxVideoBitrate(700_000);
    const pc = FakePeerConnection.latest();
    expect(pc.sender('video').getParameters().encodings).toEqual([{ maxBitrate: 700_000 }]);
    const other = new FakeTrack('video', 'cam-2', {}) as unknown as MediaStreamTrack;
    await session.replaceTrack('video', other);
    expect(pc.sender('video').track).toBe(other);
  });

  it.each([
    [401, 'unauthorized'],
    [403, 'unauthorized'],
    [409, 'conflict'],
    [415, 'unsupported'],
    [500, 'server'],
    [503, 'server'],
    [400, 'rejected'],
  ] as const)('maps an answer of %i to %s and closes the connection', async (status, failure) => {
    const error = await publish(answering(status, 'no')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WhipError);
    expect((error as WhipError).failure).toBe(failure);
    expect((error as WhipError).status).toBe(status);
    expect(whipFailureOf(status)).toBe(failure);
    expect(FakePeerConnection.latest().closed).toBe(true);
  });

  it('reports a network failure as such', async () => {
    const error = await publish(vi.fn<typeof fetch>(() => Promise.reject(new TypeError('Failed to fetch')))).catch((e: unknown) => e);
    expect((error as WhipError).failure).toBe('network');
    expect((error as WhipError).status).toBeNull();
  });

  it('refuses a 201 without a Location', async () => {
    const error = await publish(answering(201, FAKE_ANSWER_SDP, {})).catch((e: unknown) => e);
    expect((error as WhipError).failure).toBe('server');
  });

  it('gives the resource back when the answer cannot be used', async () => {
    const fetchMock = answering(201, 'not sdp');
    const error = await publish(fetchMock).catch((e: unknown) => e);
    expect((error as WhipError).failure).toBe('unsupported');
    await vi.waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(true));
  });

  it('sends what was gathered when ICE gathering takes too long', async () => {
    const slow = (config: RTCConfiguration) => {
      const pc = new FakePeerConnection(config);
      pc.setLocalDescription = (description) => {
        pc.localDescription = description;
        pc.iceGatheringState = 'gathering';
        return Promise.resolve();
      };
      return pc as unknown as RTCPeerConnection;
    };
    const fetchMock = answering(201);
    await publish(fetchMock, { createPeerConnection: slow, iceGatheringTimeoutMs: 20 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe("the start of Chromium's bandwidth estimate", () => {
  const ANSWER = [
    'v=0',
    'm=audio 9 UDP/TLS/RTP/SAVPF 111',
    'a=rtpmap:111 opus/48000/2',
    'a=fmtp:111 minptime=10;useinbandfec=1',
    'm=video 9 UDP/TLS/RTP/SAVPF 96 97 102 103',
    'a=rtpmap:96 VP8/90000',
    'a=rtpmap:97 rtx/90000',
    'a=fmtp:97 apt=96',
    'a=rtpmap:102 H264/90000',
    'a=fmtp:102 level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=42e01f',
    'a=rtpmap:103 rtx/90000',
    'a=fmtp:103 apt=102',
    '',
  ].join('\r\n');

  it('is put on each video codec of the answer, and nowhere else', () => {
    const lines = withStartBitrate(ANSWER, 1_500_000).split('\r\n');
    expect(lines).toContain('a=fmtp:96 x-google-start-bitrate=1500');
    expect(lines.indexOf('a=fmtp:96 x-google-start-bitrate=1500')).toBe(lines.indexOf('a=rtpmap:96 VP8/90000') + 1);
    expect(lines).toContain('a=fmtp:102 level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=42e01f;x-google-start-bitrate=1500');
    expect(lines).toContain('a=fmtp:111 minptime=10;useinbandfec=1');
    expect(lines).toContain('a=fmtp:97 apt=96');
    expect(lines).toContain('a=fmtp:103 apt=102');
    expect(lines.filter((l) => l.includes('x-google-start-bitrate'))).toHaveLength(2);
  });

  it('is set on the answer the peer connection gets', async () => {
    const answer = 'v=0\r\nm=video 9 UDP/TLS/RTP/SAVPF 96\r\na=rtpmap:96 VP8/90000\r\n';
    await publish(answering(201, answer), { startVideoBitrate: 1_500_000 });
    expect(FakePeerConnection.latest().remoteDescription?.sdp).toContain('a=fmtp:96 x-google-start-bitrate=1500');
  });
});
