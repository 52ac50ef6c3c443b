import { describe, expect, it } from 'vitest';
import { candidatesOf, matchingCodec, parseOffer, preferredVideoCodec, SdpError } from './sdp-offer';

const offer = [
  'v=0',
  'o=- 1 1 IN IP4 127.0.0.1',
  's=-',
  't=0 0',
  'a=fingerprint:sha-256 AB:CD',
  'm=video 9 UDP/TLS/RTP/SAVPF 102 96 97',
  'a=mid:0',
  'a=sendonly',
  'a=rtpmap:102 H264/90000',
  'a=fmtp:102 level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=42e01f',
  'a=rtpmap:96 VP8/90000',
  'a=rtpmap:97 rtx/90000',
  'a=ssrc:1234 cname:x',
  'm=audio 9 UDP/TLS/RTP/SAVPF 111',
  'a=mid:1',
  'a=sendonly',
  'a=rtpmap:111 opus/48000/2',
  '',
].join('\r\n');

describe('SDP offers', () => {
  it('reads the sections, codecs in the offer\'s order, and the first SSRC', () => {
    const [video, audio] = parseOffer(offer);
    expect(video).toMatchObject({ kind: 'video', mid: '0', direction: 'sendonly', ssrc: 1234 });
    expect(video!.codecs.map((c) => c.name)).toEqual(['H264', 'VP8', 'RTX']);
    expect(preferredVideoCodec(video!)).toMatchObject({ name: 'H264', payloadType: 102 });
    expect(audio).toMatchObject({ kind: 'audio', mid: '1', codecs: [{ name: 'OPUS', payloadType: 111, clockRate: 48000, channels: 2 }] });
  });

  it('matches a viewer\'s H264 by packetization mode and profile', () => {
    const viewer = parseOffer(offer.replace('a=sendonly', 'a=recvonly'))[0]!;
    expect(matchingCodec(viewer, { name: 'H264', fmtp: 'packetization-mode=1;profile-level-id=42e01f' })?.payloadType).toBe(102);
    expect(matchingCodec(viewer, { name: 'H264', fmtp: 'packetization-mode=0' })).toBeUndefined();
    expect(matchingCodec(viewer, { name: 'VP8', fmtp: undefined })?.payloadType).toBe(96);
  });

  it('names what is wrong with what is not an offer', () => {
    expect(() => parseOffer('hello')).toThrow(/v=0/);
    expect(() => parseOffer('v=0\r\nm=video 9 RTP/AVP 96\r\n')).toThrow(/fingerprint/);
    expect(() => parseOffer('v=0\r\na=fingerprint:sha-256 AB\r\n')).toThrow(/no media section/);
    expect(() => parseOffer('v=0\r\na=fingerprint:sha-256 AB\r\nm=video 9 RTP/AVP 96\r\n')).toThrow(/a=mid/);
    expect(() => parseOffer(`v=0\r\n${'a=x\r\n'.repeat(20_000)}`)).toThrow(SdpError);
  });

  it('reads trickled candidates with their mid', () => {
    expect(candidatesOf('a=mid:1\r\na=candidate:1 1 UDP 2 10.0.0.1 5000 typ host\r\n')).toEqual([{ candidate: 'candidate:1 1 UDP 2 10.0.0.1 5000 typ host', mid: '1' }]);
  });
});
