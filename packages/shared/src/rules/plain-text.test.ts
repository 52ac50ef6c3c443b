import { describe, expect, it } from 'vitest';
import { hasControlCharacters, hasLoneSurrogates, withoutStrayControls } from './plain-text';

describe('withoutStrayControls', () => {
  it.each([
    ['plain', 'plain'],
    ['a\u0000b', 'ab'],
    ['bell\u0007 and escape\u001B[0m', 'bell and escape[0m'],
    ['keeps\ttabs\nand\r\nline breaks', 'keeps\ttabs\nand\r\nline breaks'],
    ['delete\u007F', 'delete'],
    ['\u0000\u0001', ''],
  ])('%j → %j', (text, expected) => {
    expect(withoutStrayControls(text)).toBe(expected);
  });
});

describe('hasControlCharacters', () => {
  it.each([
    ['Anna', false],
    ['Käthe Straße 1', false],
    ['', false],
    ['a\u0000b', true],
    ['two\nlines', true],
    ['tab\there', true],
    ['\u007F', true],
  ])('%j → %s', (text, expected) => {
    expect(hasControlCharacters(text)).toBe(expected);
  });
});

describe('hasLoneSurrogates', () => {
  it.each([
    ['plain', false],
    ['an emoji 😀 is a pair', false],
    ['a high half \uD800 alone', true],
    ['a low half \uDC00 alone', true],
    ['\uD83D', true],
    ['the pair reversed \uDE00\uD83D', true],
  ])('%j → %s', (text, expected) => {
    expect(hasLoneSurrogates(text)).toBe(expected);
  });
});
