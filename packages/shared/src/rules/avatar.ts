/** Avatar rule (SPEC §3): null is the default, 0 an svg named by the user id, otherwise an svg named by the value. */
export function avatarPath(userId: number, avatar: number | null | undefined): string {
  if (avatar == null) return '/avatars/default.svg';
  if (avatar === 0) return `/avatars/${userId}.svg`;
  return `/avatars/${avatar}.svg`;
}
