import { describe, expect, it } from 'vitest';
import { isIdempotencyKey, newIdempotencyKey } from './idempotency-key';

describe('isIdempotencyKey', () => {
  it.each([
    ['a UUID', '3b241101-e2bb-4255-8caa-4c5a1e9b1a2f', true],
    ['one character', 'x', true],
    ['128 characters', 'k'.repeat(128), true],
    ['punctuation', '!~#$%&*+', true],
    ['empty', '', false],
    ['129 characters', 'k'.repeat(129), false],
    ['a space', 'a b', false],
    ['a tab', 'a\tb', false],
    ['a control character', 'a\u0000', false],
    ['a non-ASCII letter', 'clé', false],
  ])('%s → %s', (_name, value, valid) => {
    expect(isIdempotencyKey(value)).toBe(valid);
  });

  it('makes fresh, valid keys', () => {
    const a = newIdempotencyKey();
    expect(isIdempotencyKey(a)).toBe(true);
    expect(newIdempotencyKey()).not.toBe(a);
  });
});
