import { act, cleanup, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StudioCamera } from '@velora/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Http from '@/lib/http';
import { api } from '@/lib/http';
import { serverError } from '@/test/fake-api';
import type { FakeMediaDevices } from '@/test/fake-media-devices';
import { FakeMediaStream, installFakeMediaDevices } from '@/test/fake-media-devices';
import { FAKE_ANSWER_SDP, FakePeerConnection } from '@/test/fake-peer-connection';
import { StudioScreen } from '../components/studio-screen';
import { useLiveSession } from '../media/use-live-session';
import { modelProfile, renderStudio, studioCameraOf, fakeStudioApi } from '../test/render';
import StudioRoute from './studio';

// jsdom has no camera and no WebRTC: the browser's objects are stood in for (test/fake-*.ts); the studio's own code,
// the WHIP client and the API calls run as they are.

vi.mock('@/lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof Http>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() } };
});

const mockedApi = vi.mocked(api);
const callsTo = (method: 'get' | 'post', path: string) => mockedApi[method].mock.calls.filter(([p]) => p === path);
const WHIP_URL = 'https://live.example.test/live/whip/anna';

let camera: StudioCamera;
let devices: FakeMediaDevices;
let tickets: number;
let whipStatus: number;
const whipFetch = vi.fn<typeof fetch>();

function answerWhip() {
  whipFetch.mockImplementation((input, init) => {
    if (init?.method === 'DELETE') return Promise.resolve(new Response(null, { status: 200 }));
    if (whipStatus !== 201) return Promise.resolve(new Response('refused', { status: whipStatus }));
    return Promise.resolve(new Response(FAKE_ANSWER_SDP, { status: 201, headers: { Location: `/live/whip/anna/session-${tickets}` } }));
  });
}

beforeEach(() => {
  vi.clearAllMocks();
  FakePeerConnection.reset();
  camera = studioCameraOf();
  tickets = 0;
  whipStatus = 201;
  devices = installFakeMediaDevices();
  vi.stubGlobal('RTCPeerConnection', FakePeerConnection);
  vi.stubGlobal('MediaStream', FakeMediaStream);
  vi.stubGlobal('fetch', whipFetch);
  answerWhip();
  fakeStudioApi(mockedApi, {
    get: { '/studio/camera': () => camera },
    post: {
      '/studio/camera/publish': () => {
        tickets += 1;
        return { whip_url: WHIP_URL, token: `pub-${tickets}`, expires_at: 1_900_000_000, ice_servers: [] };
      },
      '/studio/camera/stop': () => ({}),
    },
  });
});

afterEach(async () => {
  // Unmounting ends a running show (DELETE, then POST stop): let that finish here, not in the next test.
  cleanup();
  await new Promise((resolve) => setTimeout(resolve, 20));
  devices.uninstall();
  vi.unstubAllGlobals();
});

const live = () => within(screen.getByTestId('studio-live'));
const phase = () => screen.getByTestId('studio-phase').textContent;

/** A stats report of a healthy 720p publish (the fields the health card reads). */
function healthyStats(bytesSent: number, timestamp: number) {
  return new Map<string, Record<string, unknown>>([
    ['out', { type: 'outbound-rtp', kind: 'video', timestamp, bytesSent, packetsSent: 1000, framesPerSecond: 30, frameWidth: 1280, frameHeight: 720, qualityLimitationReason: 'none' }],
    ['rin', { type: 'remote-inbound-rtp', kind: 'video', packetsLost: 0, fractionLost: 0, roundTripTime: 0.03 }],
  ]);
}

async function turnOnCamera(user: ReturnType<typeof userEvent.setup>) {
  renderStudio(<StudioRoute />, modelProfile());
  await user.click(await screen.findByRole('button', { name: 'Turn on camera and microphone' }));
  await screen.findByTestId('studio-preview-video');
}

async function goLive(user: ReturnType<typeof userEvent.setup>) {
  await turnOnCamera(user);
  await user.click(live().getByRole('button', { name: 'Go live' }));
  await waitFor(() => expect(FakePeerConnection.instances).toHaveLength(1));
  await waitFor(() => expect(FakePeerConnection.latest().remoteDescription).not.toBeNull());
  const pc = FakePeerConnection.latest();
  pc.stats = healthyStats(0, 1000);
  camera = studioCameraOf({ camera: { state: 'live' }, session: { state: 'live', source: 'browser', since: Math.floor(Date.now() / 1000), viewers: 3 } });
  act(() => pc.setConnectionState('connected'));
  await waitFor(() => expect(phase()).toBe('Live'));
  return pc;
}

describe('preview', () => {
  it('asks for the camera only on her click, then shows the preview mirrored, her devices and 720p', async () => {
    const user = userEvent.setup();
    const getUserMedia = vi.spyOn(devices, 'getUserMedia');
    renderStudio(<StudioRoute />, modelProfile());
    expect(await screen.findByText(/Your browser will ask whether Velora may use your camera and microphone/)).toBeTruthy();
    expect(getUserMedia).not.toHaveBeenCalled();
    expect((live().getByRole('button', { name: 'Go live' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Turn on camera and microphone' }));
    const video = await screen.findByTestId('studio-preview-video');
    expect(video.className).toContain('studio-preview__video--mirrored');
    expect((video as HTMLVideoElement & { srcObject: unknown }).srcObject).toBe(devices.streams[0]);
    expect(getUserMedia.mock.calls[0]![0]).toMatchObject({ video: { width: { ideal: 1280 }, height: { ideal: 720 } }, audio: { echoCancellation: true } });
    const cameraSelect = screen.getByLabelText('Camera') as HTMLSelectElement;
    expect([...cameraSelect.options].map((o) => o.textContent)).toEqual(['Front camera', 'USB camera']);
    expect(cameraSelect.value).toBe('cam-1');
    expect((screen.getByLabelText('Microphone') as HTMLSelectElement).value).toBe('mic-1');
    expect((screen.getByLabelText('Quality') as HTMLSelectElement).selectedOptions[0]?.textContent).toBe('720p – up to 2.5 Mbit/s');
    await user.click(screen.getByLabelText(/Mirror my preview/));
    expect(video.className).not.toContain('studio-preview__video--mirrored');
  });

  it.each([
    ['NotAllowedError', 'Camera access is blocked'],
    ['NotFoundError', 'No camera or microphone found'],
    ['NotReadableError', 'Your camera is in use'],
  ])('explains a refusal (%s) and lets her try again', async (name, title) => {
    const user = userEvent.setup();
    devices.refuseWith = name;
    renderStudio(<StudioRoute />, modelProfile());
    await user.click(await screen.findByRole('button', { name: 'Turn on camera and microphone' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: title })).toBeTruthy();
    devices.refuseWith = null;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('studio-preview-video')).toBeTruthy();
  });

  it('says when the browser cannot give a camera at all', async () => {
    const user = userEvent.setup();
    devices.uninstall();
    renderStudio(<StudioRoute />, modelProfile());
    await user.click(await screen.findByRole('button', { name: 'Turn on camera and microphone' }));
    expect(within(await screen.findByRole('alert')).getByRole('heading', { name: 'This browser cannot go live' })).toBeTruthy();
  });

  it('shows the microphone level from a Web Audio analyser, and lets go of it on leaving', async () => {
    const user = userEvent.setup();
    const closed = vi.fn(() => Promise.resolve());
    /** An analyser hearing a steady wave of amplitude 0.1: RMS 0.1, shown as 40 %. */
    class FakeAudioContext {
      createMediaStreamSource = () => ({ connect: vi.fn(), disconnect: vi.fn() });
      createAnalyser = () => ({ fftSize: 0, getFloatTimeDomainData: (samples: Float32Array) => samples.fill(0.1) });
      close = closed;
    }
    vi.stubGlobal('AudioContext', FakeAudioContext);
    const { unmount } = renderStudio(<StudioRoute />, modelProfile());
    await user.click(await screen.findByRole('button', { name: 'Turn on camera and microphone' }));
    const meter = await screen.findByRole('meter', { name: 'Microphone level' });
    await waitFor(() => expect(meter.getAttribute('aria-valuenow')).toBe('40'));
    unmount();
    expect(closed).toHaveBeenCalled();
    expect(devices.streams[0]!.getTracks().every((t) => t.readyState === 'ended')).toBe(true);
  });

  it('follows devices plugged out: the camera that is gone is replaced by the one left', async () => {
    const user = userEvent.setup();
    await turnOnCamera(user);
    act(() => devices.setDevices(devices.devices.filter((d) => d.deviceId !== 'cam-1')));
    await waitFor(() => expect((screen.getByLabelText('Camera') as HTMLSelectElement).value).toBe('cam-2'));
    expect([...(screen.getByLabelText('Camera') as HTMLSelectElement).options].map((o) => o.textContent)).toEqual(['USB camera']);
    expect(devices.streams[0]!.getVideoTracks()[0]!.readyState).toBe('ended');
  });
});

describe('going live', () => {
  it('publishes by WHIP with a fresh token, says she is live, and shows viewers, time on air and a good connection', async () => {
    const user = userEvent.setup();
    const pc = await goLive(user);
    expect(callsTo('post', '/studio/camera/publish')).toHaveLength(1);
    const [url, init] = whipFetch.mock.calls[0]!;
    expect(url).toBe(WHIP_URL);
    expect(init).toMatchObject({ method: 'POST', headers: { 'Content-Type': 'application/sdp', Authorization: 'Bearer pub-1' } });
    expect(pc.transceivers.map((t) => [t.kind, t.direction])).toEqual([
      ['video', 'sendonly'],
      ['audio', 'sendonly'],
    ]);
    expect(pc.sender('video').getParameters().encodings[0]?.maxBitrate).toBe(2_500_000);
    expect(screen.getByTestId('studio-announcer').textContent).toBe('You are live.');
    expect(await screen.findByText('3 viewers')).toBeTruthy();
    expect(screen.getByTestId('studio-on-air').textContent).toMatch(/^0:0\d$/);
    const health = within(await screen.findByTestId('studio-health'));
    await waitFor(() => expect(health.getByTestId('studio-health-verdict').textContent).toBe('Good'));
    expect(health.getByText('1280 × 720')).toBeTruthy();
    expect(health.getByText('30 ms')).toBeTruthy();
  });

  it('applies a new quality and a new camera to the running stream without a new offer', async () => {
    const user = userEvent.setup();
    const pc = await goLive(user);
    await user.selectOptions(screen.getByLabelText('Quality'), '480p');
    await waitFor(() => expect(pc.sender('video').getParameters().encodings[0]?.maxBitrate).toBe(1_200_000));
    expect(devices.streams[0]!.getVideoTracks()[0]!.constraints.at(-1)).toMatchObject({ width: { ideal: 854 }, height: { ideal: 480 } });
    await user.selectOptions(screen.getByLabelText('Camera'), 'cam-2');
    await waitFor(() => expect(pc.sender('video').track?.label).toBe('video cam-2'));
    expect(FakePeerConnection.instances).toHaveLength(1);
    expect(whipFetch.mock.calls.filter(([, i]) => i?.method === 'POST')).toHaveLength(1);
  });

  it('stops only after she confirms: the WHIP resource is deleted and the server told', async () => {
    const user = userEvent.setup();
    const pc = await goLive(user);
    await user.click(live().getByRole('button', { name: 'Stop the show' }));
    const dialog = within(await screen.findByTestId('studio-confirm-stop'));
    await user.click(dialog.getByRole('button', { name: 'Keep streaming' }));
    expect(phase()).toBe('Live');
    await user.click(live().getByRole('button', { name: 'Stop the show' }));
    await user.click(within(await screen.findByTestId('studio-confirm-stop')).getByRole('button', { name: 'End the show' }));
    await waitFor(() => expect(phase()).toBe('Show ended'));
    expect(whipFetch.mock.calls.filter(([, i]) => i?.method === 'DELETE')).toEqual([
      ['https://live.example.test/live/whip/anna/session-1', { method: 'DELETE', headers: { Authorization: 'Bearer pub-1' } }],
    ]);
    expect(callsTo('post', '/studio/camera/stop')).toHaveLength(1);
    expect(pc.closed).toBe(true);
    expect(screen.getByTestId('studio-announcer').textContent).toBe('Your show has ended.');
    expect(live().getByRole('button', { name: 'Go live again' })).toBeTruthy();
  });

  it('ends the show when she leaves the studio while on air', async () => {
    const user = userEvent.setup();
    const pc = await goLive(user);
    cleanup();
    await waitFor(() => expect(callsTo('post', '/studio/camera/stop')).toHaveLength(1));
    expect(whipFetch.mock.calls.filter(([, i]) => i?.method === 'DELETE')).toHaveLength(1);
    expect(pc.closed).toBe(true);
  });

  it.each([
    [409, 'You are already live from another tab or from your encoder. Stop that show first.'],
    [401, 'The live server did not accept your publishing token. Please try again.'],
    [503, 'The live server has a problem. Please try again in a moment.'],
  ])('explains a WHIP refusal (%i) and stays offline', async (status, text) => {
    const user = userEvent.setup();
    whipStatus = status;
    await turnOnCamera(user);
    await user.click(live().getByRole('button', { name: 'Go live' }));
    expect((await screen.findByTestId('studio-live-problem')).textContent).toBe(text);
    expect(phase()).toBe('Offline');
    expect(FakePeerConnection.latest().closed).toBe(true);
  });

  it('explains a refused publish token (429)', async () => {
    const user = userEvent.setup();
    fakeStudioApi(mockedApi, {
      get: { '/studio/camera': () => camera },
      post: {
        '/studio/camera/publish': () => {
          throw serverError(429, 'Too many', { code: 'RATE_LIMITED' });
        },
      },
    });
    await turnOnCamera(user);
    await user.click(live().getByRole('button', { name: 'Go live' }));
    expect((await screen.findByTestId('studio-live-problem')).textContent).toBe('Too many attempts. Please wait a minute and try again.');
    expect(whipFetch).not.toHaveBeenCalled();
  });

  it("counts down the server's own grace period once it has noticed the drop", async () => {
    const user = userEvent.setup();
    const first = await goLive(user);
    camera = studioCameraOf({ camera: { state: 'live' }, session: { state: 'grace', source: 'browser', since: Math.floor(Date.now() / 1000), viewers: 3, grace_until: Math.floor(Date.now() / 1000) + 12 } });
    act(() => first.setConnectionState('failed'));
    await waitFor(() => expect(screen.getByTestId('studio-reconnecting').textContent).toMatch(/your room stays open for 1[0-2] seconds/));
  });

  it('publishes again with a fresh token when the connection fails, and tells her', async () => {
    const user = userEvent.setup();
    const first = await goLive(user);
    act(() => first.setConnectionState('failed'));
    await waitFor(() => expect(phase()).toBe('Reconnecting'));
    expect(screen.getByTestId('studio-announcer').textContent).toBe('Your connection dropped. Reconnecting; your room stays open for 30 seconds.');
    expect(screen.getByTestId('studio-reconnecting').textContent).toMatch(/your room stays open for (30|29) seconds/);
    await waitFor(() => expect(FakePeerConnection.instances).toHaveLength(2));
    expect(first.closed).toBe(true);
    // The dropped session is not DELETEd: that would end the room the grace period keeps.
    expect(whipFetch.mock.calls.filter(([, i]) => i?.method === 'DELETE')).toEqual([]);
    const posts = () => whipFetch.mock.calls.filter(([, i]) => i?.method === 'POST');
    await waitFor(() => expect(posts()).toHaveLength(2));
    expect(posts().map(([, i]) => (i?.headers as Record<string, string>).Authorization)).toEqual(['Bearer pub-1', 'Bearer pub-2']);
    const second = FakePeerConnection.latest();
    await waitFor(() => expect(second.remoteDescription).not.toBeNull());
    act(() => second.setConnectionState('connected'));
    await waitFor(() => expect(phase()).toBe('Live'));
  });
});

describe('a show from OBS', () => {
  it('shows her show from the encoder with its viewers, and stops it after she confirms', async () => {
    const user = userEvent.setup();
    camera = studioCameraOf({ camera: { state: 'live' }, session: { state: 'live', source: 'whip', since: Math.floor(Date.now() / 1000) - 75, viewers: 5 } });
    fakeStudioApi(mockedApi, {
      get: { '/studio/camera': () => camera },
      post: {
        '/studio/camera/stop': () => {
          camera = studioCameraOf();
          return {};
        },
      },
    });
    renderStudio(<StudioRoute />, modelProfile());
    expect((await screen.findByTestId('studio-live-elsewhere')).textContent).toBe('You are live from your encoder (WHIP) right now.');
    expect(phase()).toBe('Live');
    expect(live().getByText('5 viewers')).toBeTruthy();
    expect(live().getByTestId('studio-on-air').textContent).toMatch(/^1:1\d$/);
    await user.click(live().getByRole('button', { name: 'Stop the show' }));
    await user.click(within(await screen.findByTestId('studio-confirm-stop')).getByRole('button', { name: 'End the show' }));
    await waitFor(() => expect(phase()).toBe('Show ended'));
    expect(callsTo('post', '/studio/camera/stop')).toHaveLength(1);
    expect(whipFetch).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByTestId('studio-live-elsewhere')).toBeNull());
  });
});

describe('the live session when reconnecting takes long', () => {
  async function liveThenDropped(graceSeconds: number) {
    const stream = new FakeMediaStream([]) as unknown as MediaStream;
    const hook = renderHook(() => useLiveSession({ graceSeconds }));
    await act(() => hook.result.current.goLive(stream, 2_500_000));
    const pc = FakePeerConnection.latest();
    act(() => pc.setConnectionState('connected'));
    expect(hook.result.current.phase).toBe('live');
    return { ...hook, pc };
  }

  it('publishes again past the grace period, saying her show ended for her viewers, and is live again (a new show) once the server answers', { timeout: 20_000 }, async () => {
    const { result, pc } = await liveThenDropped(0.3);
    const firstSince = result.current.liveSince;
    // The media server restarting: its WHIP answers 503 for a while.
    whipStatus = 503;
    act(() => pc.setConnectionState('failed'));
    await waitFor(() => expect(result.current.graceOver).toBe(true), { timeout: 3000 });
    expect(result.current.phase).toBe('reconnecting');
    expect(result.current.problem).toBeNull();
    await waitFor(() => expect(callsTo('post', '/studio/camera/publish').length).toBeGreaterThan(2), { timeout: 8000 });
    whipStatus = 201;
    await waitFor(() => expect(FakePeerConnection.latest().remoteDescription).not.toBeNull(), { timeout: 8000 });
    const again = FakePeerConnection.latest();
    expect(again).not.toBe(pc);
    act(() => again.setConnectionState('connected'));
    expect(result.current.phase).toBe('live');
    expect(result.current.graceOver).toBe(false);
    expect(result.current.liveSince).toBeGreaterThan(firstSince!);
    // Every attempt asked for a fresh publisher token.
    expect(callsTo('post', '/studio/camera/publish').length).toBe(tickets);
  });

  it('stops publishing again when she stops the show', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { result, pc } = await liveThenDropped(0.3);
      whipStatus = 503;
      act(() => pc.setConnectionState('failed'));
      await vi.waitFor(() => expect(callsTo('post', '/studio/camera/publish').length).toBe(2));
      await act(() => result.current.stop());
      expect(result.current.phase).toBe('ended');
      const asked = tickets;
      // A minute of backing off would have asked again several times.
      await act(() => vi.advanceTimersByTimeAsync(60_000));
      expect(tickets).toBe(asked);
    } finally {
      vi.useRealTimers();
    }
  });

  it('ends at once when another try will not help (she is live from elsewhere: 409)', async () => {
    const { result, pc } = await liveThenDropped(30);
    whipStatus = 409;
    act(() => pc.setConnectionState('failed'));
    await waitFor(() => expect(result.current.phase).toBe('ended'));
    expect(result.current.problem).toBe('conflict');
  });

  it("tells her on screen and to a screen reader when her room's grace period has run out", { timeout: 10_000 }, async () => {
    const user = userEvent.setup();
    renderStudio(<StudioScreen liveOptions={{ graceSeconds: 0.3 }} />, modelProfile());
    await user.click(await screen.findByRole('button', { name: 'Turn on camera and microphone' }));
    await screen.findByTestId('studio-preview-video');
    await user.click(live().getByRole('button', { name: 'Go live' }));
    await waitFor(() => expect(FakePeerConnection.latest()?.remoteDescription).not.toBeNull());
    const pc = FakePeerConnection.latest();
    act(() => pc.setConnectionState('connected'));
    await waitFor(() => expect(phase()).toBe('Live'));
    whipStatus = 503;
    act(() => pc.setConnectionState('failed'));
    await waitFor(() =>
      expect(screen.getByTestId('studio-reconnecting').textContent).toBe(
        'Your show has ended for your viewers while the connection was gone. We keep reconnecting: you go live again as soon as it is back.',
      ),
    );
    expect(phase()).toBe('Reconnecting');
    await waitFor(() =>
      expect(screen.getByTestId('studio-announcer').textContent).toBe('Your show has ended for your viewers. Reconnecting goes on; you go live again as soon as the connection is back.'),
    );
  });
});
