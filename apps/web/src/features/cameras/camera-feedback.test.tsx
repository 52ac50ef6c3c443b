import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CameraSummary } from '@velora/shared';
import { REALTIME_CAMERA_EVENTS } from '@velora/shared';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Http from '@/lib/http';
import type * as Realtime from '@/lib/realtime';
import { getPopupStates, resetPopups, showPopup } from '@/components/popups/popup-store';
import { api } from '@/lib/http';
import { setAccessToken } from '@/lib/storage';
import type { ApiMock } from '@/test/render-app';
import { shootListFixture } from '@/test/catalog-fixtures';
import { fakeSite, profileFixture, renderApp } from '@/test/render-app';
import { emit, resetRealtime } from '@/test/fake-realtime';
import { cameraDetailFixture, cameraFixture, cameraListFixture, cameraTagsFixture } from './test/fixtures';
import { resetWatchTime, watchStarted, watchStopped } from './watch-time';

// product §2 popup camera-feedback: after 60 s of frames playing, leaving the camera page or the end of the show asks
// how the show was (when the server says to ask).

vi.mock('@/lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof Http>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() } };
});
vi.mock('@/lib/realtime', async (importOriginal) => ({
  ...(await importOriginal<typeof Realtime>()),
  ...(await import('@/test/fake-realtime')),
}));
// The real player needs WebRTC (its own tests show it counts only frames playing); this one plays frames while live.
vi.mock('./components/live-player', () => ({
  LivePlayer: ({ name, live }: { name: string; live: boolean }) => {
    useEffect(() => {
      if (!live) return undefined;
      watchStarted(name);
      return () => watchStopped(name);
    }, [name, live]);
    return <div data-testid="live-player" data-live={String(live)} />;
  },
}));

const mockedApi = api as unknown as ApiMock;
const realNow = Date.now.bind(Date);
let skew = 0;
const watchFor = (seconds: number) => {
  skew += seconds * 1000;
};
let ask = true;
let onAir = true;

const feedbackPosts = () => mockedApi.post.mock.calls.filter(([path]) => path === '/cameras/ava/feedback');
const askCalls = () => mockedApi.get.mock.calls.filter(([path]) => path === '/cameras/ava/feedback');

function member() {
  setAccessToken('member-token');
  fakeSite(mockedApi, {
    get: {
      '/user/profile': () => profileFixture(),
      '/cameras/tags': () => ({ tags: cameraTagsFixture }),
      '/cameras': () => cameraListFixture([]),
      '/cameras/ava': () => (onAir ? cameraDetailFixture({ state: 'live', watch: 'allowed' }) : cameraDetailFixture()),
      '/cameras/ava/feedback': () => ({ ask }),
      '/cameras/ava/photos': () => shootListFixture({}, []),
    },
    post: { '/cameras/ava/feedback': () => undefined },
  });
}

async function watchThenLeave(seconds: number) {
  const view = renderApp('/camera/ava');
  await screen.findByTestId('live-player');
  watchFor(seconds);
  await act(() => view.app.router.navigate('/cameras'));
  expect(view.location().pathname).toBe('/cameras');
  return view;
}

// By test id: role queries over the whole camera page are slow in jsdom; the name is checked once found.
async function popup() {
  const dialog = await screen.findByTestId('camera-feedback-popup');
  expect(within(dialog).getByText('How was the show with Ava?')).toBeTruthy();
  return dialog;
}

beforeEach(() => {
  vi.clearAllMocks();
  resetPopups();
  resetRealtime();
  resetWatchTime();
  skew = 0;
  ask = true;
  onAir = true;
  vi.spyOn(Date, 'now').mockImplementation(() => realNow() + skew);
  member();
});
afterEach(() => {
  setAccessToken(null);
  vi.restoreAllMocks();
});

describe('when the camera-feedback popup opens', () => {
  it('asks after 60 s of watching when she leaves the camera page, on the page she went to', async () => {
    await watchThenLeave(61);
    const dialog = await popup();
    expect(askCalls()).toHaveLength(1);
    expect(within(dialog).getByRole('radiogroup', { name: 'Your rating' })).toBeTruthy();
    expect(within(dialog).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual(['★1 star', '★2 stars', '★3 stars', '★4 stars', '★5 stars']);
    expect(within(dialog).getByRole('radio', { name: '3 stars' })).toBeTruthy();
    // Still on the page she went to: the navigation closed nothing that came after it.
    expect(screen.getByRole('heading', { level: 1, name: 'Live cams', hidden: true })).toBeTruthy();
    expect(within(dialog).getByRole('textbox', { name: 'Comment (optional)' }).getAttribute('maxlength')).toBe('1000');
  });

  it('does not ask on a change of tab of the same camera (its tabs are pages of their own), only on leaving', async () => {
    const view = renderApp('/camera/ava');
    await screen.findByTestId('live-player');
    watchFor(61);
    await act(() => view.app.router.navigate('/camera/ava/photos'));
    await screen.findByTestId('live-player');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(askCalls()).toHaveLength(0);
    await act(() => view.app.router.navigate('/cameras'));
    await popup();
    expect(askCalls()).toHaveLength(1);
  });

  it('does not ask after only 10 s of watching', async () => {
    await watchThenLeave(10);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(askCalls()).toHaveLength(0);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks when the show ends while she watches, after 60 s', async () => {
    renderApp('/camera/ava');
    await screen.findByTestId('live-player');
    watchFor(75);
    onAir = false;
    const offline: CameraSummary = cameraFixture(1, { name: 'ava', display_name: 'Ava', state: 'offline' });
    const { is_favourite: _ignored, ...camera } = offline;
    act(() => emit(REALTIME_CAMERA_EVENTS.status, { camera }));
    await waitFor(() => expect(screen.getByTestId('live-player').dataset.live).toBe('false'));
    await popup();
    expect(askCalls()).toHaveLength(1);
  });

  it('stays away when the server says it asked today', async () => {
    ask = false;
    await watchThenLeave(120);
    await waitFor(() => expect(askCalls()).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('the camera-feedback popup', () => {
  const open = async () => {
    renderApp('/cameras');
    await screen.findByRole('heading', { level: 1, name: 'Live cams' });
    act(() => showPopup('camera-feedback', { name: 'ava', display_name: 'Ava' }));
    return popup();
  };

  it('sends the rating and the comment, then thanks her', async () => {
    const user = userEvent.setup();
    const dialog = await open();
    await user.click(within(dialog).getByRole('radio', { name: '4 stars' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Comment (optional)' }), 'Lovely <b>show</b>');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('Thank you for your feedback!')).toBeTruthy();
    expect(feedbackPosts()).toEqual([['/cameras/ava/feedback', { rating: 4, message: 'Lovely <b>show</b>' }]]);
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(getPopupStates()['camera-feedback']?.show).toBe(false));
    expect(feedbackPosts()).toHaveLength(1);
  });

  // Arrow keys between the stars are the browser's own (native radios); jsdom lacks what user-event needs for them.
  it('is usable from the keyboard: Tab to the stars, Space chooses, Enter sends', async () => {
    const user = userEvent.setup();
    const dialog = await open();
    const stars = within(dialog).getByRole('radiogroup', { name: 'Your rating' });
    while (!stars.contains(document.activeElement)) await user.tab();
    expect(document.activeElement).toBe(within(dialog).getByRole('radio', { name: '1 star' }));
    act(() => within(dialog).getByRole('radio', { name: '3 stars' }).focus());
    await user.keyboard('[Space]');
    expect((within(dialog).getByRole('radio', { name: '3 stars' }) as HTMLInputElement).checked).toBe(true);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(feedbackPosts()).toHaveLength(1));
    expect(feedbackPosts()[0]![1]).toEqual({ rating: 3 });
  });

  it('says a rating is needed and sends nothing without one', async () => {
    const user = userEvent.setup();
    const dialog = await open();
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(within(dialog).getByText('Choose a rating from 1 to 5 stars.')).toBeTruthy();
    expect(within(dialog).getByRole('radiogroup', { name: 'Your rating' }).getAttribute('aria-invalid')).toBe('true');
    expect(feedbackPosts()).toHaveLength(0);
  });

  it('"Not now" tells the server and closes', async () => {
    const user = userEvent.setup();
    const dialog = await open();
    await user.click(within(dialog).getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(getPopupStates()['camera-feedback']?.show).toBe(false));
    expect(feedbackPosts()).toEqual([['/cameras/ava/feedback', { dismissed: true }]]);
  });

  it('Escape counts as "Not now"', async () => {
    const user = userEvent.setup();
    await open();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(getPopupStates()['camera-feedback']?.show).toBe(false));
    expect(feedbackPosts()).toEqual([['/cameras/ava/feedback', { dismissed: true }]]);
  });
});
