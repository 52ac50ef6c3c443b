/**
 * The theater player (SPEC §2, §4: opened by the hash play-{videoId}). The slot is part of the
 * root now, so the player can outlive navigation; the player arrives with the playback feature.
 */
export function TheaterPlayerSlot() {
  return null;
}
