import { rewriteRtp, rewriteSenderReport, senderReportSsrc, startsKeyframe, type RtcpPacket } from './rtp-packets';
import { AUDIO_PT_TAP, VIDEO_PT_TAP, type Outgoing, type Publisher, type Room, type Tap, type Viewer } from './sfu-rooms';
import { removeViewer } from './sfu-viewers';

// Each packet a publisher sends goes to every viewer and tap of its room, rewritten to the SSRC and payload type that
// viewer negotiated (sequence numbers and timestamps run on across publishers: StreamContinuity). The JavaScript
// thread only moves packets; libdatachannel does ICE, DTLS and SRTP on its own threads.

export function onPublisherRtcp(room: Room, publisher: Publisher, kind: 'video' | 'audio', packets: RtcpPacket[]) {
  const ssrc = senderReportSsrc(packets);
  if (ssrc === undefined) return;
  const inbound = kind === 'video' ? publisher.inVideo : publisher.inAudio;
  const sr = packets.find((p) => p.type === 200);
  if (sr) inbound.onSenderReport(sr.body, Date.now());
  const continuity = kind === 'video' ? room.video : room.audio;
  const mapTs = (s: number, ts: number) => continuity.mapTimestamp(s, ts);
  // Sender reports pass through (rewritten) so every viewer can line audio up with video.
  for (const viewer of room.viewers.values()) {
    const out = kind === 'video' ? viewer.video : viewer.audio;
    if (!out?.open) continue;
    const report = rewriteSenderReport(packets, { ssrc: out.ssrc, mapTs });
    if (report) sendToViewer(room, viewer, out, report);
  }
  for (const tap of room.taps.values()) {
    const report = rewriteSenderReport(packets, { ssrc: kind === 'video' ? tap.videoSsrc : tap.audioSsrc, mapTs });
    if (report) sendToTap(tap, report, (kind === 'video' ? tap.videoPort : tap.audioPort) + 1);
  }
}

export function forwardVideo(room: Room, publisher: Publisher, packet: Buffer, now: number) {
  publisher.inVideo.onRtp(packet);
  const { seq, ts } = room.video.map(packet, now);
  let keyframe: boolean | undefined;
  const isKeyframe = () => (keyframe ??= startsKeyframe(packet, publisher.codec.name));
  for (const viewer of room.viewers.values()) {
    const out = viewer.video;
    if (!out?.open || viewer.shedUntilMs > now) continue;
    if (viewer.waitingForKeyframe) {
      if (!isKeyframe()) continue;
      viewer.waitingForKeyframe = false;
    }
    sendToViewer(room, viewer, out, rewriteRtp(packet, { ssrc: out.ssrc, payloadType: out.payloadType, seq, ts }));
  }
  for (const tap of room.taps.values()) {
    if (tap.waitingForKeyframe) {
      if (!isKeyframe()) continue;
      tap.waitingForKeyframe = false;
    }
    sendToTap(tap, rewriteRtp(packet, { ssrc: tap.videoSsrc, payloadType: VIDEO_PT_TAP, seq, ts }), tap.videoPort);
  }
}

export function forwardAudio(room: Room, publisher: Publisher, packet: Buffer, now: number) {
  publisher.inAudio.onRtp(packet);
  const { seq, ts } = room.audio.map(packet, now);
  for (const viewer of room.viewers.values()) {
    const out = viewer.audio;
    if (!out?.open) continue;
    sendToViewer(room, viewer, out, rewriteRtp(packet, { ssrc: out.ssrc, payloadType: out.payloadType, seq, ts }));
  }
  for (const tap of room.taps.values()) {
    sendToTap(tap, rewriteRtp(packet, { ssrc: tap.audioSsrc, payloadType: AUDIO_PT_TAP, seq, ts }), tap.audioPort);
  }
}

/**
 * One packet to one viewer. A viewer goes whenever it likes (a tab closed, a member moving on to the paid chat):
 * libdatachannel closes its tracks on its own threads, before this thread hears of the connection's state, and the
 * send throws. A closed or never-open track drops the viewer; any other refusal (SRTP's replay protection, a packet
 * the publisher sent again from long ago) costs that packet alone.
 */
function sendToViewer(room: Room, viewer: Viewer, out: Outgoing, packet: Buffer) {
  try {
    out.track.sendMessageBinary(packet);
  } catch {
    if (!out.track.isClosed() && out.track.isOpen()) return;
    out.open = false;
    if (room.viewers.get(viewer.resourceId) === viewer) removeViewer(room, viewer);
  }
}

/** One packet to a tap reader on this machine; a send that fails (its socket closing) costs that packet alone. */
function sendToTap(tap: Tap, packet: Buffer, port: number) {
  try {
    tap.socket.send(packet, port, '127.0.0.1');
  } catch {
    // The tap is being closed (closeRtpTap): nothing more to send it.
  }
}
