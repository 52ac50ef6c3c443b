import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Http from '@/lib/http';
import type * as Realtime from '@/lib/realtime';
import { chatRoomFixture, chatSessionFixture } from '@/features/camera-chat/test/fixtures';
import { watchTicketFixture } from '@/features/cameras/test/fixtures';
import { FakeHls, stubMediaElement } from '@/entities/video-player/testing/fake-hls';
import { resetPopups } from '@/components/popups/popup-store';
import { api } from '@/lib/http';
import { setAccessToken } from '@/lib/storage';
import { serverError } from '@/test/fake-api';
import { resetRealtime } from '@/test/fake-realtime';
import type { ApiMock } from '@/test/render-app';
import { fakeSite, profileFixture, renderApp } from '@/test/render-app';

// The paid chat screen as the app composes it: the chat feature with the cameras feature's real live player
// (LL-HLS here: jsdom has no WebRTC). Paying for the chat is paying for the video (decision record 061).

vi.mock('@/lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof Http>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() } };
});
vi.mock('@/lib/realtime', async (importOriginal) => ({
  ...(await importOriginal<typeof Realtime>()),
  ...(await import('@/test/fake-realtime')),
}));
vi.mock('hls.js', async () => ({ default: (await import('@/entities/video-player/testing/fake-hls')).FakeHls }));

const mockedApi = api as unknown as ApiMock;
const watchCalls = () => mockedApi.post.mock.calls.filter(([path]) => path === '/cameras/ava/watch');

let restoreMedia: () => void;
beforeEach(() => {
  vi.clearAllMocks();
  resetPopups();
  resetRealtime();
  FakeHls.reset();
  restoreMedia = stubMediaElement();
});
afterEach(() => {
  restoreMedia();
  setAccessToken(null);
});

describe('/chat/{name} with the live player', () => {
  // The first render of the whole app loads its lazy screens and texts: seconds on a busy machine.
  it('asks for the video again once the paid session is open, and plays it', { timeout: 20_000 }, async () => {
    const user = userEvent.setup();
    setAccessToken('member-token');
    let paying = false;
    fakeSite(mockedApi, {
      get: {
        '/user/profile': () => profileFixture({ coins: 250 }),
        '/cameras/ava/chat': () => chatRoomFixture(),
        '/cameras/ava/chat/messages': () => ({ messages: [], has_more: false }),
      },
      post: {
        '/cameras/ava/watch': () => {
          if (!paying) throw serverError(403, 'This camera is in paid chat', { code: 'PAID_CHAT_REQUIRED' });
          return watchTicketFixture();
        },
        '/cameras/ava/chat/session': () => {
          paying = true;
          return chatSessionFixture({ id: 77 });
        },
        // Leaving the screen when the test ends (102).
        '/cameras/ava/chat/session/end': () => chatSessionFixture({ id: 77, state: 'ended', end_code: 102 }),
      },
    });
    renderApp('/chat/ava');
    // Before entering, the server says the show needs a paid chat.
    await waitFor(() => expect(screen.getByTestId('live-player').dataset.status).toBe('paid'));
    const asked = watchCalls().length;
    expect(FakeHls.instances).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Enter paid chat — 30 coins per minute' }));
    await screen.findByTestId('session-bar');
    await waitFor(() => expect(watchCalls().length).toBeGreaterThan(asked));
    await waitFor(() => expect(FakeHls.instances.length).toBeGreaterThan(0));
    expect(FakeHls.latest().source).toBe(watchTicketFixture().hls_url);
    expect(screen.getByTestId('live-player').dataset.status).not.toBe('paid');
  });
});
