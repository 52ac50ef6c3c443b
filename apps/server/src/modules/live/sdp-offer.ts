// What the SFU needs from a WHIP or WHEP offer: its media sections (mid, kind, direction, codecs). The transport
// lines (ICE, DTLS) are libdatachannel's business; this only refuses what is not an offer at all, with a message
// that says why (a 400, never a 500).

export const SDP_MAX_BYTES = 64 * 1024;

export type Direction = 'sendrecv' | 'sendonly' | 'recvonly' | 'inactive';

export interface Codec {
  payloadType: number;
  /** As in a=rtpmap, upper-cased: VP8, H264, OPUS, RTX, … */
  name: string;
  clockRate: number;
  channels: number | undefined;
  fmtp: string | undefined;
}

export interface MediaSection {
  kind: 'audio' | 'video' | 'application';
  mid: string;
  direction: Direction;
  codecs: Codec[];
  /** The first SSRC the section announces (a=ssrc), when it announces one. */
  ssrc: number | undefined;
}

export class SdpError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SdpError';
  }
}

const DIRECTIONS = new Set<string>(['sendrecv', 'sendonly', 'recvonly', 'inactive']);

export function parseOffer(sdp: string): MediaSection[] {
  if (Buffer.byteLength(sdp, 'utf8') > SDP_MAX_BYTES) throw new SdpError(`The offer is larger than ${SDP_MAX_BYTES / 1024} KB`);
  const lines = sdp.split(/\r?\n/).filter((l) => l !== '');
  if (lines[0] !== 'v=0') throw new SdpError('The body is not an SDP offer: it must start with the line v=0');
  if (!lines.some((l) => l.startsWith('a=fingerprint:'))) throw new SdpError('The offer has no DTLS fingerprint (a=fingerprint)');
  const sections: Array<MediaSection & { formats: number[] }> = [];
  let current: (MediaSection & { formats: number[] }) | undefined;
  let sessionDirection: Direction = 'sendrecv';
  for (const line of lines) {
    if (line.startsWith('m=')) {
      const [kind, , , ...formats] = line.slice(2).split(' ');
      if (kind !== 'audio' && kind !== 'video' && kind !== 'application') {
        throw new SdpError(`The offer has a media section of unknown kind "${String(kind).slice(0, 20)}"`);
      }
      current = { kind, mid: '', direction: sessionDirection, codecs: [], ssrc: undefined, formats: formats.map(Number).filter(Number.isInteger) };
      sections.push(current);
      continue;
    }
    if (!line.startsWith('a=')) continue;
    const attribute = line.slice(2);
    if (!current) {
      if (DIRECTIONS.has(attribute)) sessionDirection = attribute as Direction;
      continue;
    }
    if (attribute.startsWith('mid:')) current.mid = attribute.slice(4).trim();
    else if (DIRECTIONS.has(attribute)) current.direction = attribute as Direction;
    else if (attribute.startsWith('rtpmap:')) {
      const match = /^rtpmap:(\d+) ([A-Za-z0-9_.-]+)\/(\d+)(?:\/(\d+))?/.exec(attribute);
      if (match) {
        current.codecs.push({
          payloadType: Number(match[1]),
          name: match[2]!.toUpperCase(),
          clockRate: Number(match[3]),
          channels: match[4] === undefined ? undefined : Number(match[4]),
          fmtp: undefined,
        });
      }
    } else if (attribute.startsWith('fmtp:')) {
      const match = /^fmtp:(\d+) (.*)$/.exec(attribute);
      const codec = match ? current.codecs.find((c) => c.payloadType === Number(match[1])) : undefined;
      if (codec) codec.fmtp = match![2];
    } else if (attribute.startsWith('ssrc:') && current.ssrc === undefined) {
      const ssrc = Number(/^ssrc:(\d+)/.exec(attribute)?.[1]);
      if (Number.isSafeInteger(ssrc)) current.ssrc = ssrc;
    }
  }
  if (sections.length === 0) throw new SdpError('The offer has no media section (m=)');
  for (const section of sections) {
    if (section.kind !== 'application' && section.mid === '') throw new SdpError(`The offer's ${section.kind} section has no a=mid`);
    // Static payload types (a=rtpmap optional): only what WebRTC could mean by them.
    for (const pt of section.formats) {
      if (!section.codecs.some((c) => c.payloadType === pt) && pt === 0) {
        section.codecs.push({ payloadType: 0, name: 'PCMU', clockRate: 8000, channels: 1, fmtp: undefined });
      }
    }
  }
  return sections.map(({ formats: _formats, ...section }) => section);
}

export type VideoCodecName = 'VP8' | 'H264';

/** The publisher's choice: its first VP8 or H264 codec in its own order of preference. */
export function preferredVideoCodec(section: MediaSection): (Codec & { name: VideoCodecName }) | undefined {
  return section.codecs.find((c): c is Codec & { name: VideoCodecName } => (c.name === 'VP8' || c.name === 'H264') && c.clockRate === 90000);
}

const fmtpParams = (fmtp: string | undefined) =>
  new Map((fmtp ?? '').split(';').map((p) => p.trim().split('=') as [string, string?]).map(([k, v]) => [k.toLowerCase(), v ?? '']));

/**
 * A viewer's codec that can carry the room's stream unchanged: the same name and, for H264, the same packetization
 * mode and profile (the first byte pair of profile-level-id; a viewer decodes any level up to what it announces).
 */
export function matchingCodec(section: MediaSection, room: { name: VideoCodecName | 'OPUS'; fmtp: string | undefined }): Codec | undefined {
  const candidates = section.codecs.filter((c) => c.name === room.name);
  if (room.name !== 'H264') return candidates[0];
  const want = fmtpParams(room.fmtp);
  const mode = want.get('packetization-mode') ?? '0';
  const profile = (want.get('profile-level-id') ?? '42e01f').slice(0, 4).toLowerCase();
  const ranked = candidates.filter((c) => (fmtpParams(c.fmtp).get('packetization-mode') ?? '0') === mode);
  return ranked.find((c) => (fmtpParams(c.fmtp).get('profile-level-id') ?? '42e01f').slice(0, 4).toLowerCase() === profile) ?? ranked[0];
}

/** The a=candidate lines of a trickle-ICE fragment (RFC 8840), each with the mid it belongs to. */
export function candidatesOf(fragment: string): Array<{ candidate: string; mid: string }> {
  const found: Array<{ candidate: string; mid: string }> = [];
  let mid = '0';
  for (const line of fragment.split(/\r?\n/)) {
    if (line.startsWith('a=mid:')) mid = line.slice(6).trim();
    else if (line.startsWith('a=candidate:')) found.push({ candidate: line.slice(2).trim(), mid });
  }
  return found;
}

/** The ICE credentials a fragment names: a new ufrag means an ICE restart. */
export const iceUfragOf = (sdp: string) => /^a=ice-ufrag:(\S+)/m.exec(sdp)?.[1];
