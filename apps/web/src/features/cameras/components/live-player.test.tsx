import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Http from '@/lib/http';
import { FakeHls, stubMediaElement } from '@/entities/video-player/testing/fake-hls';
import { api } from '@/lib/http';
import { FakePeerConnection, installFakePeerConnection } from '@/lib/webrtc/testing/fake-peer-connection';
import type { ApiMock } from '@/test/fake-api';
import { fakeApi, serverError } from '@/test/fake-api';
import { TestProviders, createTestQueryClient } from '@/test/providers';
import { watchTicketFixture } from '../test/fixtures';
import { resetWatchTime, watchedMs } from '../watch-time';
import { HLS_NO_FRAMES_TIMEOUT_MS, LivePlayer, NO_FRAMES_TIMEOUT_MS, RECONNECT_DELAY_MS, TICKET_RENEW_MS } from './live-player';

vi.mock('@/lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof Http>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() } };
});
vi.mock('hls.js', async () => ({ default: (await import('@/entities/video-player/testing/fake-hls')).FakeHls }));

const mockedApi = api as unknown as ApiMock;
const ANSWER = 'v=0\r\no=- 1 1 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n';

let restoreMedia: () => void;
let restorePeer: (() => void) | null = null;
let whep: ReturnType<typeof vi.fn>;

function answerWhep(status = 201) {
  whep = vi.fn(async (_url: string, init?: RequestInit) => {
    if (init?.method === 'DELETE') return new Response(null, { status: 200 });
    return new Response(status === 201 ? ANSWER : 'no', { status, headers: { Location: '/live/whep/1/sessions/s1' } });
  });
  vi.stubGlobal('fetch', whep);
}

function renderPlayer(props: Partial<Parameters<typeof LivePlayer>[0]> = {}) {
  const view = (extra: Partial<Parameters<typeof LivePlayer>[0]>) => (
    <TestProviders queryClient={createTestQueryClient()}>
      <LivePlayer name="ava" label="Live video of Ava" live {...props} {...extra} />
    </TestProviders>
  );
  const utils = render(view({}));
  const video = () => screen.getByLabelText('Live video of Ava') as HTMLVideoElement;
  const player = () => screen.getByTestId('live-player');
  return { ...utils, video, player, rerenderWith: (extra: Partial<Parameters<typeof LivePlayer>[0]>) => utils.rerender(view(extra)) };
}

beforeEach(() => {
  vi.clearAllMocks();
  FakeHls.reset();
  restoreMedia = stubMediaElement();
  fakeApi(mockedApi, { post: { '/cameras/ava/watch': () => watchTicketFixture() } });
  answerWhep();
});

afterEach(() => {
  restoreMedia();
  restorePeer?.();
  restorePeer = null;
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('LivePlayer over WebRTC', () => {
  beforeEach(() => {
    restorePeer = installFakePeerConnection();
  });

  it('asks for a viewer ticket, then plays the WHEP stream muted, with a "Sound on" button', async () => {
    const user = userEvent.setup();
    const { video, player } = renderPlayer();
    await waitFor(() => expect(FakePeerConnection.instances[0]?.remoteDescription?.sdp).toBe(ANSWER));
    expect(mockedApi.post).toHaveBeenCalledWith('/cameras/ava/watch', undefined, expect.anything());
    const [url, init] = whep.mock.calls[0]!;
    expect(url).toBe('http://site.test/live/whep/1');
    expect((init as RequestInit).headers).toMatchObject({ Authorization: 'Bearer viewer-token', 'Content-Type': 'application/sdp' });
    await waitFor(() => expect(video().srcObject).toBeTruthy());
    expect(video().muted).toBe(true);
    expect(player().dataset.transport).toBe('webrtc');

    act(() => {
      video().dispatchEvent(new Event('playing'));
    });
    expect(player().dataset.status).toBe('playing');
    expect(screen.getByRole('status').textContent).toBe('The show is playing');
    await user.click(screen.getByRole('button', { name: 'Sound on' }));
    expect(video().muted).toBe(false);
    expect(screen.getByRole('button', { name: 'Sound off' })).toBeTruthy();
  });

  it('counts watching time only while frames play (for the camera-feedback popup), not while connecting or buffering', async () => {
    resetWatchTime();
    const realNow = Date.now.bind(Date);
    let skew = 0;
    vi.spyOn(Date, 'now').mockImplementation(() => realNow() + skew);
    const { video, unmount } = renderPlayer();
    await waitFor(() => expect(video().srcObject).toBeTruthy());
    skew += 20_000;
    expect(watchedMs('ava')).toBe(0);
    act(() => {
      video().dispatchEvent(new Event('playing'));
    });
    skew += 30_000;
    act(() => {
      video().dispatchEvent(new Event('waiting'));
    });
    skew += 40_000;
    expect(Math.round(watchedMs('ava') / 1000)).toBe(30);
    act(() => {
      video().dispatchEvent(new Event('playing'));
    });
    skew += 35_000;
    unmount();
    skew += 60_000;
    expect(Math.round(watchedMs('ava') / 1000)).toBe(65);
    vi.mocked(Date.now).mockRestore();
  });

  it('leaves the WHEP session (DELETE its Location) when the page closes', async () => {
    const { unmount } = renderPlayer();
    await waitFor(() => expect(FakePeerConnection.instances[0]?.remoteDescription).toBeTruthy());
    unmount();
    await waitFor(() => expect(whep.mock.calls.some(([u, i]) => u === 'http://site.test/live/whep/1/sessions/s1' && (i as RequestInit).method === 'DELETE')).toBe(true));
    expect(FakePeerConnection.latest().closed).toBe(true);
  });

  it('falls back to LL-HLS when ICE fails before any frame', async () => {
    const { player } = renderPlayer();
    await waitFor(() => expect(FakePeerConnection.instances[0]?.remoteDescription).toBeTruthy());
    act(() => FakePeerConnection.latest().setIceState('failed'));
    await waitFor(() => expect(FakeHls.instances).toHaveLength(1));
    expect(FakeHls.latest().source).toBe('http://site.test/live/hls/1/hls-token/index.m3u8');
    expect(FakeHls.latest().config).toMatchObject({ lowLatencyMode: true });
    expect(player().dataset.transport).toBe('hls');
    expect(FakePeerConnection.latest().closed).toBe(true);
  });

  it('falls back to LL-HLS when no frame arrives within 5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderPlayer();
    await waitFor(() => expect(FakePeerConnection.instances[0]?.remoteDescription).toBeTruthy());
    expect(FakeHls.instances).toHaveLength(0);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(NO_FRAMES_TIMEOUT_MS + 100);
    });
    await waitFor(() => expect(FakeHls.instances).toHaveLength(1));
  });

  it('reconnects with a new ticket when a playing stream drops', async () => {
    const { video, player } = renderPlayer();
    await waitFor(() => expect(FakePeerConnection.instances[0]?.remoteDescription).toBeTruthy());
    act(() => {
      video().dispatchEvent(new Event('playing'));
    });
    act(() => FakePeerConnection.latest().setIceState('failed'));
    expect(player().dataset.status).toBe('reconnecting');
    expect(screen.getByRole('status').textContent).toBe('The stream dropped. Reconnecting…');
    await waitFor(() => expect(FakePeerConnection.instances).toHaveLength(2), { timeout: 4000 });
    expect(mockedApi.post.mock.calls.filter(([p]) => p === '/cameras/ava/watch')).toHaveLength(2);
    // A drop after frames is not a reason to leave WebRTC.
    expect(FakeHls.instances).toHaveLength(0);
  });

  it('tries WebRTC again, not LL-HLS, while the media server restarts (503), and plays once it is back', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    answerWhep(503);
    const { player, video } = renderPlayer();
    await vi.waitFor(() => expect(whep).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => expect(player().dataset.status).toBe('reconnecting'));
    await act(() => vi.advanceTimersByTimeAsync(RECONNECT_DELAY_MS + 100));
    await vi.waitFor(() => expect(whep).toHaveBeenCalledTimes(2));
    // Back: the next try (after a longer wait) gets an answer and plays over WebRTC.
    answerWhep(201);
    await act(() => vi.advanceTimersByTimeAsync(2 * RECONNECT_DELAY_MS + 100));
    await vi.waitFor(() => expect(FakePeerConnection.latest()?.remoteDescription?.sdp).toBe(ANSWER));
    await vi.waitFor(() => expect(video().srcObject).toBeTruthy());
    act(() => void video().dispatchEvent(new Event('playing')));
    expect(player().dataset.status).toBe('playing');
    expect(player().dataset.transport).toBe('webrtc');
    expect(FakeHls.instances).toHaveLength(0);
    expect(mockedApi.post.mock.calls.filter(([p]) => p === '/cameras/ava/watch')).toHaveLength(3);
  });

  it('waits the shortest time again for a drop after frames played', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    answerWhep(503);
    const { player, video } = renderPlayer();
    await vi.waitFor(() => expect(player().dataset.status).toBe('reconnecting'));
    await act(() => vi.advanceTimersByTimeAsync(RECONNECT_DELAY_MS + 100));
    await vi.waitFor(() => expect(whep).toHaveBeenCalledTimes(2));
    answerWhep(201);
    await act(() => vi.advanceTimersByTimeAsync(2 * RECONNECT_DELAY_MS + 100));
    await vi.waitFor(() => expect(video().srcObject).toBeTruthy());
    act(() => void video().dispatchEvent(new Event('playing')));
    const sessions = FakePeerConnection.instances.length;
    act(() => FakePeerConnection.latest().setIceState('failed'));
    expect(player().dataset.status).toBe('reconnecting');
    await act(() => vi.advanceTimersByTimeAsync(RECONNECT_DELAY_MS + 100));
    await vi.waitFor(() => expect(FakePeerConnection.instances).toHaveLength(sessions + 1));
  });

  it('says the show has ended when the camera goes offline, and leaves', async () => {
    const { rerenderWith, player } = renderPlayer();
    await waitFor(() => expect(FakePeerConnection.instances[0]?.remoteDescription).toBeTruthy());
    rerenderWith({ live: false });
    expect(player().dataset.status).toBe('ended');
    expect(screen.getByRole('status').textContent).toBe('The show has ended');
    expect(screen.queryByRole('button', { name: 'Sound on' })).toBeNull();
    await waitFor(() => expect(whep.mock.calls.some(([, i]) => (i as RequestInit).method === 'DELETE')).toBe(true));
  });

  it('hands a paid-chat refusal (403) to the page', async () => {
    fakeApi(mockedApi, {
      post: {
        '/cameras/ava/watch': () => {
          throw serverError(403, 'Paid chat required', { code: 'PAID_CHAT_REQUIRED' });
        },
      },
    });
    const onPaid = vi.fn();
    const { player } = renderPlayer({ onPaidChatRequired: onPaid });
    await waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1));
    expect(player().dataset.status).toBe('paid');
    expect(FakePeerConnection.instances).toHaveLength(0);
  });
});

describe('LivePlayer without WebRTC', () => {
  it('plays LL-HLS at once when the browser has no RTCPeerConnection', async () => {
    expect('RTCPeerConnection' in globalThis).toBe(false);
    const { player, video } = renderPlayer();
    await waitFor(() => expect(FakeHls.instances).toHaveLength(1));
    expect(FakeHls.latest().source).toBe('http://site.test/live/hls/1/hls-token/index.m3u8');
    expect(FakeHls.latest().media).toBe(video());
    expect(player().dataset.transport).toBe('hls');
    expect(whep).not.toHaveBeenCalled();
    expect(video().muted).toBe(true);
  });

  it('starts LL-HLS again when it has shown no frame for a while without failing', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { player } = renderPlayer();
      await vi.waitFor(() => expect(FakeHls.instances).toHaveLength(1));
      await act(async () => {
        await vi.advanceTimersByTimeAsync(HLS_NO_FRAMES_TIMEOUT_MS + 100);
      });
      expect(FakeHls.instances[0]?.destroyed).toBe(true);
      expect(player().dataset.status).toBe('reconnecting');
      await act(async () => {
        await vi.advanceTimersByTimeAsync(2_000);
      });
      await vi.waitFor(() => expect(FakeHls.instances).toHaveLength(2));
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps LL-HLS that plays', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { player, video } = renderPlayer();
      await vi.waitFor(() => expect(FakeHls.instances).toHaveLength(1));
      act(() => void video().dispatchEvent(new Event('playing')));
      expect(player().dataset.status).toBe('playing');
      await act(async () => {
        await vi.advanceTimersByTimeAsync(HLS_NO_FRAMES_TIMEOUT_MS + 100);
      });
      expect(FakeHls.instances).toHaveLength(1);
      expect(FakeHls.latest().destroyed).toBe(false);
      expect(player().dataset.status).toBe('playing');
    } finally {
      vi.useRealTimers();
    }
  });

  /** hls.js's xhrSetup as the player configured it: the URL each request is opened with. */
  function openedUrl(url: string): string {
    const open = vi.fn();
    (FakeHls.latest().config.xhrSetup as (xhr: XMLHttpRequest, url: string) => void)({ open } as unknown as XMLHttpRequest, url);
    expect(open).toHaveBeenCalledWith('GET', expect.any(String), true);
    return open.mock.calls[0]![1] as string;
  }
  const hlsTicket = (token: string) => watchTicketFixture({ hls_url: `/live/hls/1/${token}/index.m3u8` });
  const watchCalls = () => mockedApi.post.mock.calls.filter(([path]) => path === '/cameras/ava/watch');

  it('renews its ticket while LL-HLS plays, and every playlist and segment request carries the newest token', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let issued = 0;
    fakeApi(mockedApi, { post: { '/cameras/ava/watch': () => hlsTicket(`token-${++issued}`) } });
    const { video } = renderPlayer();
    await vi.waitFor(() => expect(FakeHls.instances).toHaveLength(1));
    act(() => void video().dispatchEvent(new Event('playing')));
    expect(openedUrl('http://site.test/live/hls/1/token-1/seg-4.m4s')).toBe('http://site.test/live/hls/1/token-1/seg-4.m4s');

    await act(async () => {
      await vi.advanceTimersByTimeAsync(TICKET_RENEW_MS + 100);
    });
    await vi.waitFor(() => expect(watchCalls()).toHaveLength(2));
    // hls.js still resolves segments against the first playlist's URL: the request goes out with the new token.
    expect(openedUrl('http://site.test/live/hls/1/token-1/seg-35.m4s')).toBe('http://site.test/live/hls/1/token-2/seg-35.m4s');
    expect(openedUrl('http://site.test/live/hls/1/token-1/index.m3u8')).toBe('http://site.test/live/hls/1/token-2/index.m3u8');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(TICKET_RENEW_MS + 100);
    });
    await vi.waitFor(() => expect(watchCalls()).toHaveLength(3));
    expect(openedUrl('http://site.test/live/hls/1/token-2/seg-65.m4s')).toBe('http://site.test/live/hls/1/token-3/seg-65.m4s');
    // The same stream all along.
    expect(FakeHls.instances).toHaveLength(1);
  });

  it('stops and shows the paid state when a renewal is refused (the paid session ended)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let refuse = false;
    fakeApi(mockedApi, {
      post: {
        '/cameras/ava/watch': () => {
          if (refuse) throw serverError(403, 'Paid chat required', { code: 'PAID_CHAT_REQUIRED' });
          return hlsTicket('token-1');
        },
      },
    });
    const onPaid = vi.fn();
    const { video, player } = renderPlayer({ onPaidChatRequired: onPaid });
    await vi.waitFor(() => expect(FakeHls.instances).toHaveLength(1));
    act(() => void video().dispatchEvent(new Event('playing')));
    refuse = true;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(TICKET_RENEW_MS + 100);
    });
    await vi.waitFor(() => expect(player().dataset.status).toBe('paid'));
    expect(onPaid).toHaveBeenCalledTimes(1);
    expect(FakeHls.latest().destroyed).toBe(true);
  });

  it('asks for a new ticket at once when LL-HLS refuses the token, and shows the paid state when that is refused', async () => {
    let refuse = false;
    fakeApi(mockedApi, {
      post: {
        '/cameras/ava/watch': () => {
          if (refuse) throw serverError(403, 'Paid chat required', { code: 'PAID_CHAT_REQUIRED' });
          return hlsTicket('token-1');
        },
      },
    });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const onPaid = vi.fn();
    const { player } = renderPlayer({ onPaidChatRequired: onPaid });
    await vi.waitFor(() => expect(FakeHls.instances).toHaveLength(1));
    refuse = true;
    vi.useFakeTimers();
    // Not yet fatal for hls.js: the player does not wait for it, nor for the reconnect delay.
    act(() => FakeHls.latest().emit(FakeHls.Events.ERROR, { fatal: false, type: FakeHls.ErrorTypes.NETWORK_ERROR, response: { code: 403 } }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(watchCalls()).toHaveLength(2);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(player().dataset.status).toBe('paid');
    expect(onPaid).toHaveBeenCalledTimes(1);
  });

  it('asks again when a paid session opens, after the paid state', async () => {
    let paying = false;
    fakeApi(mockedApi, {
      post: {
        '/cameras/ava/watch': () => {
          if (!paying) throw serverError(403, 'Paid chat required', { code: 'PAID_CHAT_REQUIRED' });
          return hlsTicket('token-1');
        },
      },
    });
    const { player, rerenderWith } = renderPlayer({ paidSessionId: null });
    await waitFor(() => expect(player().dataset.status).toBe('paid'));
    paying = true;
    rerenderWith({ paidSessionId: 9 });
    await waitFor(() => expect(FakeHls.instances).toHaveLength(1));
    expect(FakeHls.latest().source).toBe('/live/hls/1/token-1/index.m3u8');
    expect(player().dataset.status).not.toBe('paid');
  });

  it('reconnects when LL-HLS fails fatally', async () => {
    renderPlayer();
    await waitFor(() => expect(FakeHls.instances).toHaveLength(1));
    act(() => FakeHls.latest().emit(FakeHls.Events.ERROR, { fatal: true, type: FakeHls.ErrorTypes.NETWORK_ERROR }));
    expect(FakeHls.latest().destroyed).toBe(true);
    await waitFor(() => expect(FakeHls.instances).toHaveLength(2), { timeout: 4000 });
  });
});
