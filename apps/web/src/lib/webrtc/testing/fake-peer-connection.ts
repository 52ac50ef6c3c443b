// A stand-in for RTCPeerConnection in jsdom (which has no WebRTC): it makes an offer with one host candidate,
// completes gathering on the next tick, records what the code asks of it and lets a test play the network
// (a track arriving, ICE failing). Real peers are exercised by the browser tests.

export class FakePeerConnection extends EventTarget {
  static instances: FakePeerConnection[] = [];
  /** Leave gathering at "gathering" forever (the client must stop waiting on its own). */
  static gatheringNeverCompletes = false;

  static reset(): void {
    FakePeerConnection.instances = [];
    FakePeerConnection.gatheringNeverCompletes = false;
  }

  static latest(): FakePeerConnection {
    const pc = FakePeerConnection.instances.at(-1);
    if (!pc) throw new Error('No RTCPeerConnection was made');
    return pc;
  }

  readonly config: RTCConfiguration;
  readonly transceivers: { kind: string; direction: string | undefined }[] = [];
  localDescription: RTCSessionDescriptionInit | null = null;
  remoteDescription: RTCSessionDescriptionInit | null = null;
  iceGatheringState: RTCIceGatheringState = 'new';
  iceConnectionState: RTCIceConnectionState = 'new';
  connectionState: RTCPeerConnectionState = 'new';
  closed = false;

  constructor(config: RTCConfiguration = {}) {
    super();
    this.config = config;
    FakePeerConnection.instances.push(this);
  }

  addTransceiver(kind: string, init?: RTCRtpTransceiverInit): void {
    this.transceivers.push({ kind, direction: init?.direction });
  }

  async createOffer(): Promise<RTCSessionDescriptionInit> {
    const media = this.transceivers.map((t) => `m=${t.kind} 9 UDP/TLS/RTP/SAVPF 96\r\na=${t.direction ?? 'sendrecv'}\r\n`).join('');
    return { type: 'offer', sdp: `v=0\r\ns=-\r\nt=0 0\r\n${media}` };
  }

  async setLocalDescription(description: RTCSessionDescriptionInit): Promise<void> {
    this.iceGatheringState = 'gathering';
    this.localDescription = description;
    if (FakePeerConnection.gatheringNeverCompletes) return;
    setTimeout(() => {
      this.localDescription = { type: 'offer', sdp: `${description.sdp ?? ''}a=candidate:1 1 udp 2122260223 192.0.2.10 50000 typ host\r\n` };
      this.iceGatheringState = 'complete';
      this.dispatchEvent(new Event('icegatheringstatechange'));
    }, 0);
  }

  async setRemoteDescription(description: RTCSessionDescriptionInit): Promise<void> {
    if (!description.sdp?.startsWith('v=0')) throw new Error('Invalid SDP');
    this.remoteDescription = description;
  }

  close(): void {
    this.closed = true;
    this.setIceState('closed');
  }

  /** The network: ICE moved to `state`. */
  setIceState(state: RTCIceConnectionState): void {
    this.iceConnectionState = state;
    this.dispatchEvent(new Event('iceconnectionstatechange'));
  }

  /** The server's media arrived: a track event with `track`. */
  receiveTrack(track: MediaStreamTrack): void {
    const event = new Event('track') as Event & { track: MediaStreamTrack; streams: MediaStream[] };
    Object.assign(event, { track, streams: [] });
    this.dispatchEvent(event);
  }
}

/** Makes the fake the page's RTCPeerConnection until the returned function is called. */
export function installFakePeerConnection(): () => void {
  const global = globalThis as { RTCPeerConnection?: unknown };
  const had = 'RTCPeerConnection' in global;
  const original = global.RTCPeerConnection;
  global.RTCPeerConnection = FakePeerConnection;
  return () => {
    if (had) global.RTCPeerConnection = original;
    else delete global.RTCPeerConnection;
    FakePeerConnection.reset();
  };
}
