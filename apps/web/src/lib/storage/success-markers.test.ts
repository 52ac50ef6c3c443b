import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from './storage';
import { hasSuccessMarker, takeSuccessMarker, writeSuccessMarker } from './success-markers';

describe('one-time success markers (product §4)', () => {
  it('is read once: taking it clears it', () => {
    writeSuccessMarker('successBuy', { user_id: 7, payment_id: 'pay_12345678', plan_name: 'Monthly' });
    expect(hasSuccessMarker('successBuy', 7)).toBe(true);
    expect(localStorage.getItem(STORAGE_KEYS.successBuy)).not.toBeNull();
    expect(takeSuccessMarker('successBuy', 7)).toEqual({ user_id: 7, payment_id: 'pay_12345678', plan_name: 'Monthly' });
    expect(hasSuccessMarker('successBuy', 7)).toBe(false);
    expect(takeSuccessMarker('successBuy', 7)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.successBuy)).toBeNull();
  });

  it('belongs to the user who paid: another user neither has nor gets it, and it is gone afterwards', () => {
    writeSuccessMarker('successBuyCoins', { user_id: 7, payment_id: 'pay_12345678', coins: 500 });
    expect(hasSuccessMarker('successBuyCoins', 8)).toBe(false);
    expect(takeSuccessMarker('successBuyCoins', 8)).toBeNull();
    expect(hasSuccessMarker('successBuyCoins', 7)).toBe(false);
  });

  it('keeps the kinds apart', () => {
    writeSuccessMarker('successModelTip', { user_id: 7, model_id: 11, model_name: 'Ava', coins: 50, balance: 70 });
    expect(hasSuccessMarker('successBuy', 7)).toBe(false);
    expect(hasSuccessMarker('successModelTip', 7)).toBe(true);
  });

  it('ignores and removes a malformed marker', () => {
    localStorage.setItem(STORAGE_KEYS.successBuy, JSON.stringify('yes'));
    expect(hasSuccessMarker('successBuy', 7)).toBe(false);
    expect(takeSuccessMarker('successBuy', 7)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.successBuy)).toBeNull();
  });
});
