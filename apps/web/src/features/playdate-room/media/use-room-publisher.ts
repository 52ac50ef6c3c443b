import type { PublishTicket } from '@velora/shared';
import { useEffect, useRef, useState } from 'react';
import { QUALITIES } from '@/lib/webrtc/quality';
import { WhipError, publishWhip } from '@/lib/webrtc/whip-client';
import { reconnectDelay, sleep, untilLost } from './backoff';

// Publishing one's own camera into a playdate room (WHIP): with a ticket of the room's answer, again with a fresh one
// after every loss, waiting longer each time, for as long as the screen wants it on.

export type PublisherPhase = 'off' | 'connecting' | 'live' | 'retrying' | 'unsupported';

export interface RoomPublisherOptions {
  /** The camera and microphone to send; null: nothing to send. */
  stream: MediaStream | null;
  /** Whether to publish now (the room is live and this person's camera is on). */
  enabled: boolean;
  /** A ticket to publish with: `fresh` asks the server again (after a loss); null when the room gives none now. */
  ticket: (fresh: boolean) => Promise<PublishTicket | null>;
}

/** The rate a 720p camera is sent at; a room is one person to one or a few, not a broadcast. */
const MAX_VIDEO_BITRATE = QUALITIES['720p'].maxBitrate;

export function useRoomPublisher({ stream, enabled, ticket }: RoomPublisherOptions): PublisherPhase {
  const [phase, setPhase] = useState<PublisherPhase>('off');
  const ticketRef = useRef(ticket);
  ticketRef.current = ticket;

  useEffect(() => {
    if (!enabled || !stream) {
      setPhase('off');
      return undefined;
    }
    const abort = new AbortController();
    const { signal } = abort;
    let current: { stop: () => Promise<void> } | null = null;
    void (async () => {
      let attempt = 0;
      while (!signal.aborted) {
        setPhase(attempt === 0 ? 'connecting' : 'retrying');
        try {
          const next = await ticketRef.current(attempt > 0);
          if (signal.aborted) return;
          if (!next) {
            setPhase('off');
            return;
          }
          const session = await publishWhip({ url: next.whip_url, token: next.token, stream, iceServers: next.ice_servers, maxVideoBitrate: MAX_VIDEO_BITRATE });
          if (signal.aborted) {
            void session.stop();
            return;
          }
          current = session;
          await untilLost(session.peerConnection, signal, () => {
            attempt = 0;
            setPhase('live');
          });
          if (signal.aborted) return;
          // Lost: closed without DELETE (the server ends a silent session); a fresh ticket makes it again.
          session.peerConnection.close();
          current = null;
        } catch (error) {
          if (error instanceof WhipError && error.failure === 'unsupported') {
            setPhase('unsupported');
            return;
          }
        }
        setPhase('retrying');
        await sleep(reconnectDelay(attempt), signal);
        attempt += 1;
      }
    })();
    return () => {
      abort.abort();
      void current?.stop();
      current = null;
    };
  }, [enabled, stream]);

  return phase;
}
