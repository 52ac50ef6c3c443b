import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { LiveSource } from '@velora/shared';
import type { Config } from '../../config';
import { forkChild } from '../../lib/child-processes';
import {
  MediaServerError,
  type MediaServer,
  type MediaServerEvent,
  type MediaServerHealth,
  type RoomId,
  type RoomStats,
  type RtpIngest,
  type RtpTap,
  type SdpAnswer,
} from './media-server';
import type { SfuMessage, SfuRequest, SfuResult, SfuOptions } from './sfu-protocol';

// The server's side of the embedded SFU (decision records 033 and 060): requests go to the SFU process
// (sfu-process.ts) and come back as promises; events and per-room stats come from it on their own. Only SDP and
// control messages cross. An SFU that stops on its own (a crash, a kill, a hang) is started again at once: its rooms
// hear publisher-down and viewers 0, the RTP ingests learn they were lost and open new ones, and browsers reconnect.

/**
 * In the server's bundle (`npm start`, scripts/build-server.mjs) the SFU's own bundle, relative to this source file;
 * elsewhere (tsx in development, the test runner) not defined, and the SFU starts from its TypeScript through tsx.
 */
declare const __VELORA_SFU_BUNDLE__: string | undefined;
const SFU_ENTRY = new URL(typeof __VELORA_SFU_BUNDLE__ === 'string' ? __VELORA_SFU_BUNDLE__ : './sfu-process-entry.mjs', import.meta.url);

/** Waits before each start after an unexpected stop, by how many stops came in a row: a crash loop backs off. */
export const RESTART_DELAYS_MS = [0, 1000, 2000, 5000, 10_000];
/** An SFU that ran this long had no crash loop: the next stop restarts it at once again. */
const STABLE_RUN_MS = 60_000;
/** The SFU sends stats every second: this long without a word from it, it is hung and killed. */
const HANG_MS = 5000;
/** How long a starting SFU may take to say it is ready (tsx compiles it first in development). */
const START_TIMEOUT_MS = 30_000;
const WATCHDOG_INTERVAL_MS = 1000;
const CLOSE_TIMEOUT_MS = 3000;

export interface EmbeddedMediaServerOptions {
  /** A publisher without media for this long is gone. */
  silenceMs?: number;
  viewersThrottleMs?: number;
  /** An SFU silent this long (no stats) is hung: killed and started again. */
  hangMs?: number;
}

export type EmbeddedMediaServer = MediaServer & {
  /** The running SFU process (started at once when asked for: the bench reads its CPU time); none while restarting. */
  readonly pid: number | undefined;
};

/** One run of the SFU process. */
interface Run {
  child: ChildProcess;
  startedAt: number;
  /** When it last said anything (stats come every second). */
  heardAt: number;
  ready: boolean;
  exited: boolean;
  hung: boolean;
  /** The lost promises of the RTP ingests opened in this run. */
  ingestsLost: Set<() => void>;
  exit: Promise<void>;
}

const unavailable = () => new MediaServerError('unavailable', 'The media server is not running');

export function createEmbeddedMediaServer(
  live: Pick<Config['live'], 'iceServers' | 'rtcPorts' | 'announcedIp'>,
  log: Pick<FastifyBaseLogger, 'error' | 'warn'> & Partial<Pick<FastifyBaseLogger, 'info'>>,
  options: EmbeddedMediaServerOptions = {},
): EmbeddedMediaServer {
  const sfuOptions: SfuOptions = {
    iceServers: live.iceServers,
    rtcPorts: live.rtcPorts,
    announcedIp: live.announcedIp,
    silenceMs: options.silenceMs ?? 5000,
    viewersThrottleMs: options.viewersThrottleMs ?? 1000,
  };
  const hangMs = options.hangMs ?? HANG_MS;
  const pending = new Map<number, { resolve: (result: SfuResult) => void; reject: (error: Error) => void }>();
  const listeners = new Set<(event: MediaServerEvent) => void>();
  const stats = new Map<RoomId, RoomStats>();
  /** Rooms whose publisher is up and rooms with viewers, from the events: what a stopped SFU takes down with it. */
  const publishing = new Set<RoomId>();
  const watched = new Set<RoomId>();
  /** Requests of the server's own parts waiting for a restarting SFU. */
  const waitingForRun = new Set<() => void>();
  let nextId = 1;
  let run: Run | undefined;
  let closed = false;
  let recovering = false;
  let restarts = 0;
  let stopsInARow = 0;
  let restartTimer: NodeJS.Timeout | undefined;
  let watchdog: NodeJS.Timeout | undefined;

  const emit = (event: MediaServerEvent) => {
    for (const listener of listeners) listener(event);
  };

  function start(): Run {
    const child = forkChild(fileURLToPath(SFU_ENTRY), [], {
      env: { ...process.env, VELORA_SFU_OPTIONS: JSON.stringify(sfuOptions) },
      execArgv: [],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const started: Run = {
      child,
      startedAt: Date.now(),
      heardAt: Date.now(),
      ready: false,
      exited: false,
      hung: false,
      ingestsLost: new Set(),
      exit: new Promise((resolve) => child.once('exit', () => resolve())),
    };
    run = started;
    child.on('message', (message: SfuMessage) => onMessage(started, message));
    child.on('error', (error) => log.error({ err: error }, 'the SFU process failed'));
    child.once('exit', (code, signal) => onExit(started, code, signal));
    watchdog ??= startWatchdog();
    // Requests sent now wait in the IPC channel until the new process reads them.
    for (const wake of waitingForRun) wake();
    waitingForRun.clear();
    return started;
  }

  function onMessage(from: Run, message: SfuMessage) {
    if (from !== run) return;
    from.heardAt = Date.now();
    switch (message.type) {
      case 'ready':
        from.ready = true;
        if (recovering) log.info?.({ restarts }, 'the SFU process runs again');
        recovering = false;
        return;
      case 'fatal':
        log.error({ err: { message: message.message, stack: message.stack } }, 'the SFU process failed on an error nothing handled; it exits and is started again');
        return;
      case 'event': {
        const { event } = message;
        if (event.type === 'publisher-up') publishing.add(event.room);
        else if (event.type === 'publisher-down') publishing.delete(event.room);
        else if (event.viewers > 0) watched.add(event.room);
        else watched.delete(event.room);
        // Events and stats come in one ordered stream: a room's stats say what its latest event said until the next
        // stats (up to a second later). Otherwise a reader between the two, as the liveness reconciliation is on two
        // looks a short heartbeat apart (decision record 062), takes a room just gone live for one without publisher.
        if (event.type !== 'viewers') {
          const known = stats.get(event.room) ?? { room: event.room, publishing: false, source: null, viewers: 0, inboundBitrate: 0, inboundPacketsLost: 0 };
          stats.set(event.room, { ...known, publishing: event.type === 'publisher-up', ...(event.type === 'publisher-up' ? { source: event.source } : {}) });
        }
        emit(event);
        return;
      }
      case 'stats':
        stats.clear();
        for (const room of message.rooms) stats.set(room.room, room);
        return;
      case 'reply': {
        const waiting = pending.get(message.id);
        pending.delete(message.id);
        if (!waiting) return;
        if (message.ok) waiting.resolve(message.result);
        else if (message.code === 'internal') waiting.reject(new Error(`SFU: ${message.message}`));
        else waiting.reject(new MediaServerError(message.code, message.message));
      }
    }
  }

  function onExit(stopped: Run, code: number | null, signal: NodeJS.Signals | null) {
    stopped.exited = true;
    if (stopped !== run) return;
    run = undefined;
    for (const waiting of pending.values()) waiting.reject(unavailable());
    pending.clear();
    for (const lose of stopped.ingestsLost) lose();
    stats.clear();
    if (closed) return;
    // Its rooms lost their publishers and viewers with it: the cameras' grace period starts (decision record 032), and
    // the room resumes when its publisher is back, or ends offline after the grace.
    const rooms = [...publishing];
    const viewed = [...watched];
    publishing.clear();
    watched.clear();
    for (const room of rooms) emit({ type: 'publisher-down', room });
    for (const room of viewed) emit({ type: 'viewers', room, viewers: 0 });
    restarts += 1;
    recovering = true;
    if (Date.now() - stopped.startedAt >= STABLE_RUN_MS) stopsInARow = 0;
    const delay = RESTART_DELAYS_MS[Math.min(stopsInARow, RESTART_DELAYS_MS.length - 1)]!;
    stopsInARow += 1;
    log.error(
      { code, signal, hung: stopped.hung, restarts, restartInMs: delay, rooms },
      'the SFU process stopped; its rooms lost their publishers and viewers, and it is started again',
    );
    restartTimer = setTimeout(() => {
      restartTimer = undefined;
      if (!closed) start();
    }, delay);
  }

  /** Kills an SFU that stopped answering (no stats within hangMs); its exit restarts it as any other stop does. */
  function startWatchdog(): NodeJS.Timeout {
    let last = Date.now();
    const timer = setInterval(() => {
      const now = Date.now();
      const late = now - last - WATCHDOG_INTERVAL_MS;
      last = now;
      const current = run;
      if (!current || current.exited || current.hung) return;
      // This process itself was held up: the SFU's messages may be waiting unread, so it gets the benefit of the doubt.
      if (late > WATCHDOG_INTERVAL_MS) {
        current.heardAt = now;
        return;
      }
      const limit = current.ready ? hangMs : START_TIMEOUT_MS;
      if (now - current.heardAt <= limit) return;
      current.hung = true;
      log.error({ pid: current.child.pid, silentMs: now - current.heardAt }, 'the SFU process stopped answering: killing it');
      current.child.kill('SIGKILL');
    }, WATCHDOG_INTERVAL_MS);
    timer.unref();
    return timer;
  }

  /** The run to send to: the current one, or a first one (the SFU starts with the first request). */
  function target(): Run | undefined {
    if (closed) return undefined;
    if (run) return run;
    return restartTimer ? undefined : start();
  }

  /**
   * Sends a request. While the SFU is restarting, a client's request fails at once (503 at /live: the player and the
   * studio try again); one of the server's own parts (`waitForRun`) waits for the new process.
   */
  async function call(request: SfuRequest, { waitForRun = false } = {}): Promise<{ result: SfuResult; ran: Run }> {
    let ran = target();
    while (!ran) {
      if (closed || !waitForRun) throw unavailable();
      await new Promise<void>((resolve) => waitingForRun.add(resolve));
      ran = target();
    }
    const sendTo = ran;
    const id = nextId++;
    const result = await new Promise<SfuResult>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      try {
        sendTo.child.send({ id, request }, (error) => {
          if (!error || !pending.has(id)) return;
          pending.delete(id);
          reject(unavailable());
        });
      } catch {
        pending.delete(id);
        reject(unavailable());
      }
    });
    return { result, ran: sendTo };
  }
  const ask = async (request: SfuRequest) => (await call(request)).result;
  /** Closing what a run opened: nothing to do once that run has gone (it took the ingest or tap with it). */
  const closeIn = async (ran: Run, request: SfuRequest) => {
    if (ran !== run || ran.exited) return;
    await call(request).catch((error: unknown) => {
      if (!(error instanceof MediaServerError && error.code === 'unavailable')) throw error;
    });
  };

  return {
    get pid() {
      return target()?.child.pid;
    },
    async publish(room: RoomId, offerSdp: string, source: LiveSource) {
      return (await ask({ op: 'publish', room, sdp: offerSdp, source })) as SdpAnswer;
    },
    async view(room: RoomId, offerSdp: string, viewerKey: string) {
      return (await ask({ op: 'view', room, sdp: offerSdp, viewerKey })) as SdpAnswer;
    },
    async patch(resourceId: string, sdpFragment: string) {
      return (await ask({ op: 'patch', resourceId, fragment: sdpFragment })) as boolean;
    },
    async closeSession(resourceId: string) {
      await ask({ op: 'closeSession', resourceId });
    },
    async openRtpIngest(room: RoomId, source: LiveSource, videoCodec: 'VP8' | 'H264'): Promise<RtpIngest> {
      const { result, ran } = await call({ op: 'openRtpIngest', room, source, videoCodec }, { waitForRun: true });
      const { ingestId, ...ingest } = result as Omit<RtpIngest, 'close' | 'lost'> & { ingestId: string };
      let lose!: () => void;
      const lost = new Promise<void>((resolve) => (lose = resolve));
      if (ran.exited) lose();
      else ran.ingestsLost.add(lose);
      return {
        ...ingest,
        lost,
        close: async () => {
          ran.ingestsLost.delete(lose);
          await closeIn(ran, { op: 'closeRtpIngest', ingestId });
        },
      };
    },
    async openRtpTap(room: RoomId): Promise<RtpTap | null> {
      const { result, ran } = await call({ op: 'openRtpTap', room }, { waitForRun: true });
      const tap = result as { sdp: string; tapId: string } | null;
      if (!tap) return null;
      return { sdp: tap.sdp, close: () => closeIn(ran, { op: 'closeRtpTap', tapId: tap.tapId }) };
    },
    async endRoom(room: RoomId) {
      await ask({ op: 'endRoom', room });
      // The room ends without publisher-down (the caller ended it): a later stop of the SFU must not announce it.
      publishing.delete(room);
      stats.delete(room);
    },
    stats(room: RoomId): RoomStats {
      return stats.get(room) ?? { room, publishing: false, source: null, viewers: 0, inboundBitrate: 0, inboundPacketsLost: 0 };
    },
    health(): MediaServerHealth {
      const state = closed ? 'down' : run?.ready ? 'up' : recovering ? 'restarting' : 'idle';
      return { state, restarts };
    },
    on(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      if (closed) return;
      const current = run;
      if (current && !current.exited) {
        // The SFU ends its rooms (no publisher-down: the server is going, not the rooms' publishers), then exits.
        await Promise.race([ask({ op: 'close' }).catch(() => undefined), new Promise((resolve) => setTimeout(resolve, CLOSE_TIMEOUT_MS))]);
      }
      closed = true;
      clearTimeout(restartTimer);
      clearInterval(watchdog);
      for (const wake of waitingForRun) wake();
      waitingForRun.clear();
      if (current && !current.exited) {
        current.child.kill('SIGTERM');
        const killer = setTimeout(() => current.child.kill('SIGKILL'), CLOSE_TIMEOUT_MS);
        await current.exit;
        clearTimeout(killer);
      }
    },
  };
}
