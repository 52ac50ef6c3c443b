import { describe, expect, it } from 'vitest';
import type { ConnectionHealth } from './connection-health';
import { readHealth, verdictOf } from './connection-health';

const healthy: ConnectionHealth = {
  bitrate: 2_000_000,
  framesPerSecond: 30,
  width: 1280,
  height: 720,
  packetLoss: 0,
  roundTripTime: 0.03,
  limitation: 'none',
};
const TARGET = 2_500_000;

describe('the verdict on a connection', () => {
  it.each<[string, Partial<ConnectionHealth>, 'good' | 'fair' | 'poor']>([
    ['a healthy 720p publish', {}, 'good'],
    ['nothing reported yet', { bitrate: null, framesPerSecond: null, packetLoss: null, roundTripTime: null, limitation: null }, 'good'],
    ['a still scene that needs little bitrate', { bitrate: 150_000 }, 'good'],
    ['2 % loss', { packetLoss: 0.02 }, 'good'],
    ['3 % loss', { packetLoss: 0.03 }, 'fair'],
    ['6 % loss', { packetLoss: 0.06 }, 'poor'],
    ['a 250 ms round trip', { roundTripTime: 0.25 }, 'fair'],
    ['a 450 ms round trip', { roundTripTime: 0.45 }, 'poor'],
    ["20 frames per second (Chromium's fake camera)", { framesPerSecond: 20 }, 'good'],
    ['12 frames per second', { framesPerSecond: 12 }, 'fair'],
    ['6 frames per second', { framesPerSecond: 6 }, 'poor'],
    ['held back by bandwidth', { limitation: 'bandwidth', bitrate: 1_500_000 }, 'fair'],
    ['held back by the CPU', { limitation: 'cpu' }, 'fair'],
    ['starved: held back to under a quarter of the target', { limitation: 'bandwidth', bitrate: 500_000 }, 'poor'],
    ['the worst figure decides', { packetLoss: 0.03, roundTripTime: 0.5 }, 'poor'],
  ])('%s', (_name, change, verdict) => {
    expect(verdictOf({ ...healthy, ...change }, TARGET)).toBe(verdict);
  });

  it('does not blame her connection while the bandwidth estimate ramps up, but still counts loss and the CPU', () => {
    const rampingUp: ConnectionHealth = { ...healthy, width: 320, height: 180, bitrate: 160_000, limitation: 'bandwidth' };
    expect(verdictOf(rampingUp, TARGET)).toBe('poor');
    expect(verdictOf(rampingUp, TARGET, { warmingUp: true })).toBe('good');
    expect(verdictOf({ ...rampingUp, packetLoss: 0.08 }, TARGET, { warmingUp: true })).toBe('poor');
    expect(verdictOf({ ...rampingUp, limitation: 'cpu' }, TARGET, { warmingUp: true })).toBe('poor');
  });
});

describe('reading a stats report', () => {
  const report = (timestamp: number, bytesSent: number, packetsSent: number, packetsLost: number) =>
    new Map<string, Record<string, unknown>>([
      ['o', { type: 'outbound-rtp', kind: 'video', timestamp, bytesSent, packetsSent, framesPerSecond: 29.7, frameWidth: 1280, frameHeight: 720, qualityLimitationReason: 'bandwidth' }],
      ['a', { type: 'outbound-rtp', kind: 'audio', timestamp, bytesSent: 99_999_999, packetsSent: 5 }],
      ['r', { type: 'remote-inbound-rtp', kind: 'video', packetsLost, fractionLost: 0.5, roundTripTime: 0.08 }],
      ['p', { type: 'candidate-pair', state: 'succeeded', nominated: true, currentRoundTripTime: 0.9 }],
    ]);

  it('gives what is known from the first sample, and no rate yet', () => {
    const { health, sample } = readHealth(report(1000, 100_000, 100, 0), null);
    expect(health).toEqual({ bitrate: null, framesPerSecond: 29.7, width: 1280, height: 720, packetLoss: 0.5, roundTripTime: 0.08, limitation: 'bandwidth' });
    expect(sample).toEqual({ timestamp: 1000, bytesSent: 100_000, packetsSent: 100, packetsLost: 0 });
  });

  it('makes the video bitrate and the loss rates over the interval', () => {
    const first = readHealth(report(1000, 100_000, 100, 0), null).sample;
    const { health } = readHealth(report(3000, 600_000, 300, 4), first);
    expect(health.bitrate).toBe(2_000_000);
    expect(health.packetLoss).toBe(0.02);
  });

  it('falls back to the candidate pair for the round trip, and reports nothing without a video sender', () => {
    const pairOnly = new Map<string, Record<string, unknown>>([['p', { type: 'candidate-pair', state: 'succeeded', selected: true, currentRoundTripTime: 0.12 }]]);
    const { health, sample } = readHealth(pairOnly, null);
    expect(health.roundTripTime).toBe(0.12);
    expect(health.bitrate).toBeNull();
    expect(health.framesPerSecond).toBeNull();
    expect(sample).toBeNull();
  });
});
