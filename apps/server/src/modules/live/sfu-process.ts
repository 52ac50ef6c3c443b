import type { SfuMessage, SfuRequest, SfuResult } from './sfu-protocol';
import { SdpError } from './sdp-offer';
import { RequestError, send } from './sfu-parent-link';
import { publish } from './sfu-publishers';
import { rooms } from './sfu-rooms';
import { closeRtpIngest, openRtpIngest } from './sfu-rtp-ingest';
import { closeRtpTap, openRtpTap } from './sfu-rtp-taps';
import { closeSession, endRoom, patch } from './sfu-sessions';
import { tick } from './sfu-upkeep';
import { view } from './sfu-viewers';

// The embedded SFU (decision record 033): a child process of the server, rooms keyed by camera id. A publisher
// (WebRTC through WHIP, or RTP from a local ffmpeg) sends to the room; each viewer gets every packet rewritten to the
// SSRC and payload type it negotiated. libdatachannel does ICE, DTLS and SRTP on its own threads; the JavaScript
// thread here only moves packets. A process, not a worker thread: node-datachannel's native state is per process
// (a second thread using it crashes the process), and a fault in native code must not take the API down.
//
// This file is the process itself (the server forks it: sfu-process-entry.mjs under tsx, the bundle's
// sfu-process.mjs in production): it takes the server's requests and hands them to the rooms' modules (sfu-*.ts).

if (!process.send) throw new Error('The SFU runs as a child process of the server (embedded-media-server.ts)');
// The server went away: so does its SFU.
process.on('disconnect', () => process.exit(0));
// The last line of defence (decision record 060): every send that can fail is handled where it is made, so what
// arrives here is a bug whose damage is unknown (a room half updated). The server hears why, and the process exits:
// the server starts a fresh one at once and the rooms resume, rather than living on in a state nobody can vouch for.
const fatal = (error: unknown) => {
  const detail = error instanceof Error ? { message: error.message, stack: error.stack } : { message: String(error) };
  if (!process.connected) process.exit(1);
  process.send!({ type: 'fatal', ...detail } satisfies SfuMessage, () => process.exit(1));
};
process.on('uncaughtException', fatal);
process.on('unhandledRejection', fatal);

const upkeep = setInterval(tick, 1000);

async function handle(request: SfuRequest): Promise<SfuResult> {
  switch (request.op) {
    case 'publish':
      return publish(request.room, request.sdp, request.source);
    case 'view':
      return view(request.room, request.sdp, request.viewerKey);
    case 'patch':
      return patch(request.resourceId, request.fragment);
    case 'closeSession':
      closeSession(request.resourceId);
      return undefined;
    case 'openRtpIngest':
      return openRtpIngest(request.room, request.source, request.videoCodec);
    case 'closeRtpIngest':
      closeRtpIngest(request.ingestId);
      return undefined;
    case 'openRtpTap':
      return openRtpTap(request.room);
    case 'closeRtpTap':
      closeRtpTap(request.tapId);
      return undefined;
    case 'endRoom':
      endRoom(request.room);
      return undefined;
    case 'close':
      clearInterval(upkeep);
      for (const roomId of [...rooms.keys()]) endRoom(roomId);
      return undefined;
  }
}

process.on('message', (message: { id: number; request: SfuRequest }) => {
  handle(message.request).then(
    (result) => send({ type: 'reply', id: message.id, ok: true, result }),
    (error: unknown) => {
      if (error instanceof RequestError) send({ type: 'reply', id: message.id, ok: false, code: error.code, message: error.message });
      else if (error instanceof SdpError) send({ type: 'reply', id: message.id, ok: false, code: 'bad-offer', message: error.message });
      else send({ type: 'reply', id: message.id, ok: false, code: 'internal', message: error instanceof Error ? error.message : String(error) });
    },
  );
});

// Loaded and listening: the server counts the SFU as up from here (its watchdog expects stats every second).
send({ type: 'ready' });
