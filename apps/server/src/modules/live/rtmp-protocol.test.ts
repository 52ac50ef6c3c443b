import { describe, expect, it } from 'vitest';
import { CLOCK_BITS, CLOCK_BLOCK, CLOCK_STRIP_WIDTH, readClockBlocks } from './demo-streams-clock';
import { canRemuxH264, ChunkReader, decodeAmf0, encodeAmf0, MSG, videoTrackInfo, writeChunks } from './rtmp-protocol';

describe('RTMP chunk stream and AMF0', () => {
  it('round-trips the commands an encoder sends', () => {
    const values = ['publish', 5, null, 'stream-key', 'live', { a: 1, b: 'x', c: true, d: [1, 'y'] }];
    expect(decodeAmf0(encodeAmf0(...(values as Parameters<typeof encodeAmf0>)))).toEqual(values);
  });

  it('reassembles messages split into chunks, across reads of any size, after a chunk size change', () => {
    const big = Buffer.alloc(10_000, 7);
    const wire = Buffer.concat([
      writeChunks(2, { type: MSG.setChunkSize, streamId: 0, payload: Buffer.from([0, 0, 0x10, 0]) }, 128),
      writeChunks(6, { type: MSG.video, streamId: 1, timestamp: 40, payload: big }, 4096),
      writeChunks(4, { type: MSG.audio, streamId: 1, timestamp: 41, payload: Buffer.from([1, 2, 3]) }, 4096),
    ]);
    const reader = new ChunkReader();
    const out = [];
    for (let i = 0; i < wire.length; i += 333) out.push(...reader.push(wire.subarray(i, i + 333)));
    expect(out.map((m) => [m.type, m.timestamp, m.payload.length])).toEqual([[MSG.video, 40, 10_000], [MSG.audio, 41, 3]]);
    expect(out[0]!.payload.equals(big)).toBe(true);
  });

  it('adds up timestamp deltas (type 1 and 2 headers, type 3 repeating the delta)', () => {
    const reader = new ChunkReader();
    const msg = (header: number[], payload: number[]) => Buffer.from([...header, ...payload]);
    const out = reader.push(Buffer.concat([
      msg([0x04, 0, 0, 100, 0, 0, 1, 8, 1, 0, 0, 0], [9]), // fmt 0: t=100
      msg([0x44, 0, 0, 20, 0, 0, 1, 8], [9]), // fmt 1: +20
      msg([0x84, 0, 0, 30], [9]), // fmt 2: +30
      msg([0xc4], [9]), // fmt 3: +30 again
    ]));
    expect(out.map((m) => m.timestamp)).toEqual([100, 120, 150, 180]);
  });

  it('refuses a stream that starts a chunk stream without a full header', () => {
    expect(() => new ChunkReader().push(Buffer.from([0xc4, 1]))).toThrow(/without a full header/);
  });

  it('repackages baseline H.264 only', () => {
    const avcHeader = (profile: number, compat: number) => Buffer.from([0x17, 0, 0, 0, 0, 1, profile, compat, 31]);
    expect(canRemuxH264(videoTrackInfo(avcHeader(66, 0xc0))!)).toBe(true);
    expect(canRemuxH264(videoTrackInfo(avcHeader(77, 0))!)).toBe(false);
    expect(canRemuxH264(videoTrackInfo(avcHeader(100, 0))!)).toBe(false);
    expect(canRemuxH264(videoTrackInfo(Buffer.from([0x90, 0x68, 0x76, 0x63, 0x31]))!)).toBe(false); // Enhanced RTMP HEVC
    expect(videoTrackInfo(Buffer.from([0x27, 1, 0, 0, 0]))).toBeNull(); // an AVC frame, not its header
  });
});

describe('the painted clock', () => {
  it('reads back the low 32 bits of the time and unwraps them near now', () => {
    const now = 1_790_000_000_123;
    const painted = now - 1500;
    const strip = Buffer.alloc(CLOCK_STRIP_WIDTH * CLOCK_BLOCK, 0);
    const low = painted % 2 ** 32;
    for (let i = 0; i < CLOCK_BITS; i++) {
      if (Math.floor(low / 2 ** (CLOCK_BITS - 1 - i)) % 2 === 1) {
        for (let y = 0; y < CLOCK_BLOCK; y++) strip.fill(235, y * CLOCK_STRIP_WIDTH + i * CLOCK_BLOCK, y * CLOCK_STRIP_WIDTH + (i + 1) * CLOCK_BLOCK);
      }
    }
    expect(readClockBlocks(strip, CLOCK_STRIP_WIDTH, now)).toBe(painted);
    expect(readClockBlocks(Buffer.alloc(strip.length, 128), CLOCK_STRIP_WIDTH, now)).toBeNull();
  });
});
