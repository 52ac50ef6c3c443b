// navigator.mediaDevices for unit tests (jsdom has none): fake tracks and streams, a device list the test can change,
// and getUserMedia refusals by their DOMException names.

let trackCount = 0;

export class FakeTrack extends EventTarget {
  readonly id = `track-${++trackCount}`;
  readonly kind: 'audio' | 'video';
  readonly label: string;
  enabled = true;
  readyState: MediaStreamTrackState = 'live';
  readonly constraints: MediaTrackConstraints[] = [];
  private readonly deviceId: string;

  constructor(kind: 'audio' | 'video', deviceId: string, constraints: MediaTrackConstraints) {
    super();
    this.kind = kind;
    this.deviceId = deviceId;
    this.label = `${kind} ${deviceId}`;
    this.constraints.push(constraints);
  }
  getSettings(): MediaTrackSettings {
    const last = this.constraints.at(-1) ?? {};
    const ideal = (value: unknown) => (typeof value === 'object' && value !== null && 'ideal' in value ? (value as { ideal: number }).ideal : undefined);
    return this.kind === 'video'
      ? { deviceId: this.deviceId, width: ideal(last.width) ?? 1280, height: ideal(last.height) ?? 720, frameRate: 30 }
      : { deviceId: this.deviceId };
  }
  applyConstraints(constraints: MediaTrackConstraints): Promise<void> {
    this.constraints.push(constraints);
    return Promise.resolve();
  }
  stop(): void {
    this.readyState = 'ended';
  }
}

export class FakeMediaStream {
  readonly id = `stream-${++trackCount}`;
  constructor(private readonly tracks: FakeTrack[]) {}
  getTracks(): FakeTrack[] {
    return [...this.tracks];
  }
  getVideoTracks(): FakeTrack[] {
    return this.tracks.filter((t) => t.kind === 'video');
  }
  getAudioTracks(): FakeTrack[] {
    return this.tracks.filter((t) => t.kind === 'audio');
  }
}

export interface FakeMediaDevices {
  devices: MediaDeviceInfo[];
  /** The DOMException name the next getUserMedia calls refuse with; null: they succeed. */
  refuseWith: string | null;
  /** Every stream handed out, in order. */
  streams: FakeMediaStream[];
  getUserMedia: (constraints: MediaStreamConstraints) => Promise<FakeMediaStream>;
  /** Plugs a device in or out and tells the page, as the browser's devicechange does. */
  setDevices: (devices: MediaDeviceInfo[]) => void;
  uninstall: () => void;
}

export function device(kind: MediaDeviceKind, deviceId: string, label: string): MediaDeviceInfo {
  return { kind, deviceId, label, groupId: `group-${deviceId}`, toJSON: () => ({}) };
}

export const DEFAULT_DEVICES = [
  device('videoinput', 'cam-1', 'Front camera'),
  device('videoinput', 'cam-2', 'USB camera'),
  device('audioinput', 'mic-1', 'Built-in microphone'),
  device('audioinput', 'mic-2', 'Headset microphone'),
];

function exactId(constraint: boolean | MediaTrackConstraints | undefined): string | null {
  if (typeof constraint !== 'object') return null;
  const id = constraint.deviceId;
  if (typeof id === 'object' && id !== null && 'exact' in id) return String(id.exact);
  return typeof id === 'string' ? id : null;
}

export function installFakeMediaDevices(devices: MediaDeviceInfo[] = DEFAULT_DEVICES): FakeMediaDevices {
  const target = new EventTarget();
  const fake: FakeMediaDevices = {
    devices,
    refuseWith: null,
    streams: [],
    getUserMedia: (constraints) => {
      if (fake.refuseWith) return Promise.reject(new DOMException('refused', fake.refuseWith));
      const tracks: FakeTrack[] = [];
      const first = (kind: MediaDeviceKind) => fake.devices.find((d) => d.kind === kind)?.deviceId ?? 'default';
      if (constraints.video) {
        const constraint = typeof constraints.video === 'object' ? constraints.video : {};
        tracks.push(new FakeTrack('video', exactId(constraints.video) ?? first('videoinput'), constraint));
      }
      if (constraints.audio) {
        const constraint = typeof constraints.audio === 'object' ? constraints.audio : {};
        tracks.push(new FakeTrack('audio', exactId(constraints.audio) ?? first('audioinput'), constraint));
      }
      const stream = new FakeMediaStream(tracks);
      fake.streams.push(stream);
      return Promise.resolve(stream);
    },
    setDevices: (next) => {
      fake.devices = next;
      target.dispatchEvent(new Event('devicechange'));
    },
    uninstall: () => {
      Reflect.deleteProperty(navigator, 'mediaDevices');
    },
  };
  const mediaDevices = {
    getUserMedia: (constraints: MediaStreamConstraints) => fake.getUserMedia(constraints),
    enumerateDevices: () => Promise.resolve(fake.devices),
    addEventListener: target.addEventListener.bind(target),
    removeEventListener: target.removeEventListener.bind(target),
  };
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: mediaDevices });
  return fake;
}
