import { describe, expect, it } from 'vitest';
import { segmentAt } from './media-playlist';

const BASE = 'http://localhost/media/hls/7/360p.m3u8?exp=1&sig=a';
const PLAYLIST = [
  '#EXTM3U',
  '#EXT-X-VERSION:3',
  '#EXT-X-TARGETDURATION:4',
  '#EXT-X-PLAYLIST-TYPE:VOD',
  '#EXTINF:4.000000,',
  '360p_000.ts?exp=1&sig=a',
  '#EXTINF:4.000000,',
  '360p_001.ts?exp=1&sig=a',
  '#EXTINF:2.500000,',
  '360p_002.ts?exp=1&sig=a',
  '#EXT-X-ENDLIST',
  '',
].join('\n');

describe('the segment playback starts with', () => {
  it('is the first from the start, as an absolute URL with its signature', () => {
    expect(segmentAt(PLAYLIST, BASE, 0)).toBe('http://localhost/media/hls/7/360p_000.ts?exp=1&sig=a');
  });

  it('is the one holding a resume position', () => {
    expect(segmentAt(PLAYLIST, BASE, 3.9)).toBe('http://localhost/media/hls/7/360p_000.ts?exp=1&sig=a');
    expect(segmentAt(PLAYLIST, BASE, 4)).toBe('http://localhost/media/hls/7/360p_001.ts?exp=1&sig=a');
    expect(segmentAt(PLAYLIST, BASE, 9)).toBe('http://localhost/media/hls/7/360p_002.ts?exp=1&sig=a');
  });

  it('is none past the end, in a playlist without segments, or with byte ranges', () => {
    expect(segmentAt(PLAYLIST, BASE, 11)).toBeNull();
    expect(segmentAt('#EXTM3U\n#EXT-X-ENDLIST\n', BASE, 0)).toBeNull();
    expect(segmentAt('#EXTM3U\n#EXTINF:4,\n#EXT-X-BYTERANGE:1000@0\nall.ts\n', BASE, 0)).toBeNull();
  });
});
