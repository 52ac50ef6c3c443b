// The part of RTMP an encoder needs to publish (decision record 034): the simple handshake, the chunk stream, AMF0
// commands, and FLV tags built from the audio/video messages so that ffmpeg reads the stream from a pipe. Playing,
// AMF3 objects and RTMPS are not here: viewers watch over WebRTC or LL-HLS, and TLS belongs to a proxy in front.

export const HANDSHAKE_SIZE = 1536;

export const MSG = {
  setChunkSize: 1,
  abort: 2,
  ack: 3,
  userControl: 4,
  windowAckSize: 5,
  setPeerBandwidth: 6,
  audio: 8,
  video: 9,
  dataAmf3: 15,
  commandAmf3: 17,
  dataAmf0: 18,
  commandAmf0: 20,
} as const;

export interface RtmpMessage {
  type: number;
  streamId: number;
  /** Milliseconds, absolute (deltas already added up). */
  timestamp: number;
  payload: Buffer;
}

// ------------------------------------------------------------------------------------------------------------------
// AMF0

export type AmfValue = number | boolean | string | null | undefined | AmfValue[] | { [key: string]: AmfValue };

class AmfReader {
  pos = 0;
  constructor(readonly buf: Buffer) {}
  get done() {
    return this.pos >= this.buf.length;
  }
  private need(n: number) {
    if (this.pos + n > this.buf.length) throw new RangeError('AMF0 value runs past the end of the message');
  }
  private string(long = false): string {
    this.need(long ? 4 : 2);
    const len = long ? this.buf.readUInt32BE(this.pos) : this.buf.readUInt16BE(this.pos);
    this.pos += long ? 4 : 2;
    this.need(len);
    const s = this.buf.toString('utf8', this.pos, this.pos + len);
    this.pos += len;
    return s;
  }
  private properties(): Record<string, AmfValue> {
    const out: Record<string, AmfValue> = {};
    for (;;) {
      const key = this.string();
      this.need(1);
      if (key === '' && this.buf[this.pos] === 0x09) {
        this.pos++;
        return out;
      }
      out[key] = this.value();
    }
  }
  value(): AmfValue {
    this.need(1);
    const marker = this.buf[this.pos++]!;
    switch (marker) {
      case 0x00: {
        this.need(8);
        const n = this.buf.readDoubleBE(this.pos);
        this.pos += 8;
        return n;
      }
      case 0x01:
        this.need(1);
        return this.buf[this.pos++] !== 0;
      case 0x02:
        return this.string();
      case 0x03:
        return this.properties();
      case 0x05:
        return null;
      case 0x06:
        return undefined;
      case 0x08:
        this.need(4);
        this.pos += 4; // The count is a hint only; the properties end with the object end marker.
        return this.properties();
      case 0x0a: {
        this.need(4);
        const n = this.buf.readUInt32BE(this.pos);
        this.pos += 4;
        const arr: AmfValue[] = [];
        for (let i = 0; i < n; i++) arr.push(this.value());
        return arr;
      }
      case 0x0b:
        this.need(10);
        this.pos += 10;
        return null;
      case 0x0c:
        return this.string(true);
      default:
        throw new RangeError(`AMF0 marker 0x${marker.toString(16)} is not supported`);
    }
  }
}

export function decodeAmf0(buf: Buffer): AmfValue[] {
  const reader = new AmfReader(buf);
  const values: AmfValue[] = [];
  while (!reader.done) values.push(reader.value());
  return values;
}

function encodeString(s: string): Buffer {
  const body = Buffer.from(s, 'utf8');
  const head = Buffer.alloc(2);
  head.writeUInt16BE(body.length);
  return Buffer.concat([head, body]);
}

export function encodeAmf0(...values: AmfValue[]): Buffer {
  const parts: Buffer[] = [];
  const put = (v: AmfValue) => {
    if (typeof v === 'number') {
      const b = Buffer.alloc(9);
      b[0] = 0x00;
      b.writeDoubleBE(v, 1);
      parts.push(b);
    } else if (typeof v === 'boolean') parts.push(Buffer.from([0x01, v ? 1 : 0]));
    else if (typeof v === 'string') parts.push(Buffer.from([0x02]), encodeString(v));
    else if (v === null) parts.push(Buffer.from([0x05]));
    else if (v === undefined) parts.push(Buffer.from([0x06]));
    else if (Array.isArray(v)) {
      const b = Buffer.alloc(5);
      b[0] = 0x0a;
      b.writeUInt32BE(v.length, 1);
      parts.push(b);
      v.forEach(put);
    } else {
      parts.push(Buffer.from([0x03]));
      for (const [k, val] of Object.entries(v)) {
        parts.push(encodeString(k));
        put(val);
      }
      parts.push(Buffer.from([0x00, 0x00, 0x09]));
    }
  };
  values.forEach(put);
  return Buffer.concat(parts);
}

// ------------------------------------------------------------------------------------------------------------------
// Chunk stream

interface ChunkState {
  timestamp: number;
  delta: number;
  length: number;
  type: number;
  streamId: number;
  extended: boolean;
  pending: Buffer[];
  received: number;
}

/** Reads chunks into whole messages. Throws on a stream it cannot follow (the connection is then dropped). */
export class ChunkReader {
  private chunkSize = 128;
  private buffer: Buffer = Buffer.alloc(0);
  private readonly streams = new Map<number, ChunkState>();

  /** Messages larger than this are refused (an encoder's key frame fits easily). */
  constructor(private readonly maxMessageBytes = 16 * 1024 * 1024) {}

  push(data: Buffer): RtmpMessage[] {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, data]) : data;
    const out: RtmpMessage[] = [];
    for (;;) {
      const consumed = this.readChunk(out);
      if (consumed === 0) break;
      this.buffer = this.buffer.subarray(consumed);
    }
    return out;
  }

  private readChunk(out: RtmpMessage[]): number {
    const b = this.buffer;
    if (b.length < 1) return 0;
    const fmt = b[0]! >> 6;
    let csid = b[0]! & 0x3f;
    let pos = 1;
    if (csid === 0) {
      if (b.length < 2) return 0;
      csid = 64 + b[1]!;
      pos = 2;
    } else if (csid === 1) {
      if (b.length < 3) return 0;
      csid = 64 + b[1]! + b[2]! * 256;
      pos = 3;
    }
    const headerSize = [11, 7, 3, 0][fmt]!;
    if (b.length < pos + headerSize) return 0;
    const prev = this.streams.get(csid);
    if (fmt !== 0 && !prev) throw new Error(`RTMP chunk stream ${csid} starts without a full header`);
    const state: ChunkState = prev ?? { timestamp: 0, delta: 0, length: 0, type: 0, streamId: 0, extended: false, pending: [], received: 0 };
    let ts = 0;
    if (fmt <= 2) ts = b.readUIntBE(pos, 3);
    let extended = fmt <= 2 ? ts === 0xffffff : state.extended;
    let length = state.length;
    let type = state.type;
    let streamId = state.streamId;
    if (fmt <= 1) {
      length = b.readUIntBE(pos + 3, 3);
      type = b[pos + 6]!;
    }
    if (fmt === 0) streamId = b.readUInt32LE(pos + 7);
    pos += headerSize;
    if (extended) {
      if (b.length < pos + 4) return 0;
      ts = b.readUInt32BE(pos);
      pos += 4;
    }
    if (length > this.maxMessageBytes) throw new Error(`RTMP message of ${length} bytes is too large`);
    const starting = state.received === 0;
    const take = Math.min(this.chunkSize, length - state.received);
    if (b.length < pos + take) return 0;

    if (starting) {
      if (fmt === 0) {
        state.timestamp = ts;
        state.delta = 0;
      } else if (fmt === 1 || fmt === 2) {
        state.delta = ts;
        state.timestamp += ts;
      } else {
        // Type 3 starting a new message repeats the previous delta.
        state.timestamp += state.delta;
      }
    }
    extended = fmt <= 2 ? extended : state.extended;
    Object.assign(state, { length, type, streamId, extended });
    state.pending.push(b.subarray(pos, pos + take));
    state.received += take;
    this.streams.set(csid, state);
    if (state.received >= length) {
      const payload = Buffer.concat(state.pending);
      state.pending = [];
      state.received = 0;
      const message = { type, streamId, timestamp: state.timestamp >>> 0, payload };
      if (type === MSG.setChunkSize && payload.length >= 4) this.chunkSize = Math.max(1, payload.readUInt32BE(0) & 0x7fffffff);
      else if (type === MSG.abort && payload.length >= 4) this.streams.delete(payload.readUInt32BE(0));
      else out.push(message);
    }
    return pos + take;
  }
}

/** Writes one message as chunks (fmt 0, then fmt 3) at the given outgoing chunk size. */
export function writeChunks(csid: number, message: Omit<RtmpMessage, 'timestamp'> & { timestamp?: number }, chunkSize: number): Buffer {
  const { payload } = message;
  const header = Buffer.alloc(12);
  header[0] = csid & 0x3f;
  header.writeUIntBE(Math.min(message.timestamp ?? 0, 0xfffffe), 1, 3);
  header.writeUIntBE(payload.length, 4, 3);
  header[7] = message.type;
  header.writeUInt32LE(message.streamId, 8);
  const parts: Buffer[] = [header];
  for (let off = 0; off < payload.length; off += chunkSize) {
    if (off > 0) parts.push(Buffer.from([0xc0 | (csid & 0x3f)]));
    parts.push(payload.subarray(off, off + chunkSize));
  }
  return Buffer.concat(parts);
}

export const uint32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n >>> 0);
  return b;
};

// ------------------------------------------------------------------------------------------------------------------
// FLV

export const FLV_HEADER = Buffer.from([0x46, 0x4c, 0x56, 0x01, 0x05, 0x00, 0x00, 0x00, 0x09, 0x00, 0x00, 0x00, 0x00]);

/** One FLV tag (with its trailing previous-tag-size) for an audio (8), video (9) or script (18) payload. */
export function flvTag(type: 8 | 9 | 18, timestamp: number, data: Buffer): Buffer {
  const head = Buffer.alloc(11);
  head[0] = type;
  head.writeUIntBE(data.length, 1, 3);
  head.writeUIntBE(timestamp & 0xffffff, 4, 3);
  head[7] = (timestamp >>> 24) & 0xff;
  return Buffer.concat([head, data, uint32(11 + data.length)]);
}

/** Whether an RTMP video payload (an FLV video tag's body) is a key frame, in legacy or Enhanced RTMP framing. */
export function isVideoKeyframe(payload: Buffer): boolean {
  if (payload.length < 1) return false;
  return ((payload[0]! >> 4) & 0x07) === 1;
}

/**
 * Whether an RTMP audio or video payload is its codec's sequence header (AVC/HEVC decoder configuration, Enhanced
 * RTMP's SequenceStart, AAC's AudioSpecificConfig): what a decoder joining later needs before anything else.
 */
export function isSequenceHeader(kind: 'audio' | 'video', payload: Buffer): boolean {
  if (payload.length < 2) return false;
  if (kind === 'audio') return payload[0]! >> 4 === 10 && payload[1] === 0;
  // Enhanced RTMP: the low four bits are the packet type, 0 = SequenceStart. Legacy: AVC (7) or HEVC (12), type 0.
  if (payload[0]! & 0x80) return (payload[0]! & 0x0f) === 0;
  const codecId = payload[0]! & 0x0f;
  return (codecId === 7 || codecId === 12) && payload[1] === 0;
}

export interface VideoTrackInfo {
  /** FLV codec id: 7 = H.264 (AVC); others (and Enhanced RTMP's FourCCs) are transcoded. */
  codecId: number;
  /** The AVC profile_idc from the decoder configuration (66 baseline, 77 main, 100 high), when H.264. */
  avcProfile?: number;
  /** constraint_set1_flag: constrained baseline. */
  constrained?: boolean;
}

/** Reads the codec of a video message; for an AVC sequence header, also the profile. Null for other messages. */
export function videoTrackInfo(payload: Buffer): VideoTrackInfo | null {
  if (payload.length < 1) return null;
  const first = payload[0]!;
  // Enhanced RTMP: the high bit marks a FourCC codec (HEVC, AV1, VP9).
  if (first & 0x80) return { codecId: -1 };
  const codecId = first & 0x0f;
  if (codecId !== 7) return { codecId };
  if (payload.length < 9 || payload[1] !== 0) return null;
  return { codecId, avcProfile: payload[6]!, constrained: (payload[7]! & 0x40) !== 0 };
}

/**
 * Whether a remux is enough: WebRTC players decode constrained baseline everywhere, and baseline has no B-frames
 * (which RTP to a browser cannot carry in decode order). Anything else is transcoded to VP8.
 */
export function canRemuxH264(info: VideoTrackInfo): boolean {
  return info.codecId === 7 && info.avcProfile === 66;
}
