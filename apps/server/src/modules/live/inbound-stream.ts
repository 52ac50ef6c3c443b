import { rtpSequence } from './rtp-packets';

// What the SFU knows of one stream it receives (RFC 3550 A.3): packets expected and received, the last sender
// report. It feeds the receiver reports the SFU sends the publisher (its congestion control needs them) and stats().

export class InboundStream {
  private baseSeq: number | undefined;
  private maxSeq = 0;
  private cycles = 0;
  private received = 0;
  private expectedPrior = 0;
  private receivedPrior = 0;
  /** Middle 32 bits of the last sender report's NTP time, and when it arrived. */
  private lastSr: { ntpMiddle: number; atMs: number } | undefined;
  ssrc: number | undefined;
  bytes = 0;

  onRtp(packet: Buffer): void {
    const seq = rtpSequence(packet);
    this.ssrc = packet.readUInt32BE(8);
    this.bytes += packet.length;
    this.received++;
    if (this.baseSeq === undefined) {
      this.baseSeq = seq;
      this.maxSeq = seq;
      return;
    }
    const delta = (seq - this.maxSeq) & 0xffff;
    if (delta > 0 && delta < 0x8000) {
      if (seq < this.maxSeq) this.cycles += 0x10000;
      this.maxSeq = seq;
    }
  }

  onSenderReport(sr: Buffer, nowMs: number): void {
    this.lastSr = { ntpMiddle: ((sr.readUInt32BE(8) & 0xffff) << 16) | (sr.readUInt32BE(12) >>> 16), atMs: nowMs };
  }

  get packetsLost(): number {
    if (this.baseSeq === undefined) return 0;
    return Math.max(0, this.cycles + this.maxSeq - this.baseSeq + 1 - this.received);
  }

  /** A report block (24 bytes) about this stream, or nothing before its first packet. */
  reportBlock(nowMs: number): Buffer | undefined {
    if (this.baseSeq === undefined || this.ssrc === undefined) return undefined;
    const expected = this.cycles + this.maxSeq - this.baseSeq + 1;
    const expectedInterval = expected - this.expectedPrior;
    const receivedInterval = this.received - this.receivedPrior;
    this.expectedPrior = expected;
    this.receivedPrior = this.received;
    const lostInterval = expectedInterval - receivedInterval;
    const fraction = expectedInterval <= 0 || lostInterval <= 0 ? 0 : Math.min(255, Math.floor((lostInterval << 8) / expectedInterval));
    const block = Buffer.alloc(24);
    block.writeUInt32BE(this.ssrc >>> 0, 0);
    block[4] = fraction;
    block.writeUIntBE(Math.min(this.packetsLost, 0x7fffff), 5, 3);
    block.writeUInt32BE((this.cycles + this.maxSeq) >>> 0, 8);
    if (this.lastSr) {
      block.writeUInt32BE(this.lastSr.ntpMiddle >>> 0, 16);
      block.writeUInt32BE(Math.round(((nowMs - this.lastSr.atMs) * 65536) / 1000) >>> 0, 20);
    }
    return block;
  }
}

/** A receiver report (with the blocks given) followed by a REMB (the bitrate the SFU lets the publisher send). */
export function receiverReport(senderSsrc: number, blocks: Buffer[], remb: { bitrate: number; ssrcs: number[] } | undefined): Buffer {
  const rr = Buffer.alloc(8);
  rr[0] = 0x80 | blocks.length;
  rr[1] = 201;
  rr.writeUInt16BE(1 + blocks.length * 6, 2);
  rr.writeUInt32BE(senderSsrc >>> 0, 4);
  const parts = [rr, ...blocks];
  if (remb && remb.ssrcs.length > 0) {
    let exponent = 0;
    let mantissa = Math.floor(remb.bitrate);
    while (mantissa > 0x3ffff) {
      mantissa >>>= 1;
      exponent++;
    }
    const packet = Buffer.alloc(20 + remb.ssrcs.length * 4);
    packet[0] = 0x8f;
    packet[1] = 206;
    packet.writeUInt16BE(4 + remb.ssrcs.length, 2);
    packet.writeUInt32BE(senderSsrc >>> 0, 4);
    packet.write('REMB', 12, 'ascii');
    packet[16] = remb.ssrcs.length;
    packet[17] = (exponent << 2) | (mantissa >> 16);
    packet.writeUInt16BE(mantissa & 0xffff, 18);
    remb.ssrcs.forEach((ssrc, i) => packet.writeUInt32BE(ssrc >>> 0, 20 + i * 4));
    parts.push(packet);
  }
  return Buffer.concat(parts);
}
