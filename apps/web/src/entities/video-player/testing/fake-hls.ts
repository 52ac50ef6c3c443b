// A stand-in for hls.js in jsdom (which has no Media Source Extensions): records what the player
// asks of it and lets a test emit the library's events. Use with
//   vi.mock('hls.js', async () => ({ default: (await import('@/entities/video-player/testing/fake-hls')).FakeHls }));

type Handler = (event: string, data: unknown) => void;

export interface FakeLevel {
  height: number;
  bitrate: number;
}

export const DEFAULT_LEVELS: FakeLevel[] = [
  { height: 360, bitrate: 800_000 },
  { height: 720, bitrate: 2_800_000 },
  { height: 1080, bitrate: 5_000_000 },
];

export class FakeHls {
  static supported = true;
  static isSupported(): boolean {
    return FakeHls.supported;
  }
  static Events = { MANIFEST_PARSED: 'hlsManifestParsed', LEVEL_SWITCHED: 'hlsLevelSwitched', ERROR: 'hlsError' } as const;
  static ErrorTypes = { NETWORK_ERROR: 'networkError', MEDIA_ERROR: 'mediaError', OTHER_ERROR: 'otherError' } as const;
  static ErrorDetails = {
    MANIFEST_LOAD_ERROR: 'manifestLoadError',
    MANIFEST_LOAD_TIMEOUT: 'manifestLoadTimeOut',
    FRAG_LOAD_ERROR: 'fragLoadError',
    LEVEL_LOAD_ERROR: 'levelLoadError',
  } as const;
  /** The library's default loader: the player wraps it (playlists fetched ahead); never used in jsdom. */
  static DefaultConfig = {
    loader: class FakeLoader {
      stats = { loading: { start: 0, first: 0, end: 0 }, loaded: 0, total: 0 };
      context = null;
      load(): void {}
      abort(): void {}
      destroy(): void {}
    },
  };
  static instances: FakeHls[] = [];
  static nextLevels: FakeLevel[] = DEFAULT_LEVELS;

  static reset(): void {
    FakeHls.instances = [];
    FakeHls.supported = true;
    FakeHls.nextLevels = DEFAULT_LEVELS;
  }

  static latest(): FakeHls {
    const hls = FakeHls.instances[FakeHls.instances.length - 1];
    if (!hls) throw new Error('hls.js was never constructed');
    return hls;
  }

  readonly config: Record<string, unknown>;
  levels: FakeLevel[] = FakeHls.nextLevels;
  loadLevel = -1;
  /** The rendition the player asked to start with (-1: hls.js decides). */
  startLevel = -1;
  bandwidthEstimate = Number.NaN;
  /** Every value the player assigned to currentLevel, in order. */
  readonly currentLevelWrites: number[] = [];
  private level = -1;
  private readonly handlers = new Map<string, Handler[]>();
  source: string | null = null;
  media: HTMLMediaElement | null = null;
  destroyed = false;
  stopLoadCalls = 0;
  startLoadCalls = 0;
  recoverMediaErrorCalls = 0;

  constructor(config: Record<string, unknown> = {}) {
    this.config = config;
    FakeHls.instances.push(this);
  }

  get currentLevel(): number {
    return this.level;
  }

  set currentLevel(value: number) {
    this.level = value;
    this.currentLevelWrites.push(value);
  }

  on(event: string, handler: Handler): void {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
  }

  emit(event: string, data: unknown = {}): void {
    for (const handler of this.handlers.get(event) ?? []) handler(event, data);
  }

  /** The manifest arrived: the player learns the levels. */
  parseManifest(): void {
    this.emit(FakeHls.Events.MANIFEST_PARSED, { levels: this.levels });
  }

  loadSource(url: string): void {
    this.source = url;
  }

  attachMedia(media: HTMLMediaElement): void {
    this.media = media;
  }

  stopLoad(): void {
    this.stopLoadCalls += 1;
  }

  startLoad(): void {
    this.startLoadCalls += 1;
  }

  recoverMediaError(): void {
    this.recoverMediaErrorCalls += 1;
  }

  destroy(): void {
    this.destroyed = true;
  }
}

/** jsdom does not implement playback: play/pause/load become observable no-ops. */
export function stubMediaElement(options: { refuseSound?: boolean } = {}) {
  const proto = HTMLMediaElement.prototype;
  const original = { play: proto.play, pause: proto.pause, load: proto.load };
  proto.play = function play(this: HTMLMediaElement) {
    if (options.refuseSound && !this.muted) return Promise.reject(new DOMException('Autoplay refused', 'NotAllowedError'));
    Object.defineProperty(this, 'paused', { configurable: true, value: false });
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  };
  proto.pause = function pause(this: HTMLMediaElement) {
    Object.defineProperty(this, 'paused', { configurable: true, value: true });
    this.dispatchEvent(new Event('pause'));
  };
  proto.load = function load() {};
  return () => {
    proto.play = original.play;
    proto.pause = original.pause;
    proto.load = original.load;
  };
}
