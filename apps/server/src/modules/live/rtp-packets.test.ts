import { describe, expect, it } from 'vitest';
import { fractionLost, isRtcp, rewriteRtp, rewriteSenderReport, splitRtcp, startsKeyframe, StreamContinuity } from './rtp-packets';

function rtp(seq: number, ts: number, ssrc: number, payload: number[], extension = false): Buffer {
  const header = Buffer.alloc(12);
  header[0] = extension ? 0x90 : 0x80;
  header[1] = 0x80 | 96;
  header.writeUInt16BE(seq, 2);
  header.writeUInt32BE(ts, 4);
  header.writeUInt32BE(ssrc, 8);
  const ext = extension ? Buffer.from([0xbe, 0xde, 0x00, 0x01, 0x10, 0xff, 0x00, 0x00]) : Buffer.alloc(0);
  return Buffer.concat([header, ext, Buffer.from(payload)]);
}

describe('RTP rewriting', () => {
  it('gives each receiver its SSRC and payload type, keeps the marker and drops the header extension', () => {
    const out = rewriteRtp(rtp(7, 9000, 1, [0x10, 0x00, 0xaa], true), { ssrc: 0xdeadbeef, payloadType: 100, seq: 70, ts: 90 });
    expect(out.length).toBe(15);
    expect(out[0]).toBe(0x80);
    expect(out[1]).toBe(0x80 | 100);
    expect(out.readUInt16BE(2)).toBe(70);
    expect(out.readUInt32BE(4)).toBe(90);
    expect(out.readUInt32BE(8)).toBe(0xdeadbeef);
    expect([...out.subarray(12)]).toEqual([0x10, 0x00, 0xaa]);
  });

  it('continues the numbering when the source changes (a new publisher)', () => {
    const continuity = new StreamContinuity(90000);
    const a = continuity.map(rtp(100, 1000, 1, []), 0);
    const b = continuity.map(rtp(101, 4000, 1, []), 33);
    expect((b.seq - a.seq) & 0xffff).toBe(1);
    const c = continuity.map(rtp(50_000, 777, 2, []), 1033);
    expect((c.seq - b.seq) & 0xffff).toBe(1);
    // One second later on the RTP clock, as on the wall clock.
    expect((c.ts - b.ts) >>> 0).toBe(90000);
    continuity.restart();
    const d = continuity.map(rtp(60_000, 5, 2, []), 1066);
    expect((d.seq - c.seq) & 0xffff).toBe(1);
  });

  it('finds VP8 keyframes and tells them from delta frames', () => {
    expect(startsKeyframe(rtp(1, 1, 1, [0x10, 0x50, 0x01]), 'VP8')).toBe(true);
    expect(startsKeyframe(rtp(1, 1, 1, [0x10, 0x51, 0x01]), 'VP8')).toBe(false);
    expect(startsKeyframe(rtp(1, 1, 1, [0x00, 0x50]), 'VP8')).toBe(false);
    // Extended descriptor with a 15-bit picture id.
    expect(startsKeyframe(rtp(1, 1, 1, [0x90, 0x80, 0x81, 0x02, 0x50]), 'VP8')).toBe(true);
  });

  it('finds H264 keyframes: IDR, SPS, inside STAP-A and at the start of FU-A', () => {
    expect(startsKeyframe(rtp(1, 1, 1, [0x65, 0x88]), 'H264')).toBe(true);
    expect(startsKeyframe(rtp(1, 1, 1, [0x41, 0x9a]), 'H264')).toBe(false);
    expect(startsKeyframe(rtp(1, 1, 1, [0x18, 0x00, 0x02, 0x67, 0x42]), 'H264')).toBe(true);
    expect(startsKeyframe(rtp(1, 1, 1, [0x7c, 0x85, 0x00]), 'H264')).toBe(true);
    expect(startsKeyframe(rtp(1, 1, 1, [0x7c, 0x05, 0x00]), 'H264')).toBe(false);
  });
});

describe('RTCP', () => {
  const sr = Buffer.alloc(28);
  sr[0] = 0x80;
  sr[1] = 200;
  sr.writeUInt16BE(6, 2);
  sr.writeUInt32BE(1, 4);
  sr.writeUInt32BE(1000, 16);
  const rr = Buffer.alloc(32);
  rr[0] = 0x81;
  rr[1] = 201;
  rr.writeUInt16BE(7, 2);
  rr.writeUInt32BE(5, 4);
  rr.writeUInt32BE(42, 8);
  rr[12] = 128;

  it('tells RTCP from RTP and splits compound packets', () => {
    expect(isRtcp(sr)).toBe(true);
    expect(isRtcp(rtp(1, 1, 1, []))).toBe(false);
    expect(splitRtcp(Buffer.concat([sr, rr])).map((p) => p.type)).toEqual([200, 201]);
    expect(splitRtcp(Buffer.concat([sr, rr.subarray(0, 10)])).map((p) => p.type)).toEqual([200]);
  });

  it('rewrites a sender report for a receiver, and reads the loss a receiver report tells of', () => {
    const out = rewriteSenderReport(splitRtcp(sr), { ssrc: 77, mapTs: (ssrc, ts) => (ssrc === 1 ? ts + 5 : undefined) })!;
    expect(out.readUInt32BE(4)).toBe(77);
    expect(out.readUInt32BE(16)).toBe(1005);
    expect(rewriteSenderReport(splitRtcp(sr), { ssrc: 77, mapTs: () => undefined })).toBeUndefined();
    expect(fractionLost(splitRtcp(rr), 42)).toBe(0.5);
    expect(fractionLost(splitRtcp(rr), 43)).toBeUndefined();
  });
});
