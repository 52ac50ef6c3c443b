import { describe, expect, it } from 'vitest';
import { AVATAR_MAX } from '../contracts/user';
import { AVATAR_CHOICES, avatarPath } from './avatar';

describe('avatarPath (product §3 avatar rule)', () => {
  it.each([
    ['null is the default', 42, null, '/avatars/default.svg'],
    ['undefined is the default', 42, undefined, '/avatars/default.svg'],
    ['0 is an svg named by the user id, in its own folder', 42, 0, '/avatars/users/42.svg'],
    ['0 for user 7 does not collide with the chosen avatar 7', 7, 0, '/avatars/users/7.svg'],
    ['otherwise an svg named by the value', 42, 7, '/avatars/7.svg'],
    ['the value wins over the user id', 1, 13, '/avatars/13.svg'],
    ['the last chosen avatar', 5, AVATAR_MAX, `/avatars/${AVATAR_MAX}.svg`],
  ] as const)('%s', (_case, userId, avatar, expected) => {
    expect(avatarPath(userId, avatar)).toBe(expected);
  });
});

describe('AVATAR_CHOICES', () => {
  it('offers the default, the account one and 1..AVATAR_MAX, each once', () => {
    expect(AVATAR_CHOICES.slice(0, 3)).toEqual([null, 0, 1]);
    expect(AVATAR_CHOICES).toHaveLength(AVATAR_MAX + 2);
    expect(new Set(AVATAR_CHOICES).size).toBe(AVATAR_CHOICES.length);
    expect(AVATAR_CHOICES.at(-1)).toBe(AVATAR_MAX);
  });
});
