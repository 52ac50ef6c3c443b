import type { ErrorData, FragmentLoaderConstructor, FragmentLoaderContext, HlsConfig, Loader, LoaderCallbacks, LoaderConfiguration, LoaderContext, LoaderStats, PlaylistLoaderConstructor, PlaylistLoaderContext } from 'hls.js';
import type HlsType from 'hls.js';
import type { RefObject } from 'react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { getVideoQuality, setVideoQuality } from '@/lib/storage';
import { prefetchedText, takePrefetchedBytes } from './playback-prefetch';
import type { QualityOption } from './quality';
import { AUTO_QUALITY, optionForPreference, qualityOptions } from './quality';
import { bandwidthEstimate, rememberBandwidth, startRenditionIndex, theaterPlayerHeight } from './start-rendition';

// Attaches an HLS source to a <video>: hls.js wherever Media Source Extensions work (so renditions
// can be chosen), the browser's own HLS otherwise (Safari on iOS). Also owns what follows from the
// source: its renditions, the quality choice, autoplay and recovery from errors.

export type PlayerErrorKind = 'network' | 'media' | 'expired' | 'unsupported';
export type SourceStatus = 'loading' | 'ready' | 'refreshing' | 'error';

export interface HlsSourceOptions {
  src: string;
  /** Where the first load starts, in seconds. Read once per mount. */
  startAt: number;
  autoPlay: boolean;
  /**
   * Fetches a freshly signed URL after the server refused the current one (403: the signature
   * expired). Tried once per failure; playback then goes on where it stopped.
   */
  refreshSource?: (() => Promise<string | null | undefined>) | undefined;
}

export interface HlsSource {
  status: SourceStatus;
  error: PlayerErrorKind | null;
  /** "Auto" first, then one option per rendition, highest first; only "Auto" without hls.js. */
  options: QualityOption[];
  /** The chosen option's value: "auto" or a height such as "720". */
  selected: string;
  /** The height playing now (what "Auto" picked). */
  playingHeight: number | null;
  /** True when autoplay with sound was refused and playback started muted instead. */
  autoMuted: boolean;
  selectQuality: (value: string) => void;
  retry: () => void;
}

const HLS_MIME = 'application/vnd.apple.mpegurl';

// hls.js is a sizeable chunk: loaded with the first player, once; a failed load may be tried again.
let hlsChunk: Promise<{ default: typeof HlsType }> | null = null;
export function loadHls(): Promise<{ default: typeof HlsType }> {
  hlsChunk ??= import('hls.js').catch((error: unknown) => {
    hlsChunk = null;
    throw error;
  });
  return hlsChunk;
}
/** What a loader hands hls.js in place of a request: fetched ahead by a card (playback-prefetch.ts). */
interface Ahead {
  url: string;
  data: string | ArrayBuffer;
  requestStart: number;
  firstByte: number;
  loaded: number;
}

/**
 * hls.js's loader, answering what `ahead` holds for a request (a playlist or a segment a card fetched before the
 * press: decision records 053 and 057) with the prefetch's real timings as its statistics, and asking the network
 * for the rest, and for anything whose prefetch failed.
 */
function aheadAwareLoader<T extends LoaderContext>(
  Network: new (config: HlsConfig) => Loader<LoaderContext>,
  ahead: (context: T) => Promise<Ahead | null> | null,
): new (config: HlsConfig) => Loader<T> {
  return class AheadAwareLoader implements Loader<T> {
    private readonly network: Loader<T>;
    private settled = false;
    context: T | null = null;
    stats: LoaderStats;

    constructor(config: HlsConfig) {
      // hls.js's default loader loads any context, playlists and segments alike.
      this.network = new Network(config) as unknown as Loader<T>;
      this.stats = this.network.stats;
    }

    load(context: T, config: LoaderConfiguration, callbacks: LoaderCallbacks<T>): void {
      this.context = context;
      const held = ahead(context);
      if (!held) return this.network.load(context, config, callbacks);
      void held.then((fetched) => {
        if (this.settled) return;
        if (!fetched) return this.network.load(context, config, callbacks);
        this.settled = true;
        const { stats } = this;
        stats.loading.start = fetched.requestStart;
        stats.loading.first = fetched.firstByte;
        stats.loading.end = fetched.loaded;
        stats.loaded = stats.total = typeof fetched.data === 'string' ? fetched.data.length : fetched.data.byteLength;
        callbacks.onSuccess({ url: fetched.url, data: fetched.data, code: 200 }, stats, context, null);
      });
    }

    abort(): void {
      this.settled = true;
      this.network.abort();
    }

    destroy(): void {
      this.settled = true;
      this.network.destroy();
    }
  };
}

/** A playlist a card fetched ahead (it stays for a reopened player: playlists are small). */
const playlistAhead = (context: PlaylistLoaderContext) => prefetchedText(context.url)?.then((fetched) => fetched && { ...fetched, data: fetched.text }) ?? null;

/**
 * A whole segment a card fetched ahead, taken once (hls.js may hand the bytes on to a worker, which detaches them).
 * hls.js asks for a whole segment with `rangeEnd` 0 (its loaders send a Range header only for a non-zero end).
 */
const segmentAhead = (context: FragmentLoaderContext) => (context.rangeEnd ? null : takePrefetchedBytes(context.url));

/** The player's picture height in device pixels; the theater's when it is not laid out yet. */
function playerHeight(video: HTMLVideoElement): number {
  const height = video.getBoundingClientRect().height;
  return height > 0 ? Math.round(height * (window.devicePixelRatio || 1)) : theaterPlayerHeight();
}

const AUTO_OPTION: QualityOption = { value: AUTO_QUALITY, level: -1, height: null };

/** Plays, and when the browser refuses sound without a gesture, plays muted instead. */
async function playAllowingMute(video: HTMLVideoElement, onMuted: () => void): Promise<void> {
  try {
    await video.play();
  } catch (error) {
    if ((error as { name?: string } | null)?.name !== 'NotAllowedError' || video.muted) return;
    video.muted = true;
    onMuted();
    await video.play().catch(() => undefined);
  }
}

export function useHlsSource(videoRef: RefObject<HTMLVideoElement | null>, { src, startAt, autoPlay, refreshSource }: HlsSourceOptions): HlsSource {
  const [status, setStatus] = useState<SourceStatus>('loading');
  const [error, setError] = useState<PlayerErrorKind | null>(null);
  const [options, setOptions] = useState<QualityOption[]>([AUTO_OPTION]);
  const [selected, setSelected] = useState<string>(AUTO_QUALITY);
  const [playingHeight, setPlayingHeight] = useState<number | null>(null);
  const [autoMuted, setAutoMuted] = useState(false);
  const [attempt, setAttempt] = useState(0);
  // A refreshed URL replaces `src` until the parent hands down a new src of its own.
  const [refreshed, setRefreshed] = useState<{ from: string; url: string } | null>(null);
  const url = refreshed && refreshed.from === src ? refreshed.url : src;

  const hlsRef = useRef<HlsType | null>(null);
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const resumeAt = useRef(startAt);
  const playAfterLoad = useRef(autoPlay);
  const refreshUsed = useRef(false);
  const refreshRef = useRef(refreshSource);
  refreshRef.current = refreshSource;
  const srcRef = useRef(src);
  srcRef.current = src;

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return undefined;
    let cancelled = false;
    let hls: HlsType | null = null;
    let expiring = false;
    const detach: (() => void)[] = [];
    const listen = <K extends keyof HTMLMediaElementEventMap>(type: K, handler: (event: HTMLMediaElementEventMap[K]) => void) => {
      video.addEventListener(type, handler);
      detach.push(() => video.removeEventListener(type, handler));
    };

    setStatus('loading');
    setError(null);
    const start = resumeAt.current;

    const fail = (kind: PlayerErrorKind) => {
      if (cancelled) return;
      hls?.stopLoad();
      setError(kind);
      setStatus('error');
    };

    const expired = () => {
      if (expiring || cancelled) return;
      expiring = true;
      const refresh = refreshRef.current;
      if (!refresh || refreshUsed.current) return fail('expired');
      refreshUsed.current = true;
      hls?.stopLoad();
      setStatus('refreshing');
      refresh().then(
        (fresh) => {
          if (cancelled) return;
          if (!fresh || fresh === url) fail('expired');
          else setRefreshed({ from: srcRef.current, url: fresh });
        },
        () => fail('expired'),
      );
    };

    // Once per load: start playing if asked to (autoplay, or it was playing before a reload).
    let started = false;
    listen('canplay', () => {
      if (cancelled) return;
      setStatus((s) => (s === 'loading' ? 'ready' : s));
      if (started) return;
      started = true;
      if (playAfterLoad.current && video.paused) void playAllowingMute(video, () => setAutoMuted(true));
    });
    // A signed URL that works again may be refreshed again when it expires later.
    listen('playing', () => {
      refreshUsed.current = false;
    });

    const attachNative = () => {
      listen('loadedmetadata', () => {
        if (start > 0 && start < video.duration) video.currentTime = start;
      });
      listen('error', () => {
        const code = video.error?.code;
        // The browser does not say why a native HLS load failed; an expired signature is the likely cause.
        if (code === MediaError.MEDIA_ERR_NETWORK || code === MediaError.MEDIA_ERR_SRC_NOT_SUPPORTED) expired();
        else fail('media');
      });
      video.src = url;
    };

    const attachHls = (Hls: typeof HlsType) => {
      const bandwidth = bandwidthEstimate();
      const instance = new Hls({
        startPosition: start > 0 ? start : -1,
        // The start rendition is chosen below from the bandwidth estimate: no test download of the lowest one first.
        testBandwidth: false,
        ...(bandwidth > 0 ? { abrEwmaDefaultEstimate: bandwidth } : {}),
        // "Auto" never loads more pixels than the player shows (full screen lifts the cap).
        capLevelToPlayerSize: true,
        // Segments are transmuxed on the main thread (decision record 057): hls.js would start its worker (a blob of
        // its whole bundle, compiled again) only when the first segment arrives, and on a busy device that start
        // was most of the wait for the first frame. The price: each segment's transmuxing runs on the main thread.
        enableWorker: false,
        pLoader: aheadAwareLoader(Hls.DefaultConfig.loader, playlistAhead) as PlaylistLoaderConstructor,
        fLoader: aheadAwareLoader(Hls.DefaultConfig.loader, segmentAhead) as FragmentLoaderConstructor,
      });
      hls = instance;
      hlsRef.current = instance;
      let networkRecovered = false;
      let mediaRecovered = false;

      instance.on(Hls.Events.MANIFEST_PARSED, () => {
        const next = qualityOptions(instance.levels);
        const preferred = optionForPreference(next, getVideoQuality());
        // Lock loading to the stored rendition without flushing anything (nothing is buffered yet); on "Auto",
        // start where the first segment arrives quickly.
        if (preferred.level >= 0) instance.loadLevel = preferred.level;
        else instance.startLevel = startRenditionIndex(instance.levels, bandwidth, playerHeight(video));
        setOptions(next);
        setSelected(preferred.value);
      });
      instance.on(Hls.Events.LEVEL_SWITCHED, (_event, data) => {
        setPlayingHeight(instance.levels[data.level]?.height ?? null);
      });
      instance.on(Hls.Events.ERROR, (_event, data: ErrorData) => {
        if (cancelled) return;
        // Playlists and segments share one signature: a 403 anywhere means it expired.
        if (data.response?.code === 403) return expired();
        if (!data.fatal) return;
        if (data.type === Hls.ErrorTypes.NETWORK_ERROR) {
          const manifest = data.details === Hls.ErrorDetails.MANIFEST_LOAD_ERROR || data.details === Hls.ErrorDetails.MANIFEST_LOAD_TIMEOUT;
          if (manifest || networkRecovered) return fail('network');
          networkRecovered = true;
          instance.startLoad();
        } else if (data.type === Hls.ErrorTypes.MEDIA_ERROR && !mediaRecovered) {
          mediaRecovered = true;
          instance.recoverMediaError();
        } else {
          fail('media');
        }
      });
      instance.loadSource(url);
      instance.attachMedia(video);
    };

    void loadHls().then(
      ({ default: Hls }) => {
        if (cancelled) return;
        if (Hls.isSupported()) attachHls(Hls);
        else if (video.canPlayType(HLS_MIME)) attachNative();
        else fail('unsupported');
      },
      () => {
        // The player chunk itself failed to load (offline, or a deploy replaced it).
        if (cancelled) return;
        if (video.canPlayType(HLS_MIME)) attachNative();
        else fail('network');
      },
    );

    return () => {
      cancelled = true;
      // A reload (refreshed signature, retry) goes on where this one stopped, playing if it was.
      if (video.currentTime > 0) resumeAt.current = video.currentTime;
      if (video.currentTime > 0 || !video.paused) playAfterLoad.current = !video.paused;
      for (const off of detach) off();
      if (hls) {
        rememberBandwidth(hls.bandwidthEstimate);
        hls.destroy();
        if (hlsRef.current === hls) hlsRef.current = null;
      } else if (video.getAttribute('src')) {
        video.removeAttribute('src');
        video.load();
      }
    };
  }, [videoRef, url, attempt]);

  const selectQuality = useCallback((value: string) => {
    const option = optionsRef.current.find((o) => o.value === value);
    if (!option) return;
    setSelected(option.value);
    setVideoQuality(option.value);
    if (hlsRef.current) hlsRef.current.currentLevel = option.level;
  }, []);

  const retry = useCallback(() => {
    refreshUsed.current = false;
    setAttempt((n) => n + 1);
  }, []);

  return { status, error, options, selected, playingHeight, autoMuted, selectQuality, retry };
}
