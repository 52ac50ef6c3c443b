import type { Page, Request } from 'playwright-core';

// In a viewer's page of a live camera: frames the live player presents, its playback, and what its peer connections
// went through; for browser tests of live rooms (e2e/live-room-soak.e2e.ts).

export const PLAYER_VIDEO = '[data-testid="live-player"] video';

/** Counts the frames the live player's <video> presents from now on (requestVideoFrameCallback). */
export const countFrames = (page: Page) =>
  page.evaluate((selector) => {
    const w = window as unknown as { __frames: number };
    w.__frames = 0;
    const video = document.querySelector<HTMLVideoElement>(selector);
    if (!video) throw new Error('no live player video');
    const onFrame = () => {
      w.__frames += 1;
      video.requestVideoFrameCallback(onFrame);
    };
    video.requestVideoFrameCallback(onFrame);
  }, PLAYER_VIDEO);

export const playback = (page: Page) =>
  page.evaluate((selector) => {
    const video = document.querySelector<HTMLVideoElement>(selector);
    return {
      frames: (window as unknown as { __frames?: number }).__frames ?? 0,
      decoded: video?.getVideoPlaybackQuality().totalVideoFrames ?? 0,
      currentTime: video?.currentTime ?? 0,
      width: video?.videoWidth ?? 0,
    };
  }, PLAYER_VIDEO);

/**
 * Keeps what each of the page's peer connections went through: its state changes and, twice a second, its inbound
 * video (packets, frames decoded, key frames, PLIs sent). Says, for a viewer without frames over WebRTC, whether the
 * SFU sent nothing or the page could not keep up.
 */
export function recordPeerConnections() {
  type Entry = { createdAt: number; states: string[]; video: Record<string, number> | null };
  const w = window as unknown as { __connections: Entry[] };
  w.__connections = [];
  const Native = window.RTCPeerConnection;
  if (!Native) return;
  const Recorded = function (this: unknown, config?: RTCConfiguration) {
    const pc = new Native(config);
    const startedAt = Date.now();
    const entry: Entry = { createdAt: startedAt, states: [], video: null };
    w.__connections.push(entry);
    const note = () => entry.states.push(`${Date.now() - startedAt}ms ${pc.connectionState}/${pc.iceConnectionState}`);
    pc.addEventListener('connectionstatechange', note);
    pc.addEventListener('iceconnectionstatechange', note);
    const timer = setInterval(() => {
      if (pc.connectionState === 'closed') {
        clearInterval(timer);
        return;
      }
      void pc.getStats().then((report) => {
        report.forEach((stat: { type: string; kind?: string } & Record<string, unknown>) => {
          if (stat.type !== 'inbound-rtp' || stat.kind !== 'video') return;
          entry.video = {
            atMs: Date.now() - startedAt,
            packetsReceived: Number(stat.packetsReceived ?? 0),
            framesDecoded: Number(stat.framesDecoded ?? 0),
            keyFramesDecoded: Number(stat.keyFramesDecoded ?? 0),
            pliCount: Number(stat.pliCount ?? 0),
            firCount: Number(stat.firCount ?? 0),
            nackCount: Number(stat.nackCount ?? 0),
          };
        });
      });
    }, 500);
    return pc;
  } as unknown as typeof RTCPeerConnection;
  Recorded.prototype = Native.prototype;
  Object.setPrototypeOf(Recorded, Native);
  window.RTCPeerConnection = Recorded;
}

export const isWhepOffer = (request: Request) => request.method() === 'POST' && /\/live\/whep\/\d+$/.test(new URL(request.url()).pathname);

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no ${what} within ${ms / 1000} s`)), ms))),
  ]);
}

