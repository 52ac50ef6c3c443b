import { AVATAR_MAX } from '../contracts/user';

/**
 * Avatar rule (product §3): null is the default, 0 an svg named by the user id, otherwise an svg named by the value.
 * The generated per-user svgs sit in their own folder: user ids and chosen numbers would collide in one.
 */
export function avatarPath(userId: number, avatar: number | null | undefined): string {
  if (avatar == null) return '/avatars/default.svg';
  if (avatar === 0) return `/avatars/users/${userId}.svg`;
  return `/avatars/${avatar}.svg`;
}

/** Every value a member may choose (POST /user/change_avatar): the default, the one of the account, 1..AVATAR_MAX. */
export const AVATAR_CHOICES: readonly (number | null)[] = [null, 0, ...Array.from({ length: AVATAR_MAX }, (_, i) => i + 1)];
