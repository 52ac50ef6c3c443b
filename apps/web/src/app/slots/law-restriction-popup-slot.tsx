/**
 * The law-restriction popup (SPEC §4: logged-out visitors from the listed regions, without age
 * verification). The slot is part of the root now; the popup arrives with the compliance feature.
 */
export function LawRestrictionPopupSlot() {
  return null;
}
