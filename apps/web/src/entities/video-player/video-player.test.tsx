import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { en } from '@/locales';
import { STORAGE_KEYS, getAutoplay, getVideoQuality, getVolume, setVideoQuality, setVolume } from '@/lib/storage';
import { forgetPrefetched, prefetchBytes, prefetchText } from './playback-prefetch';
import { forgetBandwidth, rememberBandwidth } from './start-rendition';
import { FakeHls, stubMediaElement } from './testing/fake-hls';
import type { VideoPlayerProps } from './video-player';
import { VideoPlayer } from './video-player';

vi.mock('hls.js', async () => ({ default: (await import('./testing/fake-hls')).FakeHls }));

const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } }, interpolation: { escapeValue: false }, initAsync: false });

let restoreMedia: () => void;
beforeEach(() => {
  FakeHls.reset();
  restoreMedia = stubMediaElement();
});
afterEach(() => {
  // Unmount while play/pause/load are still stubbed: jsdom has no media engine.
  cleanup();
  restoreMedia();
});

function renderPlayer(props: Partial<VideoPlayerProps> = {}) {
  const utils = render(
    <I18nextProvider i18n={i18n}>
      <VideoPlayer src="/media/hls/7/master.m3u8?sig=a" title="Demo film 7" {...props} />
    </I18nextProvider>,
  );
  const video = () => within(screen.getByTestId('video-player')).getByLabelText('Demo film 7') as HTMLVideoElement;
  return { ...utils, video };
}

/** The player has loaded hls.js (a dynamic import) and handed it the source. */
async function attached(): Promise<FakeHls> {
  await waitFor(() => expect(FakeHls.instances.some((h) => !h.destroyed && h.source)).toBe(true));
  return FakeHls.instances.filter((h) => !h.destroyed).at(-1)!;
}

describe('VideoPlayer with hls.js', () => {
  it('loads the source through hls.js into the <video> inside the wrapper', async () => {
    const { video } = renderPlayer({ startAt: 42 });
    const hls = await attached();
    expect(hls.source).toBe('/media/hls/7/master.m3u8?sig=a');
    expect(hls.media).toBe(video());
    expect(hls.config.startPosition).toBe(42);
    expect(screen.getByTestId('video-player').querySelector('video')).toBe(video());
  });

  it('lists Auto and every rendition in the quality menu, and selecting one sets hls.currentLevel', async () => {
    const user = userEvent.setup();
    renderPlayer();
    const hls = await attached();
    act(() => hls.parseManifest());

    await user.click(screen.getByTestId('quality-button'));
    const menu = screen.getByRole('menu', { name: 'Quality' });
    const items = within(menu).getAllByRole('menuitemradio');
    expect(items.map((item) => item.textContent)).toEqual(['Auto', '1080p', '720p', '360p']);
    expect(within(menu).getByRole('menuitemradio', { name: 'Auto' }).getAttribute('aria-checked')).toBe('true');

    await user.click(within(menu).getByRole('menuitemradio', { name: '720p' }));
    expect(hls.currentLevelWrites).toEqual([1]);
    expect(screen.queryByRole('menu')).toBeNull();
    expect(getVideoQuality()).toBe('720');
    expect(document.activeElement).toBe(screen.getByTestId('quality-button'));

    await user.click(screen.getByTestId('quality-button'));
    expect(screen.getByRole('menuitemradio', { name: '720p' }).getAttribute('aria-checked')).toBe('true');
    await user.click(screen.getByRole('menuitemradio', { name: 'Auto' }));
    expect(hls.currentLevelWrites).toEqual([1, -1]);
    expect(getVideoQuality()).toBe('auto');
  });

  it('is a keyboard menu: arrows move, Enter chooses, Escape closes', async () => {
    const user = userEvent.setup();
    renderPlayer();
    const hls = await attached();
    act(() => hls.parseManifest());

    screen.getByTestId('quality-button').focus();
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('Auto');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('720p');
    await user.keyboard('{End}');
    expect(document.activeElement?.textContent).toBe('360p');
    await user.keyboard('{Enter}');
    // Renditions are listed highest first; 360p is hls.js level 0.
    expect(hls.currentLevelWrites).toEqual([0]);

    await user.keyboard('{Enter}');
    expect(screen.getByRole('menu')).toBeTruthy();
    expect(document.activeElement?.textContent).toBe('360p');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(screen.getByTestId('quality-button'));
  });

  it('starts with the stored quality when this video has that rendition', async () => {
    setVideoQuality('1080');
    renderPlayer();
    const hls = await attached();
    act(() => hls.parseManifest());
    expect(hls.loadLevel).toBe(2);
    await userEvent.setup().click(screen.getByTestId('quality-button'));
    expect(screen.getByRole('menuitemradio', { name: '1080p' }).getAttribute('aria-checked')).toBe('true');
  });

  it('falls back to Auto when the stored rendition does not exist for this video', async () => {
    setVideoQuality('480');
    renderPlayer();
    const hls = await attached();
    act(() => hls.parseManifest());
    expect(hls.loadLevel).toBe(-1);
    await userEvent.setup().click(screen.getByTestId('quality-button'));
    expect(screen.getByRole('menuitemradio', { name: 'Auto' }).getAttribute('aria-checked')).toBe('true');
  });

  it('asks for a fresh signed URL once after a 403 and carries on from there', async () => {
    const refreshSource = vi.fn(async () => '/media/hls/7/master.m3u8?sig=b');
    renderPlayer({ refreshSource });
    const first = await attached();
    act(() => first.emit(FakeHls.Events.ERROR, { type: 'networkError', details: 'fragLoadError', fatal: false, response: { code: 403 } }));
    await waitFor(() => expect(FakeHls.instances.some((h) => h.source?.endsWith('sig=b'))).toBe(true));
    expect(refreshSource).toHaveBeenCalledTimes(1);
    expect(first.destroyed).toBe(true);

    // The fresh URL is refused too: no endless loop, a message instead.
    const second = FakeHls.latest();
    act(() => second.emit(FakeHls.Events.ERROR, { type: 'networkError', details: 'manifestLoadError', fatal: true, response: { code: 403 } }));
    expect((await screen.findByRole('alert')).textContent).toContain('Your viewing link has expired');
    expect(refreshSource).toHaveBeenCalledTimes(1);
  });

  it('shows a network error with a retry that loads the source again', async () => {
    const user = userEvent.setup();
    renderPlayer();
    const hls = await attached();
    act(() => hls.emit(FakeHls.Events.ERROR, { type: 'networkError', details: 'manifestLoadError', fatal: true, response: { code: 0 } }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('could not be loaded');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(FakeHls.instances.filter((h) => !h.destroyed)).toHaveLength(1));
    expect(FakeHls.latest()).not.toBe(hls);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('tries to recover from a fatal media error once before giving up', async () => {
    renderPlayer();
    const hls = await attached();
    const mediaError = { type: 'mediaError', details: 'bufferAppendError', fatal: true };
    act(() => hls.emit(FakeHls.Events.ERROR, mediaError));
    expect(hls.recoverMediaErrorCalls).toBe(1);
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => hls.emit(FakeHls.Events.ERROR, mediaError));
    expect((await screen.findByRole('alert')).textContent).toContain('could not be played');
  });
});

describe('VideoPlayer fallbacks', () => {
  it('uses the browser’s own HLS when hls.js is unsupported but the browser plays HLS', async () => {
    FakeHls.supported = false;
    const canPlay = vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockImplementation((type) => (type === 'application/vnd.apple.mpegurl' ? 'maybe' : ''));
    const { video } = renderPlayer();
    await waitFor(() => expect(video().getAttribute('src')).toBe('/media/hls/7/master.m3u8?sig=a'));
    expect(FakeHls.instances).toHaveLength(0);
    // No renditions to choose from without hls.js.
    expect(screen.queryByTestId('quality-button')).toBeNull();
    canPlay.mockRestore();
  });

  it('says so when the browser cannot play HLS at all', async () => {
    FakeHls.supported = false;
    renderPlayer();
    expect((await screen.findByRole('alert')).textContent).toContain('Your browser cannot play this video');
  });
});

describe('VideoPlayer controls and preferences (product §3)', () => {
  it('autoplays by default once the video can play', async () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play');
    const { video } = renderPlayer();
    await attached();
    fireEvent.canPlay(video());
    expect(play).toHaveBeenCalledTimes(1);
  });

  it('does not autoplay when the stored preference is off, and the toggle stores it', async () => {
    const user = userEvent.setup();
    localStorage.setItem(STORAGE_KEYS.autoplay, 'false');
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play');
    const { video } = renderPlayer();
    await attached();
    fireEvent.canPlay(video());
    expect(play).not.toHaveBeenCalled();

    const toggle = screen.getByRole('button', { name: 'Autoplay' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(getAutoplay()).toBe(true);
  });

  it('starts muted when the browser refuses autoplay with sound', async () => {
    restoreMedia();
    restoreMedia = stubMediaElement({ refuseSound: true });
    const { video } = renderPlayer();
    await attached();
    fireEvent.canPlay(video());
    await waitFor(() => expect(video().muted).toBe(true));
    expect(video().paused).toBe(false);
    expect(screen.getByRole('button', { name: 'Playing muted. Unmute' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Unmute' })).toBeTruthy();
  });

  it('applies the stored volume and stores a new one', async () => {
    setVolume(0.4);
    const { video } = renderPlayer();
    await attached();
    expect(video().volume).toBeCloseTo(0.4);
    fireEvent.change(screen.getByRole('slider', { name: 'Volume' }), { target: { value: '0.75' } });
    fireEvent.volumeChange(video());
    expect(getVolume()).toBeCloseTo(0.75);
  });

  it('has named buttons for play, mute and autoplay, and a seek slider', async () => {
    renderPlayer();
    await attached();
    expect(screen.getByRole('button', { name: 'Play' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mute' })).toBeTruthy();
    expect(screen.getByRole('slider', { name: 'Seek' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Video player: Demo film 7' })).toBeTruthy();
  });

  it('offers full screen and picture in picture where the browser has them', async () => {
    Object.defineProperty(document, 'fullscreenEnabled', { configurable: true, value: true });
    Object.defineProperty(document, 'pictureInPictureEnabled', { configurable: true, value: true });
    try {
      const { video } = renderPlayer();
      await attached();
      const requestPip = vi.fn(() => Promise.resolve({} as PictureInPictureWindow));
      video().requestPictureInPicture = requestPip;
      await userEvent.setup().click(screen.getByRole('button', { name: 'Picture in picture' }));
      expect(requestPip).toHaveBeenCalled();
      expect(screen.getByRole('button', { name: 'Full screen' })).toBeTruthy();
    } finally {
      Reflect.deleteProperty(document, 'fullscreenEnabled');
      Reflect.deleteProperty(document, 'pictureInPictureEnabled');
    }
  });

  it('answers the keyboard: Space/K play-pause, arrows seek and change volume, M mutes', async () => {
    const user = userEvent.setup();
    const { video } = renderPlayer();
    await attached();
    const media = video();
    Object.defineProperty(media, 'duration', { configurable: true, value: 100 });
    media.currentTime = 50;
    media.volume = 0.5;
    screen.getByTestId('video-player').focus();

    await user.keyboard(' ');
    expect(media.paused).toBe(false);
    await user.keyboard('k');
    expect(media.paused).toBe(true);
    await user.keyboard('{ArrowRight}');
    expect(media.currentTime).toBe(55);
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(media.currentTime).toBe(45);
    await user.keyboard('{ArrowUp}');
    expect(media.volume).toBeCloseTo(0.6);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(media.volume).toBeCloseTo(0.4);
    await user.keyboard('m');
    expect(media.muted).toBe(true);
    await user.keyboard('M');
    expect(media.muted).toBe(false);
  });

  it('reports progress while playing, pauses and the end', async () => {
    const onProgress = vi.fn();
    const onPause = vi.fn();
    const onEnded = vi.fn();
    const { video } = renderPlayer({ onProgress, onPause, onEnded });
    await attached();
    const media = video();
    Object.defineProperty(media, 'duration', { configurable: true, value: 100 });
    await act(() => media.play());
    media.currentTime = 12;
    fireEvent.timeUpdate(media);
    expect(onProgress).toHaveBeenCalledWith(12, 100);
    act(() => media.pause());
    expect(onPause).toHaveBeenCalledWith(12, 100);
    fireEvent.ended(media);
    expect(onEnded).toHaveBeenCalledWith(100);
  });
});

describe('VideoPlayer starting quickly (decision record 053)', () => {
  afterEach(() => {
    forgetBandwidth();
    forgetPrefetched();
    vi.unstubAllGlobals();
  });

  it('skips the test download of the lowest rendition and caps Auto at the player size', async () => {
    renderPlayer();
    const hls = await attached();
    expect(hls.config).toMatchObject({ testBandwidth: false, capLevelToPlayerSize: true });
  });

  it('on Auto, starts at the rendition the bandwidth estimate allows for the player size', async () => {
    // The last video measured a fast network; jsdom's 1024 × 768 window makes a 553 px tall theater player.
    rememberBandwidth(1_000_000_000);
    renderPlayer();
    const hls = await attached();
    expect(hls.config.abrEwmaDefaultEstimate).toBe(1_000_000_000);
    act(() => hls.parseManifest());
    expect(hls.startLevel).toBe(1);
    expect(hls.loadLevel).toBe(-1);
  });

  it('starts at the lowest rendition when the bandwidth is unknown', async () => {
    renderPlayer();
    const hls = await attached();
    act(() => hls.parseManifest());
    expect(hls.startLevel).toBe(0);
  });

  it('keeps the estimate of a closed player for the next video', async () => {
    const { unmount } = renderPlayer();
    const hls = await attached();
    hls.bandwidthEstimate = 30_000_000;
    unmount();
    renderPlayer();
    expect((await attached()).config.abrEwmaDefaultEstimate).toBe(30_000_000);
  });

  it('takes a playlist fetched ahead from the prefetch instead of the network', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('#EXTM3U\n#EXT-X-ENDLIST\n')));
    const url = 'http://localhost/media/hls/7/720p.m3u8?sig=a';
    await prefetchText(url);
    renderPlayer();
    const hls = await attached();
    const Loader = hls.config.pLoader as new (config: unknown) => {
      load: (context: { url: string }, config: unknown, callbacks: { onSuccess: (...args: unknown[]) => void }) => void;
    };
    const onSuccess = vi.fn();
    const network = vi.spyOn(FakeHls.DefaultConfig.loader.prototype, 'load');
    new Loader({}).load({ url }, {}, { onSuccess });
    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
    expect(onSuccess.mock.calls[0]![0]).toEqual({ url, data: '#EXTM3U\n#EXT-X-ENDLIST\n', code: 200 });
    expect(network).not.toHaveBeenCalled();

    // Anything else goes to the network as before.
    new Loader({}).load({ url: 'http://localhost/media/hls/7/1080p.m3u8?sig=a' }, {}, { onSuccess });
    expect(network).toHaveBeenCalledTimes(1);
  });

  it('takes the first segment fetched ahead once, as bytes, and asks the network for it again after that', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(new Uint8Array(376))));
    const url = 'http://localhost/media/hls/7/360p_000.ts?sig=a';
    await prefetchBytes(url);
    renderPlayer();
    const hls = await attached();
    const Loader = hls.config.fLoader as new (config: unknown) => {
      load: (context: { url: string; rangeStart?: number; rangeEnd?: number }, config: unknown, callbacks: { onSuccess: (...args: unknown[]) => void }) => void;
      stats: { loaded: number };
    };
    const onSuccess = vi.fn();
    const network = vi.spyOn(FakeHls.DefaultConfig.loader.prototype, 'load');
    const loader = new Loader({});
    // As hls.js asks for a whole segment: no byte range, given as 0 to 0.
    loader.load({ url, rangeStart: 0, rangeEnd: 0 }, {}, { onSuccess });
    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
    const [response] = onSuccess.mock.calls[0] as [{ url: string; data: ArrayBuffer; code: number }];
    expect(response).toMatchObject({ url, code: 200 });
    expect(response.data.byteLength).toBe(376);
    expect(loader.stats.loaded).toBe(376);
    expect(network).not.toHaveBeenCalled();

    // The bytes may have gone to a worker: a second load of the segment (a seek back) is the network's, and so is
    // a byte range of a segment.
    new Loader({}).load({ url, rangeStart: 0, rangeEnd: 0 }, {}, { onSuccess });
    expect(network).toHaveBeenCalledTimes(1);
    vi.stubGlobal('fetch', vi.fn(async () => new Response(new Uint8Array(376))));
    await prefetchBytes('http://localhost/media/hls/7/all.ts');
    new Loader({}).load({ url: 'http://localhost/media/hls/7/all.ts', rangeStart: 0, rangeEnd: 188 }, {}, { onSuccess });
    expect(network).toHaveBeenCalledTimes(2);
  });
});
