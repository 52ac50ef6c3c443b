import { afterEach, describe, expect, it } from 'vitest';
import { bandwidthEstimate, forgetBandwidth, rememberBandwidth, startRenditionIndex, theaterPlayerHeight, variantsOfMaster } from './start-rendition';

// The demo ladder's peak bitrates, roughly (360p, 480p, 720p, 1080p).
const LADDER = [
  { height: 360, bitrate: 700_000 },
  { height: 480, bitrate: 1_200_000 },
  { height: 720, bitrate: 2_800_000 },
  { height: 1080, bitrate: 5_500_000 },
];

afterEach(() => forgetBandwidth());

describe('startRenditionIndex: the best rendition whose first 4 s segment arrives within 0.3 s, no taller than needed', () => {
  it.each([
    ['unknown bandwidth: the lowest', 0, 1080, 0],
    ['10 Mbit/s (the most a browser tells): 360p, the first 480p segment would take 0.48 s', 10_000_000, 1080, 0],
    ['20 Mbit/s: 480p', 20_000_000, 1080, 1],
    ['40 Mbit/s: 720p', 40_000_000, 1080, 2],
    ['1 Gbit/s, a 553 px tall player: 720p, the first at least as tall', 1_000_000_000, 553, 2],
    ['1 Gbit/s, a 1080 px tall player: 1080p', 1_000_000_000, 1080, 3],
    ['1 Gbit/s, a 300 px tall docked player: 360p', 1_000_000_000, 300, 0],
    ['too slow for even the lowest: the lowest', 100_000, 1080, 0],
  ])('%s', (_, bandwidth, playerHeight, index) => {
    expect(startRenditionIndex(LADDER, bandwidth, playerHeight)).toBe(index);
  });

  it('a single rendition is the start', () => {
    expect(startRenditionIndex([{ height: 720, bitrate: 9_000_000 }], 0, 100)).toBe(0);
  });
});

describe('variantsOfMaster', () => {
  it('reads each variant with its height and peak bitrate, resolved against the master, shortest first', () => {
    const master = [
      '#EXTM3U',
      '#EXT-X-VERSION:3',
      '#EXT-X-STREAM-INF:BANDWIDTH=2800000,AVERAGE-BANDWIDTH=2000000,RESOLUTION=1280x720,FRAME-RATE=25.000,CODECS="avc1.4d401f,mp4a.40.2"',
      '720p.m3u8?exp=1&sig=a',
      '#EXT-X-STREAM-INF:BANDWIDTH=700000,AVERAGE-BANDWIDTH=500000,RESOLUTION=640x360,FRAME-RATE=25.000,CODECS="avc1.4d401e,mp4a.40.2"',
      '360p.m3u8?exp=1&sig=a',
      '',
    ].join('\n');
    expect(variantsOfMaster(master, 'http://localhost/media/hls/7/master.m3u8?exp=1&sig=a')).toEqual([
      { url: 'http://localhost/media/hls/7/360p.m3u8?exp=1&sig=a', height: 360, bitrate: 700_000 },
      { url: 'http://localhost/media/hls/7/720p.m3u8?exp=1&sig=a', height: 720, bitrate: 2_800_000 },
    ]);
  });
});

describe('bandwidthEstimate', () => {
  it('is what the last video measured once there was one', () => {
    rememberBandwidth(Number.NaN);
    rememberBandwidth(-1);
    rememberBandwidth(25_000_000);
    expect(bandwidthEstimate()).toBe(25_000_000);
  });
});

describe('theaterPlayerHeight', () => {
  it.each([
    ['1366 × 768: 72 % of the height', { innerWidth: 1366, innerHeight: 768, devicePixelRatio: 1 }, 553],
    ['360 × 740 phone at 3×: the width decides', { innerWidth: 360, innerHeight: 740, devicePixelRatio: 3 }, 608],
    ['2560 × 1440: at most 1280 px wide', { innerWidth: 2560, innerHeight: 1440, devicePixelRatio: 1 }, 720],
  ])('%s', (_, win, height) => {
    expect(theaterPlayerHeight(win)).toBe(height);
  });
});
