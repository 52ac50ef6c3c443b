import type HlsType from 'hls.js';
import type { WatchTicket } from '@velora/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadHls } from '@/entities/video-player/use-hls-source';
import { isApiError } from '@/lib/http';
import { reportError } from '@/lib/report-error';
import type { WhepSession } from '@/lib/webrtc/whep-client';
import { isWebRtcSupported, isWhepError, startWhep } from '@/lib/webrtc/whep-client';
import { watchCamera } from '../api/watch-camera';
import { withNewestHlsToken } from '../live-hls-token';
import { watchStarted, watchStopped } from '../watch-time';

/** WebRTC that brings no frame this long is given up for LL-HLS. */
export const NO_FRAMES_TIMEOUT_MS = 5_000;
/**
 * LL-HLS that has shown no frame after this long starts again (a playlist that stalls without a fatal error would
 * otherwise leave the viewer on "Connecting…"); the camera's 1 s segments normally play within 2–5 s.
 */
export const HLS_NO_FRAMES_TIMEOUT_MS = 12_000;
/** A dropped stream is tried again after this long (doubling up to RECONNECT_MAX_MS while the camera stays live). */
export const RECONNECT_DELAY_MS = 1_500;
const RECONNECT_MAX_MS = 10_000;
/** ICE "disconnected" often heals by itself; only after this long is it a drop. */
const DISCONNECTED_GRACE_MS = 3_000;
/**
 * While it plays the player asks for a new ticket this often (decision record 061): LL-HLS tokens live 90 s, and a
 * refusal (the paid session ended, the camera went paid) shows the paid state instead of a frozen picture.
 */
export const TICKET_RENEW_MS = 30_000;
/** The browser's own HLS player cannot change the token of its requests: it reloads the stream before it expires. */
export const NATIVE_HLS_RELOAD_MS = 60_000;
/** HTTP answers of the LL-HLS path that mean "this token may no longer fetch": a new ticket says why. */
const TOKEN_REFUSED = new Set([401, 403]);

export type LivePlayerStatus = 'connecting' | 'playing' | 'reconnecting' | 'ended' | 'paid' | 'failed';
export type LiveTransport = 'webrtc' | 'hls';

interface LivePlayerProps {
  /** The camera's URL name. */
  name: string;
  /** The accessible name of the video. */
  label: string;
  /** The camera is on air (camera:status); false ends the show on screen. */
  live: boolean;
  /** A still shown until the first frame. */
  poster?: string;
  /** The server asked for a paid chat before the video (403 PAID_CHAT_REQUIRED). */
  onPaidChatRequired?: () => void;
  /**
   * The member's open paid chat session with this camera (null: none). A new one lets him watch a paid camera, so the
   * player asks for its ticket again.
   */
  paidSessionId?: number | null;
}

const HLS_MIME = 'application/vnd.apple.mpegurl';

/** play() without an unhandled rejection: a refusal leaves the video paused and the "Sound on" button there. */
function playQuietly(video: HTMLVideoElement): void {
  void Promise.resolve()
    .then(() => video.play())
    .catch(() => undefined);
}

/**
 * The live video: a viewer ticket (POST /cameras/{name}/watch), then WHEP; LL-HLS where WebRTC is missing, fails its
 * ICE or brings no frame within 5 s. Starts muted (browsers allow muted autoplay) with a clear "Sound on". Reconnects
 * while the camera stays live; says "The show has ended" once it is not.
 */
export function LivePlayer({ name, label, live, poster, onPaidChatRequired, paidSessionId = null }: LivePlayerProps) {
  const { t } = useTranslation();
  const videoRef = useRef<HTMLVideoElement>(null);
  const [status, setStatus] = useState<LivePlayerStatus>(live ? 'connecting' : 'ended');
  const [transport, setTransport] = useState<LiveTransport | null>(null);
  const [muted, setMuted] = useState(true);
  const [attempt, setAttempt] = useState(0);
  /** Reconnects since frames last played: the wait before the next one doubles with it. */
  const dropsInARow = useRef(0);
  // Once WebRTC failed here, later reconnects go straight to LL-HLS.
  const hlsOnly = useRef(false);
  const paidRef = useRef(onPaidChatRequired);
  paidRef.current = onPaidChatRequired;
  const mutedRef = useRef(muted);
  mutedRef.current = muted;

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return undefined;
    if (!live) {
      setStatus('ended');
      setTransport(null);
      return undefined;
    }
    let cancelled = false;
    const abort = new AbortController();
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const detach: (() => void)[] = [];
    let session: WhepSession | null = null;
    let hls: HlsType | null = null;
    let gotFrames = false;
    // The newest ticket: LL-HLS requests carry its token.
    let latest: WatchTicket | null = null;
    // Playing through the browser's own HLS: when its URL was set.
    let nativeHlsSince: number | null = null;

    const later = (fn: () => void, ms: number) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!cancelled) fn();
      }, ms);
      timers.add(timer);
      return timer;
    };
    const listen = (type: keyof HTMLMediaElementEventMap, handler: () => void) => {
      video.addEventListener(type, handler);
      detach.push(() => video.removeEventListener(type, handler));
    };
    const stopMedia = () => {
      if (session) void session.close();
      session = null;
      hls?.destroy();
      hls = null;
      video.srcObject = null;
      if (video.getAttribute('src')) {
        video.removeAttribute('src');
        video.load();
      }
    };
    const start = () => {
      video.muted = mutedRef.current;
      playQuietly(video);
    };
    // Once per run of this effect: several failing requests of one stream are one drop.
    let reconnecting = false;
    // The wait doubles with each drop in a row and starts short again once video has played.
    const reconnect = (delayMs = Math.min(RECONNECT_DELAY_MS * 2 ** Math.min(dropsInARow.current, 3), RECONNECT_MAX_MS)) => {
      if (cancelled || reconnecting) return;
      reconnecting = true;
      dropsInARow.current += 1;
      stopMedia();
      setStatus('reconnecting');
      later(() => setAttempt((n) => n + 1), delayMs);
    };
    const paidChatRequired = () => {
      stopMedia();
      setStatus('paid');
      paidRef.current?.();
    };
    // A new ticket in the background while the video plays: its refusal ends the video here too.
    const renewTicket = async () => {
      try {
        latest = await watchCamera(name, abort.signal);
      } catch (error) {
        if (cancelled) return;
        if (isApiError(error, 403)) {
          paidChatRequired();
          return;
        }
        // Off air (the page hears it), a rate limit or the network: the current token lasts a while yet.
      }
      if (cancelled) return;
      if (nativeHlsSince !== null && latest && Date.now() - nativeHlsSince >= NATIVE_HLS_RELOAD_MS) {
        nativeHlsSince = Date.now();
        video.src = latest.hls_url;
        start();
      }
      later(() => void renewTicket(), TICKET_RENEW_MS);
    };

    listen('playing', () => {
      gotFrames = true;
      dropsInARow.current = 0;
      setStatus('playing');
      watchStarted(name);
    });
    // Watching time counts frames on screen only (the camera-feedback popup asks after 60 s of it).
    for (const type of ['pause', 'waiting', 'emptied', 'ended', 'error'] as const) listen(type, () => watchStopped(name));
    listen('loadeddata', () => {
      gotFrames = true;
    });

    const playHls = async (ticket: WatchTicket) => {
      setTransport('hls');
      let Hls: typeof HlsType | null = null;
      try {
        Hls = (await loadHls()).default;
      } catch {
        Hls = null;
      }
      if (cancelled) return;
      if (Hls?.isSupported()) {
        // 1 s segments: hold back 1.5 s, not hls.js's 3 segments (~2.1–2.6 s behind the camera instead of ~3.1 s,
        // decision record 034), and catch up a little faster than real time when it drifts further behind.
        const instance = new Hls({
          lowLatencyMode: true,
          liveDurationInfinity: true,
          liveSyncDuration: 1.5,
          liveMaxLatencyDuration: 5,
          maxLiveSyncPlaybackRate: 1.1,
          // Every playlist and segment request goes out with the newest ticket's token (hls.js sends what is opened here).
          xhrSetup: (xhr, url) => xhr.open('GET', latest ? withNewestHlsToken(url, latest.hls_url) : url, true),
        });
        hls = instance;
        instance.on(Hls.Events.ERROR, (_event, data) => {
          if (cancelled) return;
          // The token was refused: at once, a new ticket says whether the member may still watch.
          if (TOKEN_REFUSED.has(data.response?.code ?? 0)) reconnect(0);
          else if (data.fatal) reconnect();
        });
        instance.loadSource(ticket.hls_url);
        instance.attachMedia(video);
        start();
        later(() => {
          if (!gotFrames && hls === instance) reconnect();
        }, HLS_NO_FRAMES_TIMEOUT_MS);
      } else if (video.canPlayType(HLS_MIME)) {
        listen('error', () => reconnect());
        nativeHlsSince = Date.now();
        video.src = ticket.hls_url;
        start();
      } else {
        setStatus('failed');
      }
    };

    const fallBackToHls = (ticket: WatchTicket) => {
      if (cancelled || hlsOnly.current) return;
      hlsOnly.current = true;
      stopMedia();
      void playHls(ticket);
    };

    const playWebRtc = async (ticket: WatchTicket) => {
      setTransport('webrtc');
      try {
        session = await startWhep({ url: ticket.whep_url, token: ticket.token, iceServers: ticket.ice_servers as RTCIceServer[], signal: abort.signal });
      } catch (error) {
        if (cancelled) return;
        if (isWhepError(error) && error.kind === 'forbidden') {
          paidChatRequired();
        } else if (isWhepError(error) && (error.kind === 'offline' || error.kind === 'unauthorized' || error.kind === 'unavailable')) {
          // Between streams, the ticket ran out, or the media server restarting (its LL-HLS is away too): a new
          // ticket and WebRTC again on the next try.
          reconnect();
        } else {
          fallBackToHls(ticket);
        }
        return;
      }
      if (cancelled) {
        void session.close();
        return;
      }
      const pc = session.peerConnection;
      let disconnectedTimer: ReturnType<typeof setTimeout> | null = null;
      pc.addEventListener('iceconnectionstatechange', () => {
        if (cancelled) return;
        const state = pc.iceConnectionState;
        if (disconnectedTimer) {
          clearTimeout(disconnectedTimer);
          timers.delete(disconnectedTimer);
          disconnectedTimer = null;
        }
        if (state === 'failed') {
          if (gotFrames) reconnect();
          else fallBackToHls(ticket);
        } else if (state === 'disconnected') {
          disconnectedTimer = later(reconnect, DISCONNECTED_GRACE_MS);
        }
      });
      video.srcObject = session.stream;
      start();
      later(() => {
        if (!gotFrames) fallBackToHls(ticket);
      }, NO_FRAMES_TIMEOUT_MS);
    };

    setStatus(attempt > 0 ? 'reconnecting' : 'connecting');
    void (async () => {
      let ticket: WatchTicket;
      try {
        ticket = await watchCamera(name, abort.signal);
      } catch (error) {
        if (cancelled) return;
        if (isApiError(error, 403)) {
          paidChatRequired();
          return;
        }
        if (!isApiError(error, 409)) reportError(error, { during: 'live watch ticket' });
        reconnect();
        return;
      }
      if (cancelled) return;
      latest = ticket;
      later(() => void renewTicket(), TICKET_RENEW_MS);
      if (hlsOnly.current || !isWebRtcSupported()) {
        hlsOnly.current = true;
        await playHls(ticket);
      } else {
        await playWebRtc(ticket);
      }
    })();

    return () => {
      cancelled = true;
      abort.abort();
      for (const timer of timers) clearTimeout(timer);
      for (const off of detach) off();
      stopMedia();
      watchStopped(name);
    };
    // `attempt` restarts the whole chain, and so does a new paid session; the mute choice is read through its ref.
  }, [name, live, attempt, paidSessionId]);

  useEffect(() => {
    if (videoRef.current) videoRef.current.muted = muted;
  }, [muted]);

  const toggleSound = () => {
    const video = videoRef.current;
    const next = !muted;
    setMuted(next);
    if (video) {
      video.muted = next;
      // Unmuting is a gesture: the browser now lets it play with sound.
      if (!next) playQuietly(video);
    }
  };

  const message =
    status === 'ended'
      ? t('cameras.player.ended')
      : status === 'reconnecting'
        ? t('cameras.player.reconnecting')
        : status === 'connecting'
          ? t('cameras.player.connecting')
          : status === 'failed'
            ? t('cameras.player.failed')
            : status === 'paid'
              ? t('cameras.player.paid')
              : '';

  return (
    <div className={`live-player live-player--${status}`} data-testid="live-player" data-status={status} data-transport={transport ?? ''}>
      <video ref={videoRef} className="live-player__video" aria-label={label} playsInline autoPlay muted poster={poster} />
      {message ? (
        <div className="live-player__overlay" aria-hidden="true">
          <p>{message}</p>
        </div>
      ) : null}
      <p className="visually-hidden" role="status" aria-live="polite">
        {status === 'playing' ? t('cameras.player.playing') : message}
      </p>
      {status !== 'ended' && status !== 'paid' ? (
        <button type="button" className="button button--primary live-player__sound" onClick={toggleSound}>
          {muted ? t('cameras.player.soundOn') : t('cameras.player.soundOff')}
        </button>
      ) : null}
    </div>
  );
}
