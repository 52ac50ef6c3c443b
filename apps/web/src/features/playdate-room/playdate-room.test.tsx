import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PlaydateRoom, Profile } from '@velora/shared';
import { PLAYDATE_EVENTS } from '@velora/shared';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { XSS_PAYLOADS } from '@/entities/chat/testing/chat-fixtures';
import type * as Http from '@/lib/http';
import { api } from '@/lib/http';
import { CapabilityProfileProvider } from '@/lib/capabilities';
import type * as Realtime from '@/lib/realtime';
import { fakeApi, serverError } from '@/test/fake-api';
import type { FakeMediaDevices } from '@/test/fake-media-devices';
import { installFakeMediaDevices } from '@/test/fake-media-devices';
import { FAKE_ANSWER_SDP, FakePeerConnection } from '@/test/fake-peer-connection';
import { answerAcks, emit, emittedWithAck, joinedRooms, resetRealtime } from '@/test/fake-realtime';
import { profileFixture } from '@/test/fixtures';
import { TestProviders, createTestQueryClient } from '@/test/providers';
import { PrivatePlaydateRoute, PublicPlaydateRoute } from './routes/playdate-room';
import StudioPlaydateRoomRoute from './routes/studio-playdate-room';
import { NOW, playdateFixture, playdateMessageFixture, playdateRoomFixture } from './test/fixtures';

// jsdom has no camera and no WebRTC: the browser's objects are stood in for (test/fake-*.ts); the room's own code,
// the WHIP and WHEP clients and the API calls run as they are. The test plays the server (API, realtime, media).

vi.mock('@/lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof Http>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() } };
});
vi.mock('@/lib/realtime', async (importOriginal) => ({
  ...(await importOriginal<typeof Realtime>()),
  ...(await import('@/test/fake-realtime')),
}));

const mockedApi = vi.mocked(api);
const gets = (path: string) => mockedApi.get.mock.calls.filter(([p]) => p === path);
const mediaFetch = vi.fn<typeof fetch>();
const posted = (fragment: string) => mediaFetch.mock.calls.filter(([url, init]) => String(url).includes(fragment) && init?.method === 'POST');
const deleted = () => mediaFetch.mock.calls.filter(([, init]) => init?.method === 'DELETE');
let devices: FakeMediaDevices;

beforeEach(() => {
  vi.clearAllMocks();
  resetRealtime();
  FakePeerConnection.reset();
  devices = installFakeMediaDevices();
  vi.stubGlobal('RTCPeerConnection', FakePeerConnection);
  vi.stubGlobal('fetch', mediaFetch);
  let sessions = 0;
  mediaFetch.mockImplementation((_input, init) => {
    if (init?.method === 'DELETE') return Promise.resolve(new Response(null, { status: 200 }));
    sessions += 1;
    return Promise.resolve(new Response(FAKE_ANSWER_SDP, { status: 201, headers: { Location: `/live/session-${sessions}` } }));
  });
});

afterEach(async () => {
  cleanup();
  await new Promise((resolve) => setTimeout(resolve, 20));
  devices.uninstall();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function renderRoom(path: string, answer: (path: string) => PlaydateRoom, profile: Profile = profileFixture({ model_id: null }), post: Record<string, (body: unknown) => unknown> = {}) {
  fakeApi(mockedApi, {
    get: {
      '/playdates/private/7': () => answer('/playdates/private/7'),
      '/playdates/public/7': () => answer('/playdates/public/7'),
      '/studio/playdates/7/room': () => answer('/studio/playdates/7/room'),
    },
    post: { '/track': () => ({}), ...post },
  });
  const router = createMemoryRouter(
    [
      { path: '/private-playdate/:id', element: <PrivatePlaydateRoute /> },
      { path: '/public-playdate/:id', element: <PublicPlaydateRoute /> },
      { path: '/studio/playdates/:id', element: <StudioPlaydateRoomRoute /> },
      { path: '/playdates/extend-playdate/:id', element: <p data-testid="extend-screen">Extend</p> },
      { path: '*', element: <p data-testid="elsewhere">Elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <TestProviders queryClient={createTestQueryClient()}>
      <CapabilityProfileProvider profile={profile}>
        <RouterProvider router={router} />
      </CapabilityProfileProvider>
    </TestProviders>,
  );
  return router;
}

const connectLatest = () => act(() => FakePeerConnection.latest().setConnectionState('connected'));

describe('the room before it opens', () => {
  it('counts down on the server clock, says when it opens in the member time zone, and opens when the server says live', async () => {
    let room = playdateRoomFixture({}, { status: 'scheduled', starts_at: NOW + 600, ends_at: NOW + 1200 });
    renderRoom('/private-playdate/7', () => room);
    const panel = await screen.findByTestId('playdate-room-scheduled');
    const opens = new Intl.DateTimeFormat('en', { dateStyle: 'full', timeStyle: 'short' }).format((NOW + 600) * 1000);
    expect(within(panel).getByRole('heading', { name: `The room opens at ${opens}` })).toBeTruthy();
    expect(within(panel).getByTestId('playdate-starts-in').textContent).toMatch(/^(10:00|9:5\d)$/);
    expect(joinedRooms.has('playdate:7')).toBe(true);
    expect(FakePeerConnection.instances).toHaveLength(0);

    room = playdateRoomFixture();
    act(() => emit(PLAYDATE_EVENTS.status, { playdate: room.playdate, status: { id: 7, kind: 'private', status: 'live', starts_at: NOW, ends_at: NOW + 600, expires_at: null, extendable_until: null, model_present: true, now: NOW } }));
    expect(await screen.findByTestId('playdate-stage')).toBeTruthy();
    await waitFor(() => expect(posted('/live/whep/playdate-7-model')).toHaveLength(1));
    expect(screen.getByTestId('playdate-room-announcer').textContent).toBe('The playdate has started');
  });

  it.each([
    ['declined', 'This request was declined'],
    ['expired', 'This request expired'],
    ['cancelled', 'This playdate was cancelled'],
    ['missed', 'This playdate did not take place'],
    ['requested', 'Waiting for her answer'],
  ] as const)('explains a %s playdate', async (status, title) => {
    renderRoom('/private-playdate/7', () => playdateRoomFixture({}, { status }));
    const panel = await screen.findByTestId(`playdate-room-${status}`);
    expect(within(panel).getByRole('heading', { name: title })).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'All playdates' }).getAttribute('href')).toBe('/playdates');
  });
});

describe('errors', () => {
  it('says a room that does not exist does not, and a room that is not his is not open to him', async () => {
    renderRoom('/private-playdate/7', () => {
      throw serverError(404, 'No such playdate');
    });
    expect(await screen.findByTestId('playdate-room-not-found')).toBeTruthy();
    cleanup();
    renderRoom('/public-playdate/7', () => {
      throw serverError(403, 'Not yours', { code: 'PLAYDATE_NOT_PREMIUM' });
    });
    expect(await screen.findByTestId('playdate-room-forbidden')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'This room is not open to you' })).toBeTruthy();
  });

  it('offers a retry when the room could not be loaded', async () => {
    const user = userEvent.setup();
    let fail = true;
    renderRoom('/private-playdate/7', () => {
      if (fail) throw serverError(500, 'Down');
      return playdateRoomFixture();
    });
    await screen.findByRole('heading', { name: 'The playdate room could not be loaded.' });
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('playdate-stage')).toBeTruthy();
  });
});

describe('the member in a live private room', () => {
  it('watches her side, with his own camera off until he turns it on, and the microphone mutable', async () => {
    const user = userEvent.setup();
    renderRoom('/private-playdate/7', () => playdateRoomFixture());
    await screen.findByTestId('playdate-stage');
    await waitFor(() => expect(posted('/live/whep/playdate-7-model')).toHaveLength(1));
    // Joining a live room is product §3's playdate_join, once.
    await waitFor(() =>
      expect(mockedApi.post.mock.calls.filter(([p]) => p === '/track').map(([, body]) => (body as { name: string }).name)).toEqual(['playdate_join']),
    );
    expect((posted('/live/whep/playdate-7-model')[0]![1]!.headers as Record<string, string>).Authorization).toBe('Bearer view-1');
    expect(screen.getByLabelText('Anna’s camera')).toBeTruthy();

    const toggle = screen.getByRole('switch', { name: 'Turn on my camera' }) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    expect(devices.streams).toHaveLength(0);
    expect(posted('/live/whip/')).toHaveLength(0);

    await user.click(toggle);
    await waitFor(() => expect(posted('/live/whip/playdate-7-member')).toHaveLength(1));
    expect((posted('/live/whip/playdate-7-member')[0]![1]!.headers as Record<string, string>).Authorization).toBe('Bearer pub-1');
    expect(screen.getByLabelText('Your camera')).toBeTruthy();
    await connectLatest();
    await waitFor(() => expect(screen.getByTestId('playdate-publisher-phase').textContent).toBe('You are on camera.'));

    const mute = screen.getByRole('button', { name: 'Mute my microphone' });
    expect(mute.getAttribute('aria-pressed')).toBe('false');
    await user.click(mute);
    expect(mute.getAttribute('aria-pressed')).toBe('true');
    expect(devices.streams[0]!.getAudioTracks()[0]!.enabled).toBe(false);

    await user.click(toggle);
    await waitFor(() => expect(deleted().some(([url]) => String(url).includes('/live/session-2'))).toBe(true));
    expect(devices.streams[0]!.getTracks().every((track) => track.readyState === 'ended')).toBe(true);
    expect(screen.queryByLabelText('Your camera')).toBeNull();
  });

  it('says she is on her way until she publishes, then watches her', async () => {
    renderRoom('/private-playdate/7', () => playdateRoomFixture({ publishing: { model: false, member: false }, view: [] }));
    expect((await screen.findByTestId('playdate-waiting-model')).textContent).toContain('She is on her way');
    expect(posted('/live/whep/')).toHaveLength(0);
    // She came: the room is asked again for a ticket to watch her.
    fakeApi(mockedApi, { get: { '/playdates/private/7': () => playdateRoomFixture() }, post: { '/track': () => ({}) } });
    act(() => emit(PLAYDATE_EVENTS.publishing, { model: true, member: false }));
    await waitFor(() => expect(posted('/live/whep/playdate-7-model')).toHaveLength(1));
    expect(screen.queryByTestId('playdate-waiting-model')).toBeNull();
    expect(screen.getByTestId('playdate-room-announcer').textContent).toBe('Anna is here');
  });

  it('connects again with a fresh ticket when the video connection fails', async () => {
    let tickets = 0;
    renderRoom('/private-playdate/7', () => {
      tickets += 1;
      return playdateRoomFixture({ view: [{ side: 'model', whep_url: '/live/whep/playdate-7-model', token: `view-${tickets}`, expires_at: NOW + 60, ice_servers: [] }] });
    });
    await waitFor(() => expect(posted('/live/whep/playdate-7-model')).toHaveLength(1));
    await act(() => FakePeerConnection.latest().setConnectionState('failed'));
    await waitFor(() => expect(posted('/live/whep/playdate-7-model')).toHaveLength(2), { timeout: 3000 });
    expect(gets('/playdates/private/7')).toHaveLength(2);
    expect((posted('/live/whep/playdate-7-model')[1]![1]!.headers as Record<string, string>).Authorization).toBe('Bearer view-2');
  });

  it('shows the time left and says when 2 minutes are left', async () => {
    renderRoom('/private-playdate/7', () => playdateRoomFixture({}, { ends_at: NOW + 100 }));
    expect((await screen.findByTestId('playdate-ending-soon')).textContent).toBe('2 minutes left');
    expect(screen.getByTestId('playdate-time-left').textContent).toMatch(/^1:(40|39)$/);
  });

  it('takes the member to the extension as soon as the time ends', async () => {
    const router = renderRoom('/private-playdate/7', () => playdateRoomFixture());
    await screen.findByTestId('playdate-stage');
    const finished = playdateFixture({ status: 'finished', extendable_until: NOW + 120 });
    act(() => emit(PLAYDATE_EVENTS.status, { playdate: finished, status: { id: 7, kind: 'private', status: 'finished', starts_at: NOW - 600, ends_at: NOW, expires_at: null, extendable_until: NOW + 120, model_present: false, now: NOW } }));
    expect(await screen.findByTestId('extend-screen')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/playdates/extend-playdate/7');
  });
});

describe('the chat', () => {
  it('shows the room lines and pushed ones, the server lines in words, and people text as text', async () => {
    renderRoom('/private-playdate/7', () =>
      playdateRoomFixture({
        messages: [
          playdateMessageFixture(1, { author: { user_id: null, name: '', role: 'system' }, text: 'Started', system: { key: 'started', params: {} } }),
          playdateMessageFixture(2, { text: XSS_PAYLOADS[0] }),
        ],
      }),
    );
    const log = await screen.findByRole('log', { name: 'Messages in the playdate chat' });
    expect(within(log).getAllByTestId('chat-message').map((li) => li.textContent)).toEqual([expect.stringContaining('The playdate has started.'), expect.stringContaining(XSS_PAYLOADS[0])]);
    expect(log.querySelector('script')).toBeNull();
    act(() => emit(PLAYDATE_EVENTS.message, playdateMessageFixture(3, { author: { user_id: null, name: '', role: 'system' }, text: 'Ends soon', system: { key: 'playdates.system.ending_soon', params: { minutes: 2 } } })));
    act(() => emit(PLAYDATE_EVENTS.message, playdateMessageFixture(9, { playdate_id: 8, text: 'Another room' })));
    await waitFor(() => expect(within(log).getAllByTestId('chat-message')).toHaveLength(3));
    expect(within(log).getAllByTestId('chat-message')[2]!.textContent).toContain('The playdate ends in two minutes.');
  });

  it('sends a line over realtime and shows it once acknowledged', async () => {
    const user = userEvent.setup();
    answerAcks((event, payload) => ({ ok: true, message: playdateMessageFixture(4, { author: { user_id: 20, name: 'Ben', role: 'member' }, text: (payload as { text: string }).text }) }));
    renderRoom('/private-playdate/7', () => playdateRoomFixture());
    const field = await screen.findByRole('textbox', { name: 'Message to the playdate chat' });
    await user.type(field, 'Hello Anna{Enter}');
    await waitFor(() => expect(emittedWithAck).toEqual([{ event: 'playdate:send', payload: { playdate_id: 7, text: 'Hello Anna' } }]));
    const log = screen.getByRole('log', { name: 'Messages in the playdate chat' });
    await waitFor(() => expect(within(log).getByText('Hello Anna')).toBeTruthy());
    expect(within(log).getByText('You')).toBeTruthy();
  });
});

describe('a public show', () => {
  it('lets a viewer watch without a camera of his own, and ends with the replay link', async () => {
    const publicRoom = (status: 'live' | 'finished') =>
      playdateRoomFixture({ role: 'viewer', publish: null }, { kind: 'public', status, title: 'Friday show', member: null, price_per_minute: null, replay_path: status === 'finished' ? '/playdate-chat-replay?token=abc' : null });
    renderRoom('/public-playdate/7', () => publicRoom('live'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Friday show' })).toBeTruthy();
    await waitFor(() => expect(posted('/live/whep/playdate-7-model')).toHaveLength(1));
    expect(screen.queryByRole('switch')).toBeNull();
    const ended = publicRoom('finished');
    act(() => emit(PLAYDATE_EVENTS.status, { playdate: ended.playdate, status: { id: 7, kind: 'public', status: 'finished', starts_at: NOW - 600, ends_at: NOW, expires_at: null, extendable_until: null, model_present: false, now: NOW } }));
    const panel = await screen.findByTestId('playdate-room-finished');
    expect(within(panel).getByRole('heading', { name: 'The show has ended' })).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'Read the chat again' }).getAttribute('href')).toBe('/playdate-chat-replay?token=abc');
  });
});

describe('the model in her room', () => {
  const modelProfile = profileFixture({ username: 'anna', model_id: 3 });

  it('publishes her camera as she enters and shows his camera once he turns it on', async () => {
    renderRoom('/studio/playdates/7', () => playdateRoomFixture({ role: 'model', publishing: { model: false, member: false }, view: [], publish: { whip_url: '/live/whip/playdate-7-model', token: 'pub-m', expires_at: NOW + 60, ice_servers: [] } }), modelProfile);
    expect(await screen.findByRole('heading', { level: 1, name: 'Private playdate with Ben' })).toBeTruthy();
    expect((screen.getByRole('switch', { name: 'My camera' }) as HTMLInputElement).checked).toBe(true);
    await waitFor(() => expect(posted('/live/whip/playdate-7-model')).toHaveLength(1));
    expect(screen.getByTestId('playdate-member-camera-off').textContent).toBe('Ben has his camera off');
    fakeApi(mockedApi, {
      get: { '/studio/playdates/7/room': () => playdateRoomFixture({ role: 'model', publishing: { model: true, member: true }, view: [{ side: 'member', whep_url: '/live/whep/playdate-7-member', token: 'view-m', expires_at: NOW + 60, ice_servers: [] }] }) },
    });
    act(() => emit(PLAYDATE_EVENTS.publishing, { model: true, member: true }));
    await waitFor(() => expect(posted('/live/whep/playdate-7-member')).toHaveLength(1));
    expect(screen.getByLabelText('Ben’s camera')).toBeTruthy();
  });

  it('ends her public show early after confirming', async () => {
    const user = userEvent.setup();
    const ended = playdateFixture({ kind: 'public', status: 'finished', member: null, title: 'Friday show', replay_path: '/playdate-chat-replay?token=abc' });
    const end = vi.fn(() => ended);
    renderRoom('/studio/playdates/7', () => playdateRoomFixture({ role: 'model', view: [] }, { kind: 'public', member: null, title: 'Friday show' }), modelProfile, { '/studio/playdates/7/end': end });
    await user.click(await screen.findByRole('button', { name: 'End the show now' }));
    const dialog = await screen.findByTestId('playdate-end-dialog');
    await user.click(within(dialog).getByRole('button', { name: 'End the show' }));
    expect(await screen.findByRole('heading', { name: 'The show has ended' })).toBeTruthy();
    expect(end).toHaveBeenCalledTimes(1);
  });

  it('tells a member who is not a model that the studio room is for models', async () => {
    renderRoom('/studio/playdates/7', () => playdateRoomFixture());
    expect(await screen.findByTestId('playdate-room-models-only')).toBeTruthy();
    expect(gets('/studio/playdates/7/room')).toHaveLength(0);
  });
});
