import type { PlaydateViewTicket } from '@velora/shared';
import { useEffect, useRef, useState } from 'react';
import { WhepError, startWhep } from '@/lib/webrtc/whep-client';
import { reconnectDelay, sleep, untilLost } from './backoff';

// Watching one side of a playdate room (WHEP) while that side publishes: with a ticket of the room's answer, again
// with a fresh one after every loss, waiting longer each time.

export type ViewerPhase = 'off' | 'connecting' | 'live' | 'retrying' | 'unsupported';

export interface RoomViewer {
  phase: ViewerPhase;
  stream: MediaStream | null;
}

export interface RoomViewerOptions {
  /** Whether to watch now (the room is live and that side publishes). */
  enabled: boolean;
  /** A ticket for the side: `fresh` asks the server again (after a loss); null when the room gives none now. */
  ticket: (fresh: boolean) => Promise<PlaydateViewTicket | null>;
}

export function useRoomViewer({ enabled, ticket }: RoomViewerOptions): RoomViewer {
  const [phase, setPhase] = useState<ViewerPhase>('off');
  const [stream, setStream] = useState<MediaStream | null>(null);
  const ticketRef = useRef(ticket);
  ticketRef.current = ticket;

  useEffect(() => {
    if (!enabled) {
      setPhase('off');
      setStream(null);
      return undefined;
    }
    const abort = new AbortController();
    const { signal } = abort;
    let current: { close: () => Promise<void> } | null = null;
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
          const session = await startWhep({ url: next.whep_url, token: next.token, iceServers: next.ice_servers, signal });
          if (signal.aborted) {
            void session.close();
            return;
          }
          current = session;
          setStream(session.stream);
          await untilLost(session.peerConnection, signal, () => {
            attempt = 0;
            setPhase('live');
          });
          if (signal.aborted) return;
          void session.close();
          current = null;
        } catch (error) {
          if (error instanceof WhepError && error.kind === 'unsupported') {
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
      void current?.close();
      current = null;
    };
  }, [enabled]);

  return { phase, stream };
}
