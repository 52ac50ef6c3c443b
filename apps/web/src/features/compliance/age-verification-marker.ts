import { COOKIE_LIFETIME_DAYS } from '@velora/shared';
import { deleteCookie, getCookie, setCookie } from '@/lib/storage';

// The stored marker of product §4: a member who started an age verification and has not finished it is
// asked again, premium or not. Set before leaving for the provider, cleared when it succeeded.

export const AGE_VERIFICATION_MARKER = 'age_verification';

export function hasAgeVerificationMarker(): boolean {
  return getCookie(AGE_VERIFICATION_MARKER) !== null;
}

export function setAgeVerificationMarker(): void {
  setCookie(AGE_VERIFICATION_MARKER, '1', COOKIE_LIFETIME_DAYS.preference);
}

export function clearAgeVerificationMarker(): void {
  deleteCookie(AGE_VERIFICATION_MARKER);
}
