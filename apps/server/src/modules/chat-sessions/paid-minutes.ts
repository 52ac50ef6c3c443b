import { CHAT_END_CODES, splitTip, type ChatEndCode, type ChatSession } from '@velora/shared';
import type { Queryable } from '../../db/database';
import type { Platform } from '../../platform';
import type { CameraInfo, CamerasService, ShowAir } from '../cameras/cameras.service';
import type { CoinsService } from '../coins/coins.service';
import { chatSessionsRepository as repo, type ChatSessionRow } from './chat-sessions.repository';

// Paid minutes, charged only on air (decision records 037 and 062). Minute m of a session covers
// [started_at + credited + (m−1)·M, started_at + credited + m·M), M = CHAT_MINUTE_SECONDS: minutes follow each other from
// the start, however late a job runs, and every outage of the show that ended with the publisher back moves them on
// by its length (credited seconds). While the show is off air (in its grace period) no minute is charged: the charge
// is looked at again when the grace ends, or when the publisher is back (cameras' onBackOnAir).

/** Charges the next minute of a paid session when it is due (data: ChatMinuteJobData). */
export const CHAT_MINUTE_JOB = 'chat-minute';

export interface ChatMinuteJobData {
  sessionId: number;
  /** The minute the job was queued for (a hint: the charge is always of the session's next minute, if due). */
  minute: number;
}

/** The soonest a session whose show is off air is looked at again. */
const AIR_RECHECK_MS = 5_000;

export type PaidMinuteOutcome = 'charged' | 'ended' | 'not-due' | 'off-air' | 'none';

export interface PaidMinutesDeps extends Pick<Platform, 'db' | 'now' | 'config'> {
  coins: Pick<CoinsService, 'bookChatMinute'>;
  cameras: Pick<CamerasService, 'infoById'>;
}

/** What the chat sessions service lends: its job queueing, the end of a session and the member's push. */
export interface PaidMinutesHooks {
  queue(name: string, data: object, startAfter: Date, singletonKey: string): Promise<void>;
  endSession(sessionId: number, code: ChatEndCode): Promise<ChatSession | null>;
  pushSession(row: ChatSessionRow, balance?: number): Promise<void>;
}

type Tx = Parameters<Parameters<Platform['db']['transaction']>[0]>[0];

type ChargeOutcome =
  | { kind: 'none' }
  | { kind: 'not-due'; row: ChatSessionRow; credited: boolean }
  | { kind: 'off-air'; row: ChatSessionRow; recheckAt: Date; credited: boolean }
  | { kind: 'charged'; row: ChatSessionRow; balance: number }
  | { kind: 'refused'; reason: 'insufficient' | 'model'; balance: number };

/** The show a session was entered in, if it is the camera's open one (sessions from before record 062: the open one). */
export function showOfSession(row: Pick<ChatSessionRow, 'camera_session_id'>, camera: Pick<CameraInfo, 'show'>): ShowAir | null {
  const show = camera.show;
  if (!show) return null;
  return row.camera_session_id === null || row.camera_session_id === show.sessionId ? show : null;
}

/** What a new session records of its show: which one, and its off-air seconds so far (not the member's to be credited). */
export function entryAir(camera: Pick<CameraInfo, 'show'>, at: Date): { cameraSessionId: number | null; offAirSeenSeconds: number } {
  const show = camera.show;
  if (!show) return { cameraSessionId: null, offAirSeenSeconds: 0 };
  // Entered during an outage: only the part after his entry is his when the publisher comes back.
  const before = show.offAirSince ? Math.max(0, Math.floor((at.getTime() - show.offAirSince.getTime()) / 1000)) : 0;
  return { cameraSessionId: show.sessionId, offAirSeenSeconds: show.offAirSeconds + before };
}

/** When a session's minutes so far are paid until: started_at + credited seconds + minutes. */
export function paidUntilOf(row: Pick<ChatSessionRow, 'started_at' | 'credited_seconds'>, minutes: number, minuteMs: number): Date {
  return new Date(new Date(row.started_at).getTime() + row.credited_seconds * 1000 + minutes * minuteMs);
}

/**
 * Credits the outages of the session's show it has not been credited yet (in `tx`, its row locked): its paid minutes
 * move on by them. The row as it is now.
 */
export async function creditOutages(tx: Queryable, row: ChatSessionRow, show: ShowAir | null, minuteMs: number): Promise<{ row: ChatSessionRow; credited: boolean }> {
  if (!show || row.kind !== 'paid' || (row.camera_session_id !== null && row.camera_session_id !== show.sessionId)) return { row, credited: false };
  const owed = show.offAirSeconds - row.off_air_seen_seconds;
  if (owed <= 0) return { row, credited: false };
  const creditedSeconds = row.credited_seconds + owed;
  const paidUntil = row.paid_until === null ? null : paidUntilOf({ ...row, credited_seconds: creditedSeconds }, row.minutes_charged, minuteMs);
  return { row: await repo.credit(tx, row.id, { creditedSeconds, offAirSeenSeconds: show.offAirSeconds, paidUntil }), credited: true };
}

export function createPaidMinutes(deps: PaidMinutesDeps, hooks: PaidMinutesHooks) {
  const { db, now, config } = deps;
  const minuteMs = () => config.chat.minuteSeconds * 1000;

  const queueNextMinute = (s: ChatSessionRow) =>
    hooks.queue(CHAT_MINUTE_JOB, { sessionId: s.id, minute: s.minutes_charged + 1 } satisfies ChatMinuteJobData, new Date(s.paid_until!), `${s.id}:${s.minutes_charged + 1}`);
  // Its own key: the minute's job (queued when the publisher is back) must not be kept out by it.
  const queueAirCheck = (s: ChatSessionRow, at: Date) =>
    hooks.queue(CHAT_MINUTE_JOB, { sessionId: s.id, minute: s.minutes_charged + 1 } satisfies ChatMinuteJobData, at, `${s.id}:air:${at.getTime()}`);

  /** Charges the session's next minute in `tx` (its row locked by the caller). */
  async function chargeNext(tx: Tx, row: ChatSessionRow, at: Date): Promise<ChargeOutcome> {
    const minute = row.minutes_charged + 1;
    const price = row.price_per_minute!;
    const split = splitTip(price, config.modelSharePercent);
    const booking = await deps.coins.bookChatMinute(tx, {
      userId: row.user_id,
      modelId: row.model_id,
      coins: price,
      split,
      idempotencyKey: `chat:${row.id}:${minute}`,
      description: `Paid chat, minute ${minute}`,
    });
    if (!booking.ok) return { kind: 'refused', reason: booking.reason, balance: booking.balance };
    // Minutes follow each other from the start (moved on by credited outages), however late this one was charged.
    const paidUntil = paidUntilOf(row, minute, minuteMs());
    const updated = await repo.recordCharge(tx, { sessionId: row.id, minute, transactionId: booking.transactionId, coins: price, modelCoins: split.model, paidUntil, at });
    return { kind: 'charged', row: updated, balance: booking.balance };
  }

  /**
   * Charges a paid session's next minute if it is due and its show is on air: exactly once (the session row's lock,
   * the ledger key `chat:<session>:<minute>` and the charges' primary key), and queues the one after. What the minute
   * job and the sweep run. Ends the session with 17 when the member cannot pay, 88 when the model's side cannot be
   * booked, 5 when the show is over. Off air: nothing charged, looked at again when the grace period ends.
   */
  async function chargeIfDue(sessionId: number): Promise<PaidMinuteOutcome> {
    const current = await repo.byId(db, sessionId);
    if (!current || current.ended_at !== null || current.kind !== 'paid') return 'none';
    const camera = await deps.cameras.infoById(current.camera_id);
    if (!camera || camera.modelId !== current.model_id) return (await hooks.endSession(sessionId, CHAT_END_CODES.noCreditFromHost)) ? 'ended' : 'none';
    const at = now();
    const show = showOfSession(current, camera);
    if (!show && new Date(current.paid_until!).getTime() <= at.getTime()) {
      return (await hooks.endSession(sessionId, CHAT_END_CODES.offline)) ? 'ended' : 'none';
    }
    const outcome = await db.transaction(async (tx): Promise<ChargeOutcome> => {
      const locked = await repo.lock(tx, sessionId);
      if (!locked || locked.ended_at !== null) return { kind: 'none' };
      const { row, credited } = await creditOutages(tx, locked, show, minuteMs());
      // A grace period already over is ended by the cameras' sweeps within seconds: look again a little later.
      if (show && !show.onAir) return { kind: 'off-air', row, credited, recheckAt: new Date(Math.max(show.graceUntil?.getTime() ?? 0, at.getTime() + AIR_RECHECK_MS)) };
      if (new Date(row.paid_until!).getTime() > at.getTime()) return { kind: 'not-due', row, credited };
      return chargeNext(tx, row, at);
    });
    switch (outcome.kind) {
      case 'none':
        return 'none';
      case 'off-air':
        if (outcome.credited) await hooks.pushSession(outcome.row);
        await queueAirCheck(outcome.row, outcome.recheckAt);
        return 'off-air';
      case 'not-due':
        if (outcome.credited) await hooks.pushSession(outcome.row);
        await queueNextMinute(outcome.row);
        return 'not-due';
      case 'refused':
        await hooks.endSession(sessionId, outcome.reason === 'insufficient' ? CHAT_END_CODES.noCredit : CHAT_END_CODES.noCreditFromHost);
        return 'ended';
      case 'charged':
        await hooks.pushSession(outcome.row, outcome.balance);
        await queueNextMinute(outcome.row);
        return 'charged';
    }
  }

  return { chargeNext, chargeIfDue, queueNextMinute };
}
export type PaidMinutes = ReturnType<typeof createPaidMinutes>;
