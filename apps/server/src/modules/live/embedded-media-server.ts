import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { LiveSource } from '@velora/shared';
import type { Config } from '../../config';
import {
  MediaServerError,
  type MediaServer,
  type MediaServerEvent,
  type RoomId,
  type RoomStats,
  type RtpIngest,
  type RtpTap,
  type SdpAnswer,
} from './media-server';
import type { SfuMessage, SfuRequest, SfuResult, SfuOptions } from './sfu-protocol';

// The server's side of the embedded SFU (decision record 033): requests go to the SFU process (sfu-process.ts) and
// come back as promises; events and per-room stats come from it on their own. Only SDP and control messages cross.

/**
 * In the server's bundle (`npm start`, scripts/build-server.mjs) the SFU's own bundle, relative to this source file;
 * elsewhere (tsx in development, the test runner) not defined, and the SFU starts from its TypeScript through tsx.
 */
declare const __VELORA_SFU_BUNDLE__: string | undefined;
const SFU_ENTRY = new URL(typeof __VELORA_SFU_BUNDLE__ === 'string' ? __VELORA_SFU_BUNDLE__ : './sfu-process-entry.mjs', import.meta.url);

export interface EmbeddedMediaServerOptions {
  /** A publisher without media for this long is gone. */
  silenceMs?: number;
  viewersThrottleMs?: number;
}

export function createEmbeddedMediaServer(
  live: Pick<Config['live'], 'iceServers' | 'rtcPorts' | 'announcedIp'>,
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>,
  options: EmbeddedMediaServerOptions = {},
): MediaServer & { readonly pid: number | undefined } {
  const sfuOptions: SfuOptions = {
    iceServers: live.iceServers,
    rtcPorts: live.rtcPorts,
    announcedIp: live.announcedIp,
    silenceMs: options.silenceMs ?? 5000,
    viewersThrottleMs: options.viewersThrottleMs ?? 1000,
  };
  const pending = new Map<number, { resolve: (result: SfuResult) => void; reject: (error: Error) => void }>();
  const listeners = new Set<(event: MediaServerEvent) => void>();
  const stats = new Map<RoomId, RoomStats>();
  let nextId = 1;
  let closed = false;
  let exited = false;
  let sfu: ChildProcess | undefined;
  let exit: Promise<void> = Promise.resolve();

  /** The SFU process starts with the first request: a server (or a test) that never goes live never starts one. */
  function started(): ChildProcess {
    if (sfu) return sfu;
    const child = fork(fileURLToPath(SFU_ENTRY), [], {
      env: { ...process.env, VELORA_SFU_OPTIONS: JSON.stringify(sfuOptions) },
      execArgv: [],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    sfu = child;
    child.on('message', (message: SfuMessage) => {
      if (message.type === 'event') {
        for (const listener of listeners) listener(message.event);
      } else if (message.type === 'stats') {
        stats.clear();
        for (const room of message.rooms) stats.set(room.room, room);
      } else {
        const waiting = pending.get(message.id);
        pending.delete(message.id);
        if (!waiting) return;
        if (message.ok) waiting.resolve(message.result);
        else if (message.code === 'internal') waiting.reject(new Error(`SFU: ${message.message}`));
        else waiting.reject(new MediaServerError(message.code, message.message));
      }
    });
    child.on('error', (error) => log.error({ err: error }, 'the SFU process failed'));
    exit = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.on('exit', (code, signal) => {
      exited = true;
      if (!closed) log.error({ code, signal }, 'the SFU process stopped; live video is unavailable until the server restarts');
      for (const waiting of pending.values()) waiting.reject(new MediaServerError('unavailable', 'The media server is not running'));
      pending.clear();
    });
    return child;
  }

  function call(request: SfuRequest): Promise<SfuResult> {
    if (exited || closed) return Promise.reject(new MediaServerError('unavailable', 'The media server is not running'));
    const child = started();
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      child.send({ id, request });
    });
  }

  return {
    /** The SFU process (started at once when asked for: the bench reads its CPU time). */
    get pid() {
      return started().pid;
    },
    async publish(room: RoomId, offerSdp: string, source: LiveSource) {
      return (await call({ op: 'publish', room, sdp: offerSdp, source })) as SdpAnswer;
    },
    async view(room: RoomId, offerSdp: string, viewerKey: string) {
      return (await call({ op: 'view', room, sdp: offerSdp, viewerKey })) as SdpAnswer;
    },
    async patch(resourceId: string, sdpFragment: string) {
      return (await call({ op: 'patch', resourceId, fragment: sdpFragment })) as boolean;
    },
    async closeSession(resourceId: string) {
      await call({ op: 'closeSession', resourceId });
    },
    async openRtpIngest(room: RoomId, source: LiveSource, videoCodec: 'VP8' | 'H264'): Promise<RtpIngest> {
      const { ingestId, ...ingest } = (await call({ op: 'openRtpIngest', room, source, videoCodec })) as Omit<RtpIngest, 'close'> & { ingestId: string };
      return { ...ingest, close: async () => void (await call({ op: 'closeRtpIngest', ingestId })) };
    },
    async openRtpTap(room: RoomId): Promise<RtpTap | null> {
      const tap = (await call({ op: 'openRtpTap', room })) as { sdp: string; tapId: string } | null;
      if (!tap) return null;
      return { sdp: tap.sdp, close: async () => void (await call({ op: 'closeRtpTap', tapId: tap.tapId })) };
    },
    async endRoom(room: RoomId) {
      await call({ op: 'endRoom', room });
      stats.delete(room);
    },
    stats(room: RoomId): RoomStats {
      return stats.get(room) ?? { room, publishing: false, source: null, viewers: 0, inboundBitrate: 0, inboundPacketsLost: 0 };
    },
    on(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      if (closed) return;
      if (sfu && !exited) {
        await call({ op: 'close' }).catch(() => undefined);
        closed = true;
        sfu.kill('SIGTERM');
        await exit;
      }
      closed = true;
    },
  };
}
