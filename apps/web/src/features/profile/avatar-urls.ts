import type { Profile } from '@velora/shared';
import { avatarPath } from '@velora/shared';

/**
 * The picture URL of any avatar choice. The server gives the full URL of the current avatar only (it knows the CDN
 * host); the others sit beside it, so they are built from the same base rather than from a guessed host.
 */
export function avatarChoiceUrl(profile: Pick<Profile, 'id' | 'avatar' | 'avatar_url'>, choice: number | null): string {
  const currentPath = avatarPath(profile.id, profile.avatar);
  const base = profile.avatar_url.endsWith(currentPath) ? profile.avatar_url.slice(0, -currentPath.length) : '/media';
  return `${base}${avatarPath(profile.id, choice)}`;
}
