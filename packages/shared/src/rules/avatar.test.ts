import { describe, expect, it } from 'vitest';
import { avatarPath } from './avatar';

describe('avatarPath (SPEC §3 avatar rule)', () => {
  it.each([
    ['null is the default', 42, null, '/avatars/default.svg'],
    ['undefined is the default', 42, undefined, '/avatars/default.svg'],
    ['0 is an svg named by the user id', 42, 0, '/avatars/42.svg'],
    ['otherwise an svg named by the value', 42, 7, '/avatars/7.svg'],
    ['the value wins over the user id', 1, 13, '/avatars/13.svg'],
  ] as const)('%s', (_case, userId, avatar, expected) => {
    expect(avatarPath(userId, avatar)).toBe(expected);
  });
});
