import type { PeerConnection, RtcConfig } from 'node-datachannel';
import { options, RequestError } from './sfu-parent-link';

// What publishers and viewers share about their peer connections: the configuration, the offer taken, the answer
// given whole, and the end of a connection.

const GATHERING_TIMEOUT_MS = 5000;

export function rtcConfig(): RtcConfig {
  const iceServers: string[] = [];
  for (const server of options.iceServers) {
    for (const url of Array.isArray(server.urls) ? server.urls : [server.urls]) {
      const match = /^(stuns?|turns?):(.*)$/.exec(url);
      if (!match) continue;
      const credentials = server.username ? `${encodeURIComponent(server.username)}:${encodeURIComponent(server.credential ?? '')}@` : '';
      iceServers.push(`${match[1]}:${match[1]!.startsWith('turn') ? credentials : ''}${match[2]}`);
    }
  }
  return {
    iceServers,
    disableAutoNegotiation: true,
    ...(options.rtcPorts ? { portRangeBegin: options.rtcPorts.begin, portRangeEnd: options.rtcPorts.end } : {}),
  };
}

/** The answer with every candidate gathered (WHIP and WHEP answers are not trickled); behind NAT, the announced IP. */
export async function completeAnswer(pc: PeerConnection): Promise<string> {
  pc.setLocalDescription('answer');
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, GATHERING_TIMEOUT_MS);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    pc.onGatheringStateChange((state) => state === 'complete' && done());
    if (pc.gatheringState() === 'complete') done();
  });
  const sdp = pc.localDescription()?.sdp;
  if (!sdp) throw new Error('libdatachannel gave no local description');
  return options.announcedIp ? announce(sdp, options.announcedIp) : sdp;
}

/** Host candidates carry the announced address (1:1 NAT: the same ports forwarded to this machine). */
function announce(sdp: string, ip: string): string {
  return sdp
    .split('\r\n')
    .filter((line) => !(line.startsWith('a=candidate:') && line.includes(' typ host') && line.split(' ')[4]?.includes(':')))
    .map((line) => {
      if (line.startsWith('c=IN IP4 ')) return `c=IN IP4 ${ip}`;
      if (!line.startsWith('a=candidate:') || !line.includes(' typ host')) return line;
      const parts = line.split(' ');
      parts[4] = ip;
      return parts.join(' ');
    })
    .join('\r\n');
}

export function takeOffer(pc: PeerConnection, sdp: string) {
  try {
    pc.setRemoteDescription(sdp, 'offer');
  } catch (error) {
    pc.close();
    throw new RequestError('bad-offer', `The offer was refused: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** libdatachannel closes a connection's tracks itself once it is disconnected, failed or closed: each is the end. */
export const isGone = (state: string) => state === 'disconnected' || state === 'failed' || state === 'closed';

export function closeQuietly(pc: PeerConnection | undefined) {
  try {
    pc?.close();
  } catch {
    // Closed already.
  }
}
