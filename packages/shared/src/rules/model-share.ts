/** The model's share of what members spend on her, in whole percent (MODEL_SHARE_PERCENT on the server). */
export const DEFAULT_MODEL_SHARE_PERCENT = 60;

export interface TipSplit {
  /** Coins credited to the model for payout: her share, rounded down. */
  model: number;
  /** The rest, to the house: model + house is always exactly the tip. */
  house: number;
}

/**
 * Splits a tip of whole coins between the model and the house. The model's share is rounded down and the house
 * takes the remainder, so the ledger entries of a tip sum to zero exactly (a 1-coin tip at 60 % goes to the house).
 */
export function splitTip(coins: number, modelSharePercent: number): TipSplit {
  if (!Number.isSafeInteger(coins) || coins < 0) throw new RangeError(`A tip is a whole number of coins, got ${coins}`);
  if (!Number.isInteger(modelSharePercent) || modelSharePercent < 0 || modelSharePercent > 100) {
    throw new RangeError(`The model share is a whole percentage from 0 to 100, got ${modelSharePercent}`);
  }
  const model = Math.floor((coins * modelSharePercent) / 100);
  return { model, house: coins - model };
}

/** Tips the offer suggests when the member has not tipped before. */
export const DEFAULT_TIP_OFFER_COINS = 50;

/**
 * How many coins a tip offer suggests: the member's last tip again, else the default, never more than the balance
 * (product §7 GET /feature/model_tip_offer). Null when the balance covers no tip at all.
 */
export function suggestedTipCoins(balance: number, lastTipCoins: number | null, limits: { min: number; max: number }): number | null {
  const wanted = lastTipCoins ?? DEFAULT_TIP_OFFER_COINS;
  const coins = Math.min(wanted, balance, limits.max);
  return coins >= limits.min ? Math.floor(coins) : null;
}
