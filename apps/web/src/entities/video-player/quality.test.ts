import { describe, expect, it } from 'vitest';
import { formatClock } from './format-time';
import { playHash, playLocation, videoIdOfHash } from './play-hash';
import { optionForPreference, qualityLabel, qualityOptions } from './quality';

describe('qualityOptions', () => {
  it('puts Auto first, then one option per height, highest first, keeping the hls.js level index', () => {
    const options = qualityOptions([
      { height: 360, bitrate: 800 },
      { height: 1080, bitrate: 5000 },
      { height: 720, bitrate: 2800 },
    ]);
    expect(options).toEqual([
      { value: 'auto', level: -1, height: null },
      { value: '1080', level: 1, height: 1080 },
      { value: '720', level: 2, height: 720 },
      { value: '360', level: 0, height: 360 },
    ]);
  });

  it('keeps the higher bitrate of two levels with one height, and skips audio-only levels', () => {
    const options = qualityOptions([
      { height: 720, bitrate: 2000 },
      { height: 720, bitrate: 3000 },
      { height: 0, bitrate: 128 },
    ]);
    expect(options.map((o) => [o.value, o.level])).toEqual([
      ['auto', -1],
      ['720', 1],
    ]);
  });
});

describe('optionForPreference', () => {
  const options = qualityOptions([
    { height: 360, bitrate: 1 },
    { height: 720, bitrate: 2 },
  ]);
  it.each([
    ['auto', 'auto'],
    ['720', '720'],
    ['1080', 'auto'],
    ['nonsense', 'auto'],
  ])('preference %s → %s', (preference, expected) => {
    expect(optionForPreference(options, preference).value).toBe(expected);
  });

  it('labels renditions by height', () => {
    expect(options.map((o) => qualityLabel(o, 'Auto'))).toEqual(['Auto', '720p', '360p']);
  });
});

describe('play hash (product §2: #play-{videoId})', () => {
  it.each([
    ['#play-12', 12],
    ['#play-0', null],
    ['#play-', null],
    ['#play-12x', null],
    ['#log_in', null],
    ['', null],
    ['#video-12', null],
  ])('%s → %s', (hash, expected) => {
    expect(videoIdOfHash(hash)).toBe(expected);
  });

  it('keeps the path and query of the current page', () => {
    expect(playHash(5)).toBe('#play-5');
    expect(playLocation({ pathname: '/videos', search: '?page=2&tags=1,2' }, 5)).toEqual({ pathname: '/videos', search: '?page=2&tags=1,2', hash: '#play-5' });
  });
});

describe('formatClock', () => {
  it.each([
    [0, '0:00'],
    [75.9, '1:15'],
    [3725, '1:02:05'],
    [Number.NaN, '0:00'],
    [Number.POSITIVE_INFINITY, '0:00'],
  ])('%s → %s', (seconds, expected) => {
    expect(formatClock(seconds)).toBe(expected);
  });
});
