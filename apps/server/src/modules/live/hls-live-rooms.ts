import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { FfmpegBinary } from '../../lib/ffmpeg';
import { HLS_PLAYLIST, sdpHasAudio, tapReaderArgs } from './hls-tap-reader';
import { isPrivateMediaRoom, type MediaServer, type RoomId, type RtpTap } from './media-server';
import { PREVIEW_EVERY_SECONDS } from './preview-stills';
import { lastLine, spawnLiveFfmpeg, type LiveProcess } from './rtmp-rtp-output';

// LL-HLS and preview stills of live rooms (decision record 034). While a room has a publisher, one ffmpeg reads its
// RTP tap and writes a still every few seconds; the first HLS request switches it to HLS + stills, and a minute
// without HLS requests switches it back. The room ending stops it and removes its files.

export const HLS_IDLE_MS = 60_000;
const RESTART_BACKOFF_MS = [1000, 2000, 5000, 10_000, 30_000];

export type PlaylistState = 'ready' | 'starting' | 'not-live';

export interface LiveHlsRooms {
  /** Starts HLS for a live room if needed; waits up to `waitMs` for its playlist. */
  requestPlaylist(room: RoomId, waitMs: number): Promise<PlaylistState>;
  /** A segment request: keeps the room's HLS running; false when the room has no HLS running. */
  touch(room: RoomId): boolean;
  /** The folder of a room's playlist and segments. */
  hlsDir(room: RoomId): string;
  /** The room's current still, or null when it is not live or has none yet. */
  previewFile(room: RoomId): Promise<string | null>;
  /** What runs, for the operator's view and the tests. */
  status(room: RoomId): { mode: 'preview' | 'hls'; pid: number | undefined } | null;
  close(): Promise<void>;
}

export interface LiveHlsRoomsOptions {
  config: Pick<Config, 'dataDir'>;
  media: Pick<MediaServer, 'openRtpTap' | 'stats' | 'on'>;
  ffmpeg: FfmpegBinary;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  idleMs?: number;
  previewEverySeconds?: number;
  now?: () => number;
}

interface Room {
  id: RoomId;
  tap: RtpTap;
  sdpFile: string;
  hasAudio: boolean;
  mode: 'preview' | 'hls';
  proc: LiveProcess | null;
  lastRequest: number;
  failures: number;
  restartTimer?: NodeJS.Timeout;
  /** Serialises mode switches: ffmpeg must have let go of the tap's ports before the next one binds them. */
  switching: Promise<void>;
  closed: boolean;
}

export function createLiveHlsRooms(options: LiveHlsRoomsOptions): LiveHlsRooms {
  const { media, ffmpeg, log } = options;
  const now = options.now ?? Date.now;
  const idleMs = options.idleMs ?? HLS_IDLE_MS;
  const previewEverySeconds = options.previewEverySeconds ?? PREVIEW_EVERY_SECONDS;
  const root = path.join(options.config.dataDir, 'live');
  const hlsDir = (room: RoomId) => path.join(root, 'hls', String(room));
  const previewPath = (room: RoomId) => path.join(root, 'preview', `${room}.jpg`);
  const rooms = new Map<RoomId, Room>();
  /** Rooms being opened: a burst of first requests opens one tap. */
  const opening = new Map<RoomId, Promise<Room | null>>();

  const spawnFor = (room: Room) => {
    const proc = spawnLiveFfmpeg(
      ffmpeg,
      tapReaderArgs({
        sdpFile: room.sdpFile,
        previewFile: previewPath(room.id),
        previewEverySeconds,
        hlsDir: room.mode === 'hls' ? hlsDir(room.id) : undefined,
        hasAudio: room.hasAudio,
      }),
    );
    room.proc = proc;
    const startedAt = now();
    void proc.exited.then(({ code, signal, stderr }) => {
      if (room.proc !== proc || room.closed) return;
      room.proc = null;
      // A reader that ran a while had a cause outside itself (the publisher's stream changed): start afresh.
      room.failures = now() - startedAt > 30_000 ? 0 : room.failures + 1;
      const delay = RESTART_BACKOFF_MS[Math.min(room.failures, RESTART_BACKOFF_MS.length - 1)]!;
      log.warn({ room: room.id, mode: room.mode, code, signal, detail: lastLine(stderr), retryInMs: delay }, 'live tap reader stopped');
      room.restartTimer = setTimeout(() => {
        if (!room.closed && !room.proc) spawnFor(room);
      }, delay);
    });
  };

  const switchMode = (room: Room, mode: 'preview' | 'hls') => {
    room.switching = room.switching.then(async () => {
      if (room.closed || (room.mode === mode && room.proc)) return;
      clearTimeout(room.restartTimer);
      const old = room.proc;
      room.proc = null;
      await old?.stop();
      room.mode = mode;
      if (mode === 'hls') {
        await fs.rm(hlsDir(room.id), { recursive: true, force: true });
        await fs.mkdir(hlsDir(room.id), { recursive: true });
      } else {
        await fs.rm(hlsDir(room.id), { recursive: true, force: true });
      }
      if (!room.closed) spawnFor(room);
    });
    return room.switching;
  };

  const openRoom = (id: RoomId): Promise<Room | null> => {
    // A playdate's room is private: no still, no LL-HLS, nothing of it on disk.
    if (isPrivateMediaRoom(id)) return Promise.resolve(null);
    const existing = rooms.get(id);
    if (existing) return Promise.resolve(existing);
    let pending = opening.get(id);
    if (!pending) {
      pending = (async () => {
        const tap = await media.openRtpTap(id);
        if (!tap) return null;
        const sdpFile = path.join(root, 'taps', `${id}.sdp`);
        await fs.mkdir(path.dirname(sdpFile), { recursive: true });
        await fs.mkdir(path.dirname(previewPath(id)), { recursive: true });
        await fs.writeFile(sdpFile, tap.sdp);
        const room: Room = {
          id, tap, sdpFile, hasAudio: sdpHasAudio(tap.sdp), mode: 'preview', proc: null, lastRequest: 0, failures: 0,
          switching: Promise.resolve(), closed: false,
        };
        rooms.set(id, room);
        spawnFor(room);
        log.info({ room: id }, 'live tap reader started');
        return room;
      })().finally(() => opening.delete(id));
      opening.set(id, pending);
    }
    return pending;
  };

  /** Rooms being closed: close() waits for them, so nothing writes into DATA_DIR after it returns. */
  const closing = new Set<Promise<void>>();
  const closeRoom = (id: RoomId): Promise<void> => {
    const done = closeRoomNow(id);
    closing.add(done);
    void done.finally(() => closing.delete(done)).catch(() => undefined);
    return done;
  };
  const closeRoomNow = async (id: RoomId) => {
    await opening.get(id)?.catch(() => null);
    const room = rooms.get(id);
    if (!room) return;
    rooms.delete(id);
    room.closed = true;
    clearTimeout(room.restartTimer);
    await room.switching;
    await room.proc?.stop();
    await room.tap.close().catch((error: unknown) => log.warn({ err: error, room: id }, 'closing the RTP tap failed'));
    await Promise.all([
      fs.rm(hlsDir(id), { recursive: true, force: true }),
      fs.rm(previewPath(id), { force: true }),
      fs.rm(room.sdpFile, { force: true }),
    ]);
  };

  const unsubscribe = media.on((event) => {
    if (event.type === 'publisher-up') {
      // A new publisher may bring another codec (RTMP H.264 after a browser's VP8): a fresh tap and SDP.
      void closeRoom(event.room)
        .then(() => openRoom(event.room))
        .catch((error: unknown) => log.error({ err: error, room: event.room }, 'opening the live tap failed'));
    } else if (event.type === 'publisher-down') {
      void closeRoom(event.room).catch((error: unknown) => log.error({ err: error, room: event.room }, 'closing the live tap failed'));
    }
  });

  const idleTimer = setInterval(() => {
    for (const room of rooms.values()) {
      if (room.mode === 'hls' && now() - room.lastRequest > idleMs) {
        log.info({ room: room.id }, 'LL-HLS idle: back to stills only');
        void switchMode(room, 'preview');
      }
    }
  }, Math.min(5000, idleMs / 2));
  idleTimer.unref();

  const fileExists = (file: string) => fs.access(file).then(() => true, () => false);

  return {
    hlsDir,
    async requestPlaylist(id, waitMs) {
      let room = rooms.get(id) ?? null;
      if (!room) {
        if (!media.stats(id).publishing) return 'not-live';
        room = await openRoom(id);
        if (!room) return 'not-live';
      }
      room.lastRequest = now();
      // A switch under way (to stills, the room having been idle) finishes first; then HLS is asked for again.
      await room.switching;
      if (room.mode !== 'hls') await switchMode(room, 'hls');
      const playlist = path.join(hlsDir(id), HLS_PLAYLIST);
      const deadline = Date.now() + waitMs;
      for (;;) {
        if (room.closed) return 'not-live';
        if (await fileExists(playlist)) return 'ready';
        if (Date.now() >= deadline) return 'starting';
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    touch(id) {
      const room = rooms.get(id);
      if (!room || room.mode !== 'hls') return false;
      room.lastRequest = now();
      return true;
    },
    async previewFile(id) {
      if (!rooms.has(id)) {
        // A room that went live before this reader was listening (a restart): start its stills now.
        if (media.stats(id).publishing) void openRoom(id).catch((error: unknown) => log.error({ err: error, room: id }, 'opening the live tap failed'));
        return null;
      }
      const file = previewPath(id);
      return (await fileExists(file)) ? file : null;
    },
    status(id) {
      const room = rooms.get(id);
      return room ? { mode: room.mode, pid: room.proc?.child.pid } : null;
    },
    async close() {
      unsubscribe();
      clearInterval(idleTimer);
      await Promise.all([...rooms.keys()].map(closeRoom));
      await Promise.allSettled([...closing]);
    },
  };
}
