import { describe, expect, it } from 'vitest';
import { changeCameraParams, readCameraParams, toggleFilter } from './camera-params';

const read = (qs: string) => readCameraParams(new URLSearchParams(qs));

describe('readCameraParams', () => {
  it('reads page, filters, order, camera and exit_code', () => {
    expect(read('page=2&filters=3,1,3&order=newest&camera=ava&exit_code=17')).toEqual({
      page: 2,
      filters: [1, 3],
      order: 'newest',
      hint: false,
      camera: 'ava',
      exitCode: 17,
    });
  });

  it('defaults: page 1, no filters, popular', () => {
    expect(read('')).toEqual({ page: 1, filters: [], order: 'popular', hint: false, camera: null, exitCode: null });
  });

  it('clamps the page and drops an unknown order or a garbled exit code', () => {
    expect(read('page=-4&order=random&exit_code=abc')).toMatchObject({ page: 1, order: 'popular', exitCode: null });
  });

  it('hint forces order free_chat, whatever order says (product §2)', () => {
    expect(read('hint=1&order=newest').order).toBe('free_chat');
    expect(read('hint').order).toBe('free_chat');
  });
});

describe('changeCameraParams', () => {
  it('writes filters as a comma list and starts again at page 1', () => {
    expect(changeCameraParams(new URLSearchParams('page=3&camera=ava'), { filters: [5, 2] }).toString()).toBe('camera=ava&filters=2%2C5');
  });

  it('leaves the default order out, and a chosen order ends the hint', () => {
    expect(changeCameraParams(new URLSearchParams('hint=1'), { order: 'price' }).toString()).toBe('order=price');
    expect(changeCameraParams(new URLSearchParams('order=price'), { order: 'popular' }).toString()).toBe('');
  });

  it('toggles a filter on and off', () => {
    expect(toggleFilter([1], 2)).toEqual([1, 2]);
    expect(toggleFilter([1, 2], 1)).toEqual([2]);
  });
});
