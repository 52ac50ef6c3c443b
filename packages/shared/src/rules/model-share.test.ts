import { describe, expect, it } from 'vitest';
import { DEFAULT_TIP_OFFER_COINS, splitTip, suggestedTipCoins } from './model-share';

describe('splitTip: the model gets her share rounded down, the house the rest', () => {
  it.each([
    [100, 60, 60, 40],
    [7, 60, 4, 3],
    [1, 60, 0, 1],
    [2, 60, 1, 1],
    [10_000, 60, 6000, 4000],
    [99, 0, 0, 99],
    [99, 100, 99, 0],
    [3, 33, 0, 3],
    [0, 60, 0, 0],
  ])('%i coins at %i %% → model %i, house %i', (coins, percent, model, house) => {
    const split = splitTip(coins, percent);
    expect(split).toEqual({ model, house });
    expect(split.model + split.house).toBe(coins);
  });

  it.each([
    [1.5, 60],
    [-1, 60],
    [Number.NaN, 60],
    [10, 101],
    [10, -1],
    [10, 60.5],
  ])('refuses %s coins at %s %%', (coins, percent) => {
    expect(() => splitTip(coins, percent)).toThrow(RangeError);
  });
});

describe('suggestedTipCoins: the last tip again, else the default, within the balance', () => {
  const limits = { min: 1, max: 10_000 };
  it.each([
    [500, null, DEFAULT_TIP_OFFER_COINS],
    [30, null, 30],
    [500, 120, 120],
    [80, 120, 80],
    [50_000, 20_000, 10_000],
    [1, null, 1],
    [0, null, null],
    [0, 10, null],
  ])('balance %i, last tip %s → %s', (balance, last, expected) => {
    expect(suggestedTipCoins(balance, last, limits)).toBe(expected);
  });
});
