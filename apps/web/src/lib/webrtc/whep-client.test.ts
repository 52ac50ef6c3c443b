import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakePeerConnection } from './testing/fake-peer-connection';
import { WhepError, startWhep } from './whep-client';

const ANSWER = 'v=0\r\no=- 1 1 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n';

function answering(status: number, { location = '/live/whep/cam-1/sessions/abc', body = ANSWER }: { location?: string | null; body?: string } = {}) {
  return vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => {
    const headers = new Headers();
    if (location) headers.set('Location', location);
    return new Response(status === 201 ? body : 'refused', { status, headers });
  });
}

const open = (fetch: ReturnType<typeof answering>, extra: Partial<Parameters<typeof startWhep>[0]> = {}) =>
  startWhep({
    url: 'http://site.test/live/whep/cam-1',
    token: 'viewer-token',
    iceServers: [{ urls: 'stun:stun.example.test' }],
    createPeerConnection: (config) => new FakePeerConnection(config) as unknown as RTCPeerConnection,
    fetch: fetch as unknown as typeof globalThis.fetch,
    iceGatheringTimeoutMs: 50,
    ...extra,
  });

afterEach(() => FakePeerConnection.reset());

describe('startWhep', () => {
  it('offers receive-only video and audio, POSTs the SDP with the bearer token and applies the answer', async () => {
    const fetch = answering(201);
    const session = await open(fetch);
    const pc = FakePeerConnection.latest();
    expect(pc.config.iceServers).toEqual([{ urls: 'stun:stun.example.test' }]);
    expect(pc.transceivers).toEqual([
      { kind: 'video', direction: 'recvonly' },
      { kind: 'audio', direction: 'recvonly' },
    ]);
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('http://site.test/live/whep/cam-1');
    expect(init?.method).toBe('POST');
    expect(init?.headers).toMatchObject({ 'Content-Type': 'application/sdp', Authorization: 'Bearer viewer-token' });
    // The offer is sent once gathering completed, so it carries the candidates.
    expect(init?.body).toBe(pc.localDescription?.sdp);
    expect(String(init?.body)).toContain('a=candidate');
    expect(pc.remoteDescription).toEqual({ type: 'answer', sdp: ANSWER });
    expect(session.resourceUrl).toBe('http://site.test/live/whep/cam-1/sessions/abc');
  });

  it('DELETEs the session at its Location (with the token) when leaving, once', async () => {
    const fetch = answering(201);
    const session = await open(fetch);
    await session.close();
    await session.close();
    expect(FakePeerConnection.latest().closed).toBe(true);
    const deletes = fetch.mock.calls.filter(([, init]) => init?.method === 'DELETE');
    expect(deletes).toHaveLength(1);
    expect(deletes[0]![0]).toBe('http://site.test/live/whep/cam-1/sessions/abc');
    expect(deletes[0]![1]?.headers).toEqual({ Authorization: 'Bearer viewer-token' });
  });

  it('sends the offer after a timeout when gathering never completes', async () => {
    FakePeerConnection.gatheringNeverCompletes = true;
    const fetch = answering(201);
    await open(fetch);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it.each([
    [401, 'unauthorized'],
    [403, 'forbidden'],
    [409, 'offline'],
    [404, 'offline'],
    [500, 'failed'],
    [502, 'unavailable'],
    [503, 'unavailable'],
    [504, 'unavailable'],
  ] as const)('turns a %i into a WhepError of kind %s and closes the connection', async (status, kind) => {
    const fetch = answering(status);
    const error = await open(fetch).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WhepError);
    expect((error as WhepError).kind).toBe(kind);
    expect((error as WhepError).status).toBe(status);
    expect(FakePeerConnection.latest().closed).toBe(true);
  });

  it('says a network failure is a failed attempt', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const error = await open(fetch as unknown as ReturnType<typeof answering>).catch((e: unknown) => e);
    expect((error as WhepError).kind).toBe('failed');
  });

  it('says so when the browser has no WebRTC', async () => {
    const original = globalThis.RTCPeerConnection;
    // jsdom has none; make sure of it.
    delete (globalThis as { RTCPeerConnection?: unknown }).RTCPeerConnection;
    try {
      const error = await startWhep({ url: '/live/whep/cam-1', token: 't', fetch: answering(201) as unknown as typeof fetch }).catch((e: unknown) => e);
      expect((error as WhepError).kind).toBe('unsupported');
    } finally {
      if (original) globalThis.RTCPeerConnection = original;
    }
  });
});
