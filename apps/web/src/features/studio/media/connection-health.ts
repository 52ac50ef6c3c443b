// The health of a live connection, from two samples of RTCPeerConnection.getStats() (decision record 035).

/** What the studio shows; null where the browser did not report it (yet). */
export interface ConnectionHealth {
  /** Outgoing video bitrate, bits per second. */
  bitrate: number | null;
  framesPerSecond: number | null;
  width: number | null;
  height: number | null;
  /** Share of video packets lost on the way to the server, 0..1 (its receiver reports). */
  packetLoss: number | null;
  /** Round-trip time to the server, seconds. */
  roundTripTime: number | null;
  /** Why the browser sends less than it could (RTCOutboundRtpStreamStats.qualityLimitationReason). */
  limitation: 'none' | 'bandwidth' | 'cpu' | 'other' | null;
}

export type HealthVerdict = 'good' | 'fair' | 'poor';

/** The fields of the stats entries this module reads (the browser's objects carry more). */
interface StatsEntry {
  type: string;
  kind?: string;
  timestamp?: number;
  bytesSent?: number;
  framesPerSecond?: number;
  frameWidth?: number;
  frameHeight?: number;
  packetsSent?: number;
  packetsLost?: number;
  fractionLost?: number;
  roundTripTime?: number;
  currentRoundTripTime?: number;
  state?: string;
  nominated?: boolean;
  selected?: boolean;
  qualityLimitationReason?: string;
}

/** What one sample keeps for the next (the counters a rate is made of). */
export interface StatsSample {
  timestamp: number;
  bytesSent: number;
  packetsSent: number;
  packetsLost: number;
}

function entriesOf(report: RTCStatsReport | Iterable<[string, StatsEntry]>): StatsEntry[] {
  const list: StatsEntry[] = [];
  (report as Map<string, StatsEntry>).forEach((entry) => list.push(entry));
  return list;
}

function limitationOf(reason: string | undefined): ConnectionHealth['limitation'] {
  if (reason === undefined) return null;
  return reason === 'none' || reason === 'bandwidth' || reason === 'cpu' ? reason : 'other';
}

/**
 * Reads a stats report against the previous sample: the bitrate and the loss are rates over the interval, the rest
 * is as reported. Returns the health and the sample to pass next time.
 */
export function readHealth(report: RTCStatsReport | Map<string, StatsEntry>, previous: StatsSample | null): { health: ConnectionHealth; sample: StatsSample | null } {
  const entries = entriesOf(report);
  const outbound = entries.find((e) => e.type === 'outbound-rtp' && e.kind === 'video');
  const remoteInbound = entries.find((e) => e.type === 'remote-inbound-rtp' && e.kind === 'video');
  const pair = entries.find((e) => e.type === 'candidate-pair' && (e.selected || e.nominated) && e.state === 'succeeded');

  const sample: StatsSample | null = outbound
    ? {
        timestamp: outbound.timestamp ?? 0,
        bytesSent: outbound.bytesSent ?? 0,
        packetsSent: outbound.packetsSent ?? 0,
        packetsLost: remoteInbound?.packetsLost ?? 0,
      }
    : null;

  let bitrate: number | null = null;
  let packetLoss: number | null = remoteInbound?.fractionLost ?? null;
  if (sample && previous && sample.timestamp > previous.timestamp) {
    bitrate = Math.max(0, ((sample.bytesSent - previous.bytesSent) * 8 * 1000) / (sample.timestamp - previous.timestamp));
    const sent = sample.packetsSent - previous.packetsSent;
    const lost = sample.packetsLost - previous.packetsLost;
    if (sent > 0 && remoteInbound?.packetsLost !== undefined) packetLoss = Math.min(1, Math.max(0, lost / sent));
  }

  return {
    health: {
      bitrate,
      framesPerSecond: outbound?.framesPerSecond ?? null,
      width: outbound?.frameWidth ?? null,
      height: outbound?.frameHeight ?? null,
      packetLoss,
      roundTripTime: remoteInbound?.roundTripTime ?? pair?.currentRoundTripTime ?? null,
      limitation: limitationOf(outbound?.qualityLimitationReason),
    },
    sample,
  };
}

/**
 * How long after a connection is made the browser is still finding its bandwidth. Measured in headless Chromium
 * (decision record 035): the estimate starts near 300 kbit/s and took about 20 s to reach 720p on loopback, held back
 * "for bandwidth" all the while; that is no fault of her connection.
 */
export const RAMP_UP_SECONDS = 30;

/**
 * good / fair / poor, by the worst of: packet loss (2 % and 5 % are where video starts to freeze), round trip (200 ms
 * and 400 ms delay the chat noticeably), frames per second (below 15 looks jerky, below 8 is a slide show; webcams
 * give 15 in dim light, Chromium's fake camera 20), and the browser holding back for want of bandwidth or CPU (poor
 * once that leaves under a quarter of the chosen quality's bitrate). A low bitrate alone is no verdict: a still scene
 * needs little. While `warmingUp` (the first RAMP_UP_SECONDS), holding back for bandwidth is the estimate ramping up.
 */
export function verdictOf(health: ConnectionHealth, targetBitrate: number, { warmingUp = false }: { warmingUp?: boolean } = {}): HealthVerdict {
  const { packetLoss, roundTripTime, framesPerSecond, bitrate, limitation } = health;
  const limited = limitation === 'cpu' || (limitation === 'bandwidth' && !warmingUp);
  const starved = limited && bitrate !== null && targetBitrate > 0 && bitrate / targetBitrate < 0.25;
  const poor =
    (packetLoss !== null && packetLoss > 0.05) ||
    (roundTripTime !== null && roundTripTime > 0.4) ||
    (framesPerSecond !== null && framesPerSecond < 8) ||
    starved;
  if (poor) return 'poor';
  const fair =
    (packetLoss !== null && packetLoss > 0.02) ||
    (roundTripTime !== null && roundTripTime > 0.2) ||
    (framesPerSecond !== null && framesPerSecond < 15) ||
    limited;
  return fair ? 'fair' : 'good';
}
