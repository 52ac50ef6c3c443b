import { CAMERA_GRACE_SECONDS_DEFAULT } from '@velora/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '@/lib/http';
import type { WhipFailure, WhipSession } from '@/lib/webrtc/whip-client';
import { WhipError, publishWhip } from '@/lib/webrtc/whip-client';
import { getStudioCamera } from '../api/get-studio-camera';
import { publishStudioCamera } from '../api/publish-studio-camera';
import { stopStudioCamera } from '../api/stop-studio-camera';
import type { ConnectionHealth, HealthVerdict, StatsSample } from './connection-health';
import { RAMP_UP_SECONDS, readHealth, verdictOf } from './connection-health';

// Going live from the browser (decision record 035): a fresh publisher token, a WHIP offer, then watching the
// connection. A dropped connection is published again with a fresh token, backing off, until she stops (decision
// record 060): within the server's grace period her show goes on; after it, her show has ended for her viewers and
// the next connection starts a new one. Only a refusal another try will not change ends it here.

export type LivePhase = 'idle' | 'connecting' | 'live' | 'reconnecting' | 'stopping' | 'ended';
/** Why going live failed or ended: a WHIP failure, or one of the studio's own. */
export type LiveProblem = WhipFailure | 'forbidden' | 'rate-limited' | 'stop-failed' | 'failed';

export interface LiveSessionOptions {
  /** Seconds the server keeps the room after a drop, until it says (its `grace_until`). */
  graceSeconds?: number;
  /** How long a `disconnected` connection may recover on its own before it is published again (ms). */
  disconnectedWaitMs?: number;
  statsIntervalMs?: number;
  /** Seams for tests (jsdom has no WebRTC). */
  createPeerConnection?: (config: RTCConfiguration) => RTCPeerConnection;
  fetch?: typeof fetch;
}

export interface LiveSession {
  phase: LivePhase;
  problem: LiveProblem | null;
  /** When this show went on air (ms), for the time on air. */
  liveSince: number | null;
  /** While reconnecting: until when the server keeps her room (ms). */
  reconnectUntil: number | null;
  /** Reconnecting past the grace period: her show has ended for her viewers; the next connection starts a new one. */
  graceOver: boolean;
  health: ConnectionHealth | null;
  verdict: HealthVerdict | null;
  goLive: (stream: MediaStream, maxVideoBitrate: number) => Promise<void>;
  stop: () => Promise<void>;
  /** The current WHIP session, for device and quality changes while live. */
  session: () => WhipSession | null;
}

const STATS_INTERVAL_MS = 2000;
/** Where the bandwidth estimate starts, as a share of the quality's ceiling (decision record 035). */
const START_BITRATE_SHARE = 0.6;
const DISCONNECTED_WAIT_MS = 3000;
const RETRY_DELAYS_MS = [1000, 2000, 4000, 5000, 5000, 10_000];
/** Refusals that another try will not change: the show ends here and she is told why. */
const FINAL_PROBLEMS: ReadonlySet<LiveProblem> = new Set(['forbidden', 'unsupported', 'conflict']);
/** The server's grace_until is believed within these bounds of this clock (a skewed clock must not end it at once). */
const GRACE_BOUNDS_MS = { min: 5000, max: 3600 * 1000 };

/** The end of the grace period as the server has it (its LIVE_GRACE_SECONDS), or null when it does not say yet. */
async function serverGraceDeadline(): Promise<number | null> {
  try {
    const { session } = await getStudioCamera();
    if (session.state !== 'grace' || session.grace_until === null) return null;
    const now = Date.now();
    return Math.min(now + GRACE_BOUNDS_MS.max, Math.max(now + GRACE_BOUNDS_MS.min, session.grace_until * 1000));
  } catch {
    return null;
  }
}

function problemOf(error: unknown): LiveProblem {
  if (error instanceof WhipError) return error.failure;
  if (isApiError(error, 403)) return 'forbidden';
  if (isApiError(error, 429)) return 'rate-limited';
  return 'failed';
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function useLiveSession(options: LiveSessionOptions = {}): LiveSession {
  const [phase, setPhase] = useState<LivePhase>('idle');
  const [problem, setProblem] = useState<LiveProblem | null>(null);
  const [liveSince, setLiveSince] = useState<number | null>(null);
  const [reconnectUntil, setReconnectUntil] = useState<number | null>(null);
  const [graceOver, setGraceOver] = useState(false);
  const [health, setHealth] = useState<ConnectionHealth | null>(null);
  const [verdict, setVerdict] = useState<HealthVerdict | null>(null);
  const sessionRef = useRef<WhipSession | null>(null);
  const phaseRef = useRef<LivePhase>('idle');
  const streamRef = useRef<MediaStream | null>(null);
  const bitrateRef = useRef(0);
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const reconnectingRef = useRef(false);
  /** When the current connection was made (ms): its first seconds are the bandwidth estimate's ramp-up. */
  const connectedAtRef = useRef<number | null>(null);
  const mountedRef = useRef(true);
  // watch() and reconnect() call each other; the ref breaks the cycle of their definitions.
  const reconnectRef = useRef<() => Promise<void>>(() => Promise.resolve());

  const moveTo = useCallback((next: LivePhase) => {
    phaseRef.current = next;
    setPhase(next);
  }, []);

  const publishOnce = useCallback(async (): Promise<WhipSession> => {
    const stream = streamRef.current;
    if (!stream) throw new Error('No camera');
    const ticket = await publishStudioCamera();
    const { createPeerConnection, fetch } = optionsRef.current;
    return publishWhip({
      url: ticket.whip_url,
      token: ticket.token,
      stream,
      iceServers: ticket.ice_servers,
      maxVideoBitrate: bitrateRef.current,
      // Chromium's estimate starts here instead of ~300 kbit/s; too high for her uplink, it falls within seconds.
      startVideoBitrate: Math.round(bitrateRef.current * START_BITRATE_SHARE),
      ...(createPeerConnection ? { createPeerConnection } : {}),
      ...(fetch ? { fetch } : {}),
    });
  }, []);

  const watch = useCallback(
    (session: WhipSession) => {
      const pc = session.peerConnection;
      let disconnectedTimer: ReturnType<typeof setTimeout> | undefined;
      const onState = () => {
        if (sessionRef.current !== session) return;
        clearTimeout(disconnectedTimer);
        if (pc.connectionState === 'connected') {
          connectedAtRef.current = Date.now();
          setReconnectUntil(null);
          setGraceOver(false);
          setProblem(null);
          setLiveSince((since) => since ?? Date.now());
          moveTo('live');
        } else if (pc.connectionState === 'failed') {
          void reconnectRef.current();
        } else if (pc.connectionState === 'disconnected') {
          // Often a moment's loss on Wi-Fi that ICE recovers from by itself; publish again only if it does not.
          setReconnectUntil(Date.now() + (optionsRef.current.graceSeconds ?? CAMERA_GRACE_SECONDS_DEFAULT) * 1000);
          disconnectedTimer = setTimeout(() => {
            if (sessionRef.current === session && pc.connectionState === 'disconnected') void reconnectRef.current();
          }, optionsRef.current.disconnectedWaitMs ?? DISCONNECTED_WAIT_MS);
          moveTo('reconnecting');
        }
      };
      pc.addEventListener('connectionstatechange', onState);
    },
    [moveTo],
  );

  const reconnect = useCallback(async () => {
    if (reconnectingRef.current || phaseRef.current === 'stopping' || phaseRef.current === 'ended') return;
    reconnectingRef.current = true;
    moveTo('reconnecting');
    // The dropped connection is closed without DELETE: a DELETE would end the room the grace period keeps for her.
    sessionRef.current?.peerConnection.close();
    sessionRef.current = null;
    // When her room's grace period ends, she is told her show ended for her viewers; reconnecting goes on.
    let graceTimer: ReturnType<typeof setTimeout> | undefined;
    let over = false;
    const graceUntil = (deadline: number) => {
      clearTimeout(graceTimer);
      setReconnectUntil(deadline);
      graceTimer = setTimeout(() => {
        if (!reconnectingRef.current) return;
        over = true;
        setGraceOver(true);
      }, Math.max(0, deadline - Date.now()));
    };
    graceUntil(Date.now() + (optionsRef.current.graceSeconds ?? CAMERA_GRACE_SECONDS_DEFAULT) * 1000);
    // The server's own grace period wins once it has noticed the drop (asked beside the first attempt).
    void serverGraceDeadline().then((serverDeadline) => {
      if (serverDeadline !== null && reconnectingRef.current && !over) graceUntil(serverDeadline);
    });
    let attempt = 0;
    try {
      while (phaseRef.current === 'reconnecting' && mountedRef.current) {
        try {
          const session = await publishOnce();
          if (phaseRef.current !== 'reconnecting' || !mountedRef.current) {
            await session.stop();
            return;
          }
          // Back after the grace period: a new show, whose time on air starts now.
          if (over) setLiveSince(null);
          sessionRef.current = session;
          watch(session);
          return;
        } catch (error) {
          const reason = problemOf(error);
          if (FINAL_PROBLEMS.has(reason)) {
            setProblem(reason);
            moveTo('ended');
            return;
          }
          // The media server restarting answers 503 for a moment; her network may be gone for longer.
          await wait(RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length - 1)]!);
          attempt += 1;
        }
      }
    } finally {
      clearTimeout(graceTimer);
      reconnectingRef.current = false;
    }
  }, [moveTo, publishOnce, watch]);
  reconnectRef.current = reconnect;

  const goLive = useCallback(
    async (stream: MediaStream, maxVideoBitrate: number) => {
      streamRef.current = stream;
      bitrateRef.current = maxVideoBitrate;
      setProblem(null);
      setHealth(null);
      setVerdict(null);
      setLiveSince(null);
      setGraceOver(false);
      moveTo('connecting');
      try {
        const session = await publishOnce();
        sessionRef.current = session;
        watch(session);
        if (session.peerConnection.connectionState === 'connected') {
          connectedAtRef.current = Date.now();
          setLiveSince(Date.now());
          moveTo('live');
        }
      } catch (error) {
        setProblem(problemOf(error));
        moveTo('idle');
      }
    },
    [moveTo, publishOnce, watch],
  );

  const stop = useCallback(async () => {
    const previous = phaseRef.current;
    moveTo('stopping');
    setGraceOver(false);
    const session = sessionRef.current;
    sessionRef.current = null;
    try {
      await session?.stop();
      await stopStudioCamera();
      setProblem(null);
      moveTo('ended');
    } catch {
      // The media is gone already (the DELETE is best effort); the server's stop is what did not answer.
      setProblem('stop-failed');
      moveTo(previous === 'idle' ? 'idle' : 'ended');
    }
  }, [moveTo]);

  // The connection's health while there is a connection: a first reading at once, then every few seconds.
  useEffect(() => {
    if (phase !== 'live' && phase !== 'reconnecting') return undefined;
    let previousSample: StatsSample | null = null;
    let cancelled = false;
    const sampleOnce = async () => {
      const pc = sessionRef.current?.peerConnection;
      if (!pc) return;
      try {
        const report = await pc.getStats();
        if (cancelled) return;
        const { health: next, sample } = readHealth(report, previousSample);
        previousSample = sample;
        setHealth(next);
        const connectedAt = connectedAtRef.current;
        const warmingUp = connectedAt !== null && Date.now() - connectedAt < RAMP_UP_SECONDS * 1000;
        setVerdict(verdictOf(next, bitrateRef.current, { warmingUp }));
      } catch {
        // A closed connection has no stats; the next reading (or the next connection) will.
      }
    };
    void sampleOnce();
    const timer = setInterval(() => void sampleOnce(), optionsRef.current.statsIntervalMs ?? STATS_INTERVAL_MS);
    return () => {
      cancelled = true;
      clearInterval(timer);
    };
  }, [phase]);

  // Leaving the studio while on air ends the show (her tab is the encoder), and stops any reconnecting.
  useEffect(() => {
    mountedRef.current = true;
    return () => {
      mountedRef.current = false;
      const session = sessionRef.current;
      sessionRef.current = null;
      if (session) void session.stop().then(() => stopStudioCamera()).catch(() => undefined);
    };
  }, []);

  return { phase, problem, liveSince, reconnectUntil, graceOver, health, verdict, goLive, stop, session: () => sessionRef.current };
}
