import { mulberry32 } from '../../apps/server/src/lib/mulberry32';

// The plan of the live-room soak (e2e/live-room-soak.e2e.ts): its members, their visits and how each ends.

/** Seeded, so a run's plan can be had again. */
export const seeded = mulberry32;

export interface Member {
  username: string;
  token: string;
  /** His own client address (X-Forwarded-For). */
  address: string;
  busy: boolean;
  visits: number;
  /** Visits of his that stayed to watch and got frames. */
  gotFrames: number;
}

/** `watch`: plays, counts frames, then leaves; the others leave mid-handshake, when the WHEP offer goes out or its answer is back. */
export type VisitKind = 'watch' | 'at-offer' | 'at-answer';
/** How a visit ends: the tab closed (no beforeunload), the whole context closed, or the renderer crashed. */
export type Leave = 'page' | 'context' | 'crash';

export interface Visit {
  n: number;
  member: Member;
  kind: VisitKind;
  leave: Leave;
  watchMs: number;
  startedAt: number;
  /** Set when the visit went as planned; `problem` says what went wrong otherwise. */
  outcome?: 'frames' | 'left-mid-handshake';
  problem?: string;
  transport?: string | null;
  /** From opening the page to the player playing, and to the first counted frames. */
  playingMs?: number;
  firstFramesMs?: number;
  /** Frames presented (requestVideoFrameCallback) by the end of the watch, and the <video>'s own count. */
  frames?: number;
  decodedFrames?: number;
  /** Frames presented between the first check and the end of the watch: video kept coming while others came and went. */
  framesWhileWatching?: number;
  mediaSeconds?: number;
  width?: number;
  /** From opening the page: the WHEP offer sent, its answer (status), the first LL-HLS request (a fallback). */
  whepOfferMs?: number;
  whepAnswer?: string;
  hlsMs?: number;
  /** The viewer's peer connections as the page saw them (state changes and inbound video), for a visit that failed or fell back. */
  connections?: unknown;
}

export function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

