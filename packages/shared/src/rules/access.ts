import { TRAILER_TAG_NAME } from '../constants';

/** Premium means premium_until (unix seconds) is later than now (product §4). */
export function isPremium(profile: { premium_until: number | null } | null | undefined, nowMs: number): boolean {
  if (!profile || profile.premium_until == null) return false;
  return profile.premium_until * 1000 > nowMs;
}

export interface PlayableInput {
  videoId: number;
  unlockedVideoIds: ReadonlySet<number> | readonly number[];
  premium: boolean;
  trailerFeatureActive: boolean;
  tagNames: readonly string[];
}

/** A video is playable when unlocked, when the user is premium, or when it is a trailer and trailers are on (product §1). */
export function isVideoPlayable(input: PlayableInput): boolean {
  const unlocked = Array.isArray(input.unlockedVideoIds)
    ? (input.unlockedVideoIds as readonly number[]).includes(input.videoId)
    : (input.unlockedVideoIds as ReadonlySet<number>).has(input.videoId);
  if (unlocked || input.premium) return true;
  return input.trailerFeatureActive && input.tagNames.includes(TRAILER_TAG_NAME);
}
