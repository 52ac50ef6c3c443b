import type { ChatEndCode } from '@velora/shared';
import type { Platform } from '../../platform';
import type { CamerasService } from '../cameras/cameras.service';
import type { CoinsService } from '../coins/coins.service';
import { chatSessionsRepository as repo, type ChatSessionRow } from './chat-sessions.repository';
import { creditOutages } from './paid-minutes';

// Minutes without video are given back (decision record 062). A paid session that ends while its show is off air
// (in its grace period, or ended offline after it) gets back every charged minute that was not on air to its end:
// the one during which the video went away, and any charged after (a minute whose job ran before a gone instance was
// noticed). One balanced ledger transaction per session, key `chat:<session>:refund`, booked in the transaction that
// ends the session: ended and refunded together, or neither.

type Language = 'en' | 'de' | 'fr';

/** The first charged minute that was not on air to its end: the one during which the outage began (minute 1 at least). */
export function firstMinuteOffAir(row: Pick<ChatSessionRow, 'started_at' | 'credited_seconds'>, offAirSince: Date, minuteMs: number): number {
  const start = new Date(row.started_at).getTime() + row.credited_seconds * 1000;
  return Math.max(1, Math.floor((offAirSince.getTime() - start) / minuteMs) + 1);
}

const TEXTS: Record<Language, (model: string, minutes: string, many: boolean) => string> = {
  en: (model, minutes, many) => `Refund: paid chat with ${model}, ${many ? 'minutes' : 'minute'} ${minutes} (the video stopped)`,
  de: (model, minutes, many) => `Erstattung: Bezahlchat mit ${model}, ${many ? 'Minuten' : 'Minute'} ${minutes} (das Video ist ausgefallen)`,
  fr: (model, minutes, many) => `Remboursement : chat payant avec ${model}, ${many ? 'minutes' : 'minute'} ${minutes} (la vidéo s’est arrêtée)`,
};
const FALLBACK_MODEL: Record<Language, string> = { en: 'a model', de: 'einem Model', fr: 'un modèle' };

/**
 * The line in the member's coin history, in his language (the ledger keeps words, not keys; the other kinds' lines
 * are English): "Refund: paid chat with Zoé, minute 3 (the video stopped)".
 */
export function refundDescription(language: string, modelName: string | null, minutes: number[]): string {
  const lang: Language = language === 'de' || language === 'fr' ? language : 'en';
  const first = minutes[0]!;
  const last = minutes.at(-1)!;
  return TEXTS[lang](modelName ?? FALLBACK_MODEL[lang], first === last ? `${first}` : `${first}–${last}`, minutes.length > 1);
}

export interface PaidSessionEndDeps extends Pick<Platform, 'db' | 'now' | 'config'> {
  coins: Pick<CoinsService, 'bookChatRefund'>;
  cameras: Pick<CamerasService, 'showAir'>;
}

export function createPaidSessionEnd(deps: PaidSessionEndDeps) {
  const { db, now, config } = deps;

  return {
    /**
     * Ends a session with its code, as of now; null when it had ended already (whoever ended it first gave the code).
     * A paid session whose show is off air gets its minutes without video back in the same transaction.
     */
    async end(sessionId: number, code: ChatEndCode): Promise<ChatSessionRow | null> {
      const current = await repo.byId(db, sessionId);
      if (!current || current.ended_at !== null) return null;
      const show = current.kind === 'paid' && current.camera_session_id !== null ? await deps.cameras.showAir(current.camera_session_id) : null;
      const at = now();
      const offAirSince = show?.offAirSince ?? null;
      if (!show || !offAirSince) return repo.end(db, sessionId, code, at);
      const minuteMs = config.chat.minuteSeconds * 1000;
      return db.transaction(async (tx) => {
        // The lock waits for a charge in progress; earlier outages are credited first, so the minutes are where they were.
        const locked = await repo.lock(tx, sessionId);
        if (!locked || locked.ended_at !== null) return null;
        const { row } = await creditOutages(tx, locked, show, minuteMs);
        const ended = (await repo.end(tx, sessionId, code, at))!;
        const charges = await repo.standingCharges(tx, sessionId, firstMinuteOffAir(row, offAirSince, minuteMs));
        if (charges.length === 0) return ended;
        const coins = charges.reduce((sum, c) => sum + c.coins, 0);
        const model = charges.reduce((sum, c) => sum + c.model_coins, 0);
        const minutes = charges.map((c) => c.minute);
        const words = await repo.refundWords(tx, row.user_id, row.model_id);
        const booking = await deps.coins.bookChatRefund(tx, {
          userId: row.user_id,
          modelId: row.model_id,
          coins,
          model,
          idempotencyKey: `chat:${sessionId}:refund`,
          description: refundDescription(words.language, words.model_name, minutes),
        });
        return repo.recordRefund(tx, { sessionId, minutes, transactionId: booking.transactionId, coins });
      });
    },
  };
}
export type PaidSessionEnd = ReturnType<typeof createPaidSessionEnd>;
