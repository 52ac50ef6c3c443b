import {
  TIP_MAX_COINS,
  TIP_MIN_COINS,
  splitTip,
  suggestedTipCoins,
  type ModelTipOfferResponse,
  type TipBody,
  type TipResult,
} from '@velora/shared';
import type { Platform } from '../../platform';
import { badRequest, forbidden, notFound, tooManyRequests } from '../../lib/http-error';
import type { RateLimit } from '../../lib/rate-limit-store';
import { RATE_LIMITS } from '../../lib/rate-limits';
import { isDbId } from '../../lib/paging';
import type { FavouritesService } from '../favourites/favourites.service';
import type { AuthContext } from '../sessions/sessions.service';
import type { CoinsService } from './coins.service';

/** Tips a member may send per window: far above a person tapping "tip", low enough to stop a runaway script. */

export interface TipsOptions {
  rateLimit?: RateLimit;
}

/** A tip the ledger booked (or found booked: a retried idempotency key gives the same tip_id again). */
export interface TipBooked {
  tipId: number;
  userId: number;
  modelId: number;
  coins: number;
}
/** Told after each booked tip (camera chat shows it in her room). Handles its own failures: it cannot undo the tip. */
export type TipListener = (tip: TipBooked) => void;

/**
 * Tips (product §1 "Members can tip models") and the tip offer (product §7 GET /feature/model_tip_offer): who may tip
 * whom, how much, how often, and the model's share (MODEL_SHARE_PERCENT). The ledger books them.
 */
export function createTipsService(
  deps: Pick<Platform, 'rateLimits' | 'config'> & { coins: CoinsService; favourites: FavouritesService },
  options: TipsOptions = {},
) {
  const { coins, favourites } = deps;
  const limit = options.rateLimit ?? RATE_LIMITS.tipsPerAccount;
  const listeners: TipListener[] = [];

  async function checkRate(userId: number): Promise<void> {
    const hits = await deps.rateLimits.consume(`coins:tip:${userId}`, limit);
    if (!hits.allowed) {
      const seconds = Math.max(1, Math.ceil(hits.retryAfterMs / 1000));
      throw tooManyRequests(`You are sending tips too fast: at most ${limit.points} a minute. Try again in ${seconds} seconds.`, seconds);
    }
  }

  return {
    /** member −coins, model +share (rounded down), house +rest; 409 INSUFFICIENT_COINS, 404 unknown model, 403 own model. */
    async tip(viewer: AuthContext, body: TipBody): Promise<TipResult> {
      if (!Number.isInteger(body.coins) || body.coins < TIP_MIN_COINS || body.coins > TIP_MAX_COINS) {
        throw badRequest(`Invalid body: coins (Must be ${TIP_MIN_COINS} to ${TIP_MAX_COINS} whole coins)`, {
          coins: `Must be ${TIP_MIN_COINS} to ${TIP_MAX_COINS} whole coins`,
        });
      }
      if (viewer.modelId !== null && viewer.modelId === body.model_id) throw forbidden('You cannot tip your own model profile.');
      if (!isDbId(body.model_id)) throw notFound(`No model with id ${body.model_id}`);
      await checkRate(viewer.userId);
      const result = await coins.bookTip({
        userId: viewer.userId,
        modelId: body.model_id,
        coins: body.coins,
        split: splitTip(body.coins, deps.config.modelSharePercent),
        idempotencyKey: body.idempotency_key ?? null,
      });
      const booked: TipBooked = { tipId: result.tip_id, userId: viewer.userId, modelId: result.model_id, coins: result.coins };
      for (const listener of listeners) {
        try {
          listener(booked);
        } catch {
          // The tip is booked whatever a listener does; listeners report their own failures.
        }
      }
      return result;
    },

    /** Hears every booked tip from now on (a replayed one again, with the same tipId). */
    onTipped(listener: TipListener): void {
      listeners.push(listener);
    },

    /**
     * A suggested tip: to the model the member tipped last, else their most recent favourite model (never their own
     * model), for their last tip's amount or a default, within what they have. Null without coins or a model.
     */
    async offer(viewer: AuthContext): Promise<ModelTipOfferResponse> {
      const balance = await coins.balance(viewer.userId);
      if (balance < TIP_MIN_COINS) return { offer: null };
      const [last, favouriteModels] = await Promise.all([coins.lastTip(viewer.userId), favourites.idsOf(viewer.userId, 'model', 2)]);
      const modelId = [last?.model_id, ...favouriteModels].find((id): id is number => id !== undefined && id !== viewer.modelId);
      const amount = suggestedTipCoins(balance, last?.coins ?? null, { min: TIP_MIN_COINS, max: TIP_MAX_COINS });
      return { offer: modelId !== undefined && amount !== null ? { model_id: modelId, coins: amount } : null };
    },
  };
}
export type TipsService = ReturnType<typeof createTipsService>;
