/**
 * The cookie-consent popup (SPEC §4: EU visitors without consent, not on the io variant).
 * The slot is part of the root now; the popup itself arrives with the compliance feature.
 */
export function CookiePopupSlot() {
  return null;
}
