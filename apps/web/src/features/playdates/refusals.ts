import type { PlaydateRefusal } from '@velora/shared';
import { INSUFFICIENT_COINS, PLAYDATE_ERROR_CODES } from '@velora/shared';
import { showPopup } from '@/components/popups/popup-store';
import { isApiError } from '@/lib/http';

/** What the playdate-forbiddance popup reads from the popup store. */
export interface ForbiddanceData {
  reason: 'not_premium' | 'blocked';
}

/**
 * Opens the popup a refusal calls for (contracts/playdates.ts): not_premium and blocked the playdate-forbiddance
 * popup, law_limited the law-limitation popup, insufficient_coins the buy-coins popup. True when one was opened.
 */
export function openRefusalPopup(refusal: PlaydateRefusal | null): boolean {
  switch (refusal) {
    case 'not_premium':
    case 'blocked':
      showPopup('playdate-forbiddance', { reason: refusal } satisfies ForbiddanceData);
      return true;
    case 'law_limited':
      showPopup('law-limitation');
      return true;
    case 'insufficient_coins':
      showPopup('buy-coins');
      return true;
    default:
      return false;
  }
}

/** The refusal an API error stands for (403 PLAYDATE_NOT_PREMIUM/BLOCKED, 451, INSUFFICIENT_COINS), or null. */
export function refusalOfError(error: unknown): PlaydateRefusal | null {
  if (!isApiError(error)) return null;
  if (error.status === 451) return 'law_limited';
  switch (error.code) {
    case PLAYDATE_ERROR_CODES.notPremium:
      return 'not_premium';
    case PLAYDATE_ERROR_CODES.blocked:
      return 'blocked';
    case INSUFFICIENT_COINS:
      return 'insufficient_coins';
    case PLAYDATE_ERROR_CODES.notAvailable:
      return 'not_available';
    case PLAYDATE_ERROR_CODES.pendingRequest:
      return 'pending_request';
    case PLAYDATE_ERROR_CODES.slotTaken:
      return 'slot_taken';
    default:
      return null;
  }
}
