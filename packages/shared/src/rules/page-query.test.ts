import { describe, expect, it } from 'vitest';
import { clampPage, parseIntegerList } from './page-query';

describe('clampPage (product §2, §5: page values below 1 become 1)', () => {
  it.each([
    [1, 1],
    [7, 7],
    [0, 1],
    [-3, 1],
    [2.9, 2],
    [0.5, 1],
    [Number.NaN, 1],
    [Number.POSITIVE_INFINITY, 1],
    ['4', 4],
    ['0', 1],
    ['-2', 1],
    [' 3', 3],
    ['', 1],
    ['abc', 1],
    [null, 1],
    [undefined, 1],
  ])('%j → %j', (value, expected) => {
    expect(clampPage(value)).toBe(expected);
  });
});

describe('parseIntegerList (product §5: tag and filter lists)', () => {
  it.each([
    ['1,2,3', [1, 2, 3]],
    ['5', [5]],
    [' 1 , 2 ', [1, 2]],
    ['1,,2', [1, 2]],
    ['1,x,3', [1, 3]],
    ['1.5,2', [2]],
    ['-4', [-4]],
    ['', []],
    [null, []],
    [undefined, []],
    [['1,2', '3'], [1, 2, 3]],
    [[4, 'y'], [4]],
    [7, [7]],
  ])('%j → %j', (value, expected) => {
    expect(parseIntegerList(value)).toEqual(expected);
  });
});
