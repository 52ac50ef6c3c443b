import { afterEach, describe, expect, it } from 'vitest';
import { createLiveAudience, type LiveAudience } from './live-audience';

// The number of members watching a camera (decision record 061): WHEP viewers as the media server counts them, plus
// LL-HLS members seen in the last few seconds who hold no WHEP session, told when it changes.

describe('the audience of a camera', () => {
  let audience: LiveAudience | null = null;
  afterEach(() => audience?.close());

  function setUp(whepHolders: Array<[number, number]> = []) {
    let clock = 1_000_000;
    const reports: Array<[number, number]> = [];
    audience = createLiveAudience({
      report: (cameraId, watching) => void reports.push([cameraId, watching]),
      holdsWhep: (cameraId, userId) => whepHolders.some(([c, u]) => c === cameraId && u === userId),
      now: () => clock,
      windowMs: 5_000,
    });
    return { audience, reports, advance: (ms: number) => (clock += ms) };
  }

  it('counts LL-HLS members once each, beside the WHEP viewers, and drops them after the window', async () => {
    const { audience, reports, advance } = setUp([[1, 10]]);
    audience.whepViewers(1, 1);
    expect(reports).toEqual([[1, 1]]);
    // Member 11 watches over LL-HLS: a playlist and a segment a second are one member.
    audience.hlsRequest(1, 11);
    audience.hlsRequest(1, 11);
    advance(1_000);
    audience.hlsRequest(1, 11);
    // Member 10 also fetched LL-HLS while his WHEP session is still counted: not twice.
    audience.hlsRequest(1, 10);
    audience.hlsRequest(2, 12);
    expect(reports).toEqual([
      [1, 1],
      [1, 2],
      [2, 1],
    ]);
    // Silence longer than the window: the LL-HLS members stop counting (the sweep runs without a request).
    advance(5_001);
    await expect.poll(() => reports.length, { timeout: 5_000 }).toBe(5);
    expect(reports.slice(3).sort()).toEqual([
      [1, 1],
      [2, 0],
    ]);
  });

  it('tells every count the media server reports, even an unchanged one', () => {
    const { audience, reports } = setUp();
    audience.whepViewers(3, 0);
    audience.whepViewers(3, 2);
    audience.whepViewers(3, 2);
    expect(reports).toEqual([
      [3, 0],
      [3, 2],
      [3, 2],
    ]);
  });
});
