// RTP and RTCP byte work of the SFU (RFC 3550, RFC 4585, RFC 5104). Packets are forwarded, not re-packetized: each
// goes out with the SSRC and payload type the receiver negotiated, and sequence numbers and timestamps that stay
// continuous when the publisher changes (a receiver would take a jump for heavy loss or a broken clock).

/** RFC 5761: payload types 64 to 95 in the second byte (marker bit off) are RTCP. */
export function isRtcp(packet: Uint8Array): boolean {
  if (packet.length < 8) return false;
  const type = packet[1]! & 0x7f;
  return type >= 64 && type <= 95;
}

export const rtpSsrc = (packet: Buffer) => packet.readUInt32BE(8);
export const rtpSequence = (packet: Buffer) => packet.readUInt16BE(2);
export const rtpTimestamp = (packet: Buffer) => packet.readUInt32BE(4);

/** Whether this is a well-formed RTP packet (version 2, room for its CSRCs and header extension). */
export function isRtp(packet: Buffer): boolean {
  if (packet.length < 12 || packet[0]! >> 6 !== 2 || isRtcp(packet)) return false;
  return payloadOffset(packet) <= packet.length;
}

function payloadOffset(packet: Buffer): number {
  let offset = 12 + (packet[0]! & 0x0f) * 4;
  if (packet[0]! & 0x10) {
    if (packet.length < offset + 4) return Infinity;
    offset += 4 + packet.readUInt16BE(offset + 2) * 4;
  }
  return offset;
}

/**
 * Maps one incoming stream (whose SSRC may change when a publisher is replaced) onto one continuous outgoing
 * numbering: on a new SSRC the offsets are chosen so the next packet follows the last one sent.
 */
export class StreamContinuity {
  private source: number | undefined;
  private seqOffset = 0;
  private tsOffset = 0;
  private lastSeq = Math.floor(Math.random() * 0x10000);
  private lastTs = Math.floor(Math.random() * 0x100000000);
  private lastWallMs = 0;

  constructor(private readonly clockRate: number) {}

  /** The outgoing sequence number and timestamp of an incoming packet. */
  map(packet: Buffer, nowMs: number): { seq: number; ts: number } {
    const ssrc = rtpSsrc(packet);
    const seq = rtpSequence(packet);
    const ts = rtpTimestamp(packet);
    if (ssrc !== this.source) {
      this.source = ssrc;
      const elapsed = this.lastWallMs === 0 ? 0 : Math.round(((nowMs - this.lastWallMs) * this.clockRate) / 1000);
      this.seqOffset = (this.lastSeq + 1 - seq) & 0xffff;
      this.tsOffset = (this.lastTs + Math.max(1, elapsed) - ts) >>> 0;
    }
    const out = { seq: (seq + this.seqOffset) & 0xffff, ts: (ts + this.tsOffset) >>> 0 };
    // Only forward progress moves the anchor (a reordered packet must not pull it back).
    if (((out.seq - this.lastSeq) & 0xffff) < 0x8000) {
      this.lastSeq = out.seq;
      this.lastTs = out.ts;
      this.lastWallMs = nowMs;
    }
    return out;
  }

  /** A new publisher: its first packet continues the numbering, whatever its SSRC. */
  restart(): void {
    this.source = undefined;
  }

  /** The outgoing timestamp of an incoming one (a sender report's), for the current source. */
  mapTimestamp(ssrc: number, ts: number): number | undefined {
    return ssrc === this.source ? (ts + this.tsOffset) >>> 0 : undefined;
  }
}

/**
 * A copy of an RTP packet for one receiver, without the header extension (its ids were negotiated with the
 * publisher, not with this receiver) and with the receiver's SSRC, payload type and the continuous numbering.
 */
export function rewriteRtp(packet: Buffer, out: { ssrc: number; payloadType: number; seq: number; ts: number }): Buffer {
  const csrcBytes = (packet[0]! & 0x0f) * 4;
  const headerEnd = 12 + csrcBytes;
  const payloadStart = payloadOffset(packet);
  const copy = Buffer.allocUnsafe(headerEnd + (packet.length - payloadStart));
  packet.copy(copy, 0, 0, headerEnd);
  packet.copy(copy, headerEnd, payloadStart);
  copy[0] = packet[0]! & ~0x10;
  copy[1] = (packet[1]! & 0x80) | (out.payloadType & 0x7f);
  copy.writeUInt16BE(out.seq, 2);
  copy.writeUInt32BE(out.ts, 4);
  copy.writeUInt32BE(out.ssrc >>> 0, 8);
  return copy;
}

export interface RtcpPacket {
  type: number;
  /** Report count or feedback message type (the low five bits of the first byte). */
  format: number;
  body: Buffer;
}

/** The packets of a compound RTCP packet; a truncated one ends the list. */
export function splitRtcp(compound: Buffer): RtcpPacket[] {
  const packets: RtcpPacket[] = [];
  let offset = 0;
  while (offset + 4 <= compound.length) {
    const length = (compound.readUInt16BE(offset + 2) + 1) * 4;
    if (offset + length > compound.length || compound[offset]! >> 6 !== 2) break;
    packets.push({ type: compound[offset + 1]!, format: compound[offset]! & 0x1f, body: compound.subarray(offset, offset + length) });
    offset += length;
  }
  return packets;
}

const SR = 200;
const PSFB = 206;

/** A receiver asks for a keyframe: PLI (RFC 4585) or FIR (RFC 5104). */
export const asksForKeyframe = (packets: RtcpPacket[]) => packets.some((p) => p.type === PSFB && (p.format === 1 || p.format === 4));

/** The loss (0 to 1) a receiver report block tells of for one SSRC, if the packet has one. */
export function fractionLost(packets: RtcpPacket[], ssrc: number): number | undefined {
  for (const p of packets) {
    // RR (201): blocks after 8 bytes; SR (200): after 28.
    const start = p.type === 201 ? 8 : p.type === 200 ? 28 : -1;
    if (start < 0) continue;
    for (let i = 0; i < p.format && start + (i + 1) * 24 <= p.body.length; i++) {
      const block = start + i * 24;
      if (p.body.readUInt32BE(block) === ssrc >>> 0) return p.body[block + 4]! / 256;
    }
  }
  return undefined;
}

/** A sender report as one receiver should see it: its SSRC and RTP clock, without the report blocks. */
export function rewriteSenderReport(packets: RtcpPacket[], out: { ssrc: number; mapTs: (ssrc: number, ts: number) => number | undefined }): Buffer | undefined {
  const sr = packets.find((p) => p.type === SR && p.body.length >= 28);
  if (!sr) return undefined;
  const ts = out.mapTs(sr.body.readUInt32BE(4), sr.body.readUInt32BE(16));
  if (ts === undefined) return undefined;
  const copy = Buffer.from(sr.body.subarray(0, 28));
  copy[0] = 0x80;
  copy.writeUInt16BE(6, 2);
  copy.writeUInt32BE(out.ssrc >>> 0, 4);
  copy.writeUInt32BE(ts, 16);
  return copy;
}

/** The SSRC a sender report speaks for, if the compound packet holds one. */
export function senderReportSsrc(packets: RtcpPacket[]): number | undefined {
  const sr = packets.find((p) => p.type === SR && p.body.length >= 28);
  return sr?.body.readUInt32BE(4);
}

/** A Picture Loss Indication to a publisher's video SSRC. */
export function pictureLossIndication(senderSsrc: number, mediaSsrc: number): Buffer {
  const pli = Buffer.alloc(12);
  pli[0] = 0x81;
  pli[1] = PSFB;
  pli.writeUInt16BE(2, 2);
  pli.writeUInt32BE(senderSsrc >>> 0, 4);
  pli.writeUInt32BE(mediaSsrc >>> 0, 8);
  return pli;
}

/** Whether a VP8 or H264 RTP payload starts a keyframe (so a viewer that starts or recovers here can decode). */
export function startsKeyframe(packet: Buffer, codec: 'VP8' | 'H264'): boolean {
  const p = packet.subarray(payloadOffset(packet));
  if (codec === 'VP8') {
    // RFC 7741 payload descriptor, then the VP8 frame header whose lowest bit is 0 on a keyframe.
    if (p.length < 1) return false;
    const startOfPartition = (p[0]! & 0x10) !== 0 && (p[0]! & 0x0f) === 0;
    if (!startOfPartition) return false;
    let offset = 1;
    if (p[0]! & 0x80) {
      const x = p[1] ?? 0;
      offset++;
      if (x & 0x80) offset += (p[offset] ?? 0) & 0x80 ? 2 : 1;
      if (x & 0x40) offset++;
      if (x & 0x30) offset++;
    }
    return offset < p.length && (p[offset]! & 0x01) === 0;
  }
  if (p.length < 2) return false;
  const nal = p[0]! & 0x1f;
  if (nal === 5 || nal === 7) return true;
  if (nal === 24) {
    // STAP-A: look at each aggregated unit.
    for (let offset = 1; offset + 3 <= p.length; ) {
      const size = p.readUInt16BE(offset);
      const type = p[offset + 2]! & 0x1f;
      if (type === 5 || type === 7) return true;
      offset += 2 + size;
    }
    return false;
  }
  if (nal === 28) return (p[1]! & 0x80) !== 0 && ((p[1]! & 0x1f) === 5 || (p[1]! & 0x1f) === 7);
  return false;
}
