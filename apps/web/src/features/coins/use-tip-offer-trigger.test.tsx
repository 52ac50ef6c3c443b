import { act, render, waitFor } from '@testing-library/react';
import { TIP_OFFER_INTERVAL_MS } from '@velora/shared';
import { MemoryRouter, useNavigate } from 'react-router';
import type { NavigateFunction } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getPopupStates, hidePopup, resetPopups, showPopup } from '@/components/popups/popup-store';
import { resetFormActivity } from '@/lib/form-activity';
import type * as Http from '@/lib/http';
import { api } from '@/lib/http';
import { resetMediaActivity } from '@/lib/media-activity';
import type { ApiMock } from '@/test/fake-api';
import { fakeApi } from '@/test/fake-api';
import { resetEngagement } from './tip-offer-engagement';
import { resetTipOfferTrigger, useTipOfferTrigger } from './use-tip-offer-trigger';

vi.mock('@/lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof Http>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() } };
});

const mockedApi = api as unknown as ApiMock;
const ava = { id: 11, name_en: 'Ava Demo', image: '/media/ava-510.jpg', image_square: '/media/ava-400.jpg' };
let navigate: NavigateFunction = () => undefined;

function Trigger({ enabled = true }: { enabled?: boolean }) {
  navigate = useNavigate();
  useTipOfferTrigger({ userId: 7, enabled });
  return null;
}

function start({ enabled = true, path = '/recent_updates' }: { enabled?: boolean; path?: string } = {}) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Trigger enabled={enabled} />
    </MemoryRouter>,
  );
}

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

async function visitPages(paths: string[]) {
  for (const path of paths) {
    act(() => void navigate(path));
    await settle();
  }
}

let ask: ReturnType<typeof vi.fn>;
beforeEach(() => {
  vi.clearAllMocks();
  resetPopups();
  resetTipOfferTrigger();
  resetEngagement();
  resetMediaActivity();
  resetFormActivity();
  document.body.innerHTML = '';
  ask = vi.fn(() => ({ offer: { model_id: 11, coins: 100 } }));
  fakeApi(mockedApi, { get: { '/feature/model_tip_offer': ask, '/models/11': () => ava } });
});
afterEach(() => {
  vi.restoreAllMocks();
  resetTipOfferTrigger();
  resetEngagement();
  resetMediaActivity();
});

/** A new browser session of the same member: this tab's counts are gone, what the browser keeps is not. */
function newSession() {
  resetTipOfferTrigger({ forgetShown: false });
  resetEngagement();
  resetMediaActivity();
}

function playingVideo(): HTMLVideoElement {
  const video = document.createElement('video');
  document.body.append(video);
  Object.defineProperty(video, 'paused', { configurable: true, value: false });
  act(() => void video.dispatchEvent(new Event('play')));
  return video;
}

function pause(video: HTMLVideoElement) {
  Object.defineProperty(video, 'paused', { configurable: true, value: true });
  act(() => void video.dispatchEvent(new Event('pause')));
}

describe('the model tip offer: after real engagement, at a calm moment, at most once in four days', () => {
  it('asks nothing in a fresh session: opening the site is no engagement', async () => {
    start();
    await settle();
    await visitPages(['/videos', '/shoots']);
    expect(ask).not.toHaveBeenCalled();
    expect(getPopupStates()['model-tip-offer']).toBeUndefined();
  });

  it('after six pages, asks once and shows the offer naming the model, with her picture', async () => {
    start();
    await visitPages(['/videos', '/shoots', '/models', '/videos?page=2', '/recent_updates/x', '/feeds']);
    await waitFor(() => expect(getPopupStates()['model-tip-offer']?.show).toBe(true));
    expect(getPopupStates()['model-tip-offer']?.data).toEqual({ model_id: 11, coins: 100, model_name: 'Ava Demo', model_image: '/media/ava-400.jpg' });
    expect(ask).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['her profile', '/profile/11'],
    ['her camera', '/camera/ava-demo'],
  ])('after opening %s, shows the offer', async (_what, path) => {
    start();
    await visitPages([path]);
    await waitFor(() => expect(getPopupStates()['model-tip-offer']?.show).toBe(true));
  });

  it('after 45 s of watching, waits for the video to pause, then shows the offer', async () => {
    let now = 1_000;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    start();
    await settle();
    const video = playingVideo();
    now += 50_000;
    await visitPages(['/videos']);
    await settle();
    // Asked while watching, held by the gate until the video pauses.
    expect(ask).toHaveBeenCalledTimes(1);
    expect(getPopupStates()['model-tip-offer']).toBeUndefined();
    pause(video);
    await waitFor(() => expect(getPopupStates()['model-tip-offer']?.show).toBe(true));
  });

  it('counts only the time a video played: 30 s played and a long pause are not enough', async () => {
    let now = 1_000;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    start();
    const video = playingVideo();
    now += 30_000;
    pause(video);
    now += 600_000;
    await visitPages(['/videos']);
    expect(ask).not.toHaveBeenCalled();
  });

  it('waits while a form is being filled in and shows once it is sent', async () => {
    document.body.innerHTML = '<form><input name="subject"></form>';
    const form = document.querySelector('form')!;
    const input = document.querySelector('input')!;
    start();
    act(() => {
      input.focus();
      input.value = 'Hello';
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await visitPages(['/profile/11']);
    await settle();
    expect(ask).toHaveBeenCalledTimes(1);
    expect(getPopupStates()['model-tip-offer']).toBeUndefined();
    act(() => {
      input.blur();
      form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    });
    await waitFor(() => expect(getPopupStates()['model-tip-offer']?.show).toBe(true));
  });

  it('waits behind another popup', async () => {
    showPopup('transactional');
    start({ path: '/profile/11' });
    await settle();
    expect(getPopupStates()['model-tip-offer']).toBeUndefined();
    act(() => hidePopup('transactional'));
    await waitFor(() => expect(getPopupStates()['model-tip-offer']?.show).toBe(true));
  });

  it('does not come again in a new session within four days, and does after them', async () => {
    const realNow = Date.now();
    const first = start({ path: '/profile/11' });
    await waitFor(() => expect(getPopupStates()['model-tip-offer']?.show).toBe(true));
    first.unmount();
    resetPopups();

    newSession();
    vi.spyOn(Date, 'now').mockReturnValue(realNow + TIP_OFFER_INTERVAL_MS - 60_000);
    const second = start({ path: '/profile/11' });
    await settle();
    expect(ask).toHaveBeenCalledTimes(1);
    expect(getPopupStates()['model-tip-offer']).toBeUndefined();
    second.unmount();

    newSession();
    vi.spyOn(Date, 'now').mockReturnValue(realNow + TIP_OFFER_INTERVAL_MS + 60_000);
    start({ path: '/profile/11' });
    await waitFor(() => expect(getPopupStates()['model-tip-offer']?.show).toBe(true));
    expect(ask).toHaveBeenCalledTimes(2);
  });

  it('shows nothing when the server has no offer, and asks once per session', async () => {
    ask.mockImplementation(() => ({ offer: null }));
    start({ path: '/profile/11' });
    await visitPages(['/profile/12', '/camera/ava-demo']);
    expect(ask).toHaveBeenCalledTimes(1);
    expect(getPopupStates()['model-tip-offer']).toBeUndefined();
  });

  it('asks nothing when not enabled (another offer this session, law limits)', async () => {
    start({ enabled: false, path: '/profile/11' });
    await settle();
    expect(ask).not.toHaveBeenCalled();
  });
});
