// A stand-in for RTCPeerConnection in unit tests (jsdom has no WebRTC): it records what the code asks of it and lets
// the test move it through states and hand it stats. Real browser runs (headless Chromium) test the real thing.

type Kind = 'audio' | 'video';

export class FakeSender {
  track: MediaStreamTrack | null;
  parameters: RTCRtpSendParameters;
  replaced: (MediaStreamTrack | null)[] = [];

  constructor(track: MediaStreamTrack | null, encodings: RTCRtpEncodingParameters[] = []) {
    this.track = track;
    this.parameters = { encodings: encodings.map((e) => ({ ...e })), transactionId: 't1', codecs: [], headerExtensions: [], rtcp: {} };
  }
  getParameters(): RTCRtpSendParameters {
    return { ...this.parameters, encodings: this.parameters.encodings.map((e) => ({ ...e })) };
  }
  setParameters(parameters: RTCRtpSendParameters): Promise<void> {
    this.parameters = parameters;
    return Promise.resolve();
  }
  replaceTrack(track: MediaStreamTrack | null): Promise<void> {
    this.track = track;
    this.replaced.push(track);
    return Promise.resolve();
  }
}

export interface FakeTransceiver {
  kind: Kind;
  direction: RTCRtpTransceiverDirection;
  sender: FakeSender;
}

export class FakePeerConnection extends EventTarget {
  static instances: FakePeerConnection[] = [];
  static reset(): void {
    FakePeerConnection.instances = [];
  }
  static latest(): FakePeerConnection {
    const pc = FakePeerConnection.instances.at(-1);
    if (!pc) throw new Error('No peer connection was made');
    return pc;
  }

  readonly config: RTCConfiguration;
  transceivers: FakeTransceiver[] = [];
  localDescription: RTCSessionDescriptionInit | null = null;
  remoteDescription: RTCSessionDescriptionInit | null = null;
  iceGatheringState: RTCIceGatheringState = 'new';
  connectionState: RTCPeerConnectionState = 'new';
  closed = false;
  stats = new Map<string, Record<string, unknown>>();

  constructor(config: RTCConfiguration = {}) {
    super();
    this.config = config;
    FakePeerConnection.instances.push(this);
  }

  addTransceiver(trackOrKind: MediaStreamTrack | Kind, init: RTCRtpTransceiverInit = {}): FakeTransceiver {
    const track = typeof trackOrKind === 'string' ? null : trackOrKind;
    const kind = (typeof trackOrKind === 'string' ? trackOrKind : trackOrKind.kind) as Kind;
    const transceiver = { kind, direction: init.direction ?? 'sendrecv', sender: new FakeSender(track, init.sendEncodings) };
    this.transceivers.push(transceiver);
    return transceiver;
  }
  createOffer(): Promise<RTCSessionDescriptionInit> {
    const media = this.transceivers.map((t) => `m=${t.kind} 9 UDP/TLS/RTP/SAVPF 96\r\na=${t.direction}\r\n`).join('');
    return Promise.resolve({ type: 'offer', sdp: `v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\ns=-\r\n${media}` });
  }
  setLocalDescription(description: RTCSessionDescriptionInit): Promise<void> {
    this.localDescription = description;
    this.iceGatheringState = 'gathering';
    // Gathering ends a moment later, as in a browser on localhost.
    setTimeout(() => {
      this.iceGatheringState = 'complete';
      this.dispatchEvent(new Event('icegatheringstatechange'));
    }, 5);
    return Promise.resolve();
  }
  setRemoteDescription(description: RTCSessionDescriptionInit): Promise<void> {
    if (!description.sdp?.startsWith('v=0')) return Promise.reject(new Error('Failed to parse SessionDescription'));
    this.remoteDescription = description;
    return Promise.resolve();
  }
  getStats(): Promise<Map<string, Record<string, unknown>>> {
    return Promise.resolve(this.stats);
  }
  close(): void {
    this.closed = true;
    this.connectionState = 'closed';
  }

  /** The test moves the connection as the network would. */
  setConnectionState(state: RTCPeerConnectionState): void {
    this.connectionState = state;
    this.dispatchEvent(new Event('connectionstatechange'));
  }
  sender(kind: Kind): FakeSender {
    const found = this.transceivers.find((t) => t.kind === kind);
    if (!found) throw new Error(`No ${kind} transceiver`);
    return found.sender;
  }
}

/** A minimal SDP answer the fake accepts. */
export const FAKE_ANSWER_SDP = 'v=0\r\no=- 3 4 IN IP4 127.0.0.1\r\ns=-\r\nm=video 9 UDP/TLS/RTP/SAVPF 96\r\na=recvonly\r\n';

export function createFakePeerConnection(config: RTCConfiguration): RTCPeerConnection {
  return new FakePeerConnection(config) as unknown as RTCPeerConnection;
}
