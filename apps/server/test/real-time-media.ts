/**
 * The options of a describe whose tests exchange media with the embedded SFU in real time (WebRTC peers, ffmpeg
 * cameras): on a loaded two-core machine such a test can miss a moment by chance, so it may run once more — the only
 * server tests that may (docs/testing.md, retry policy). Every retry is named at the end of the run
 * (tools/retry-summary-reporter.js), so one that keeps coming back is seen.
 */
export const REAL_TIME_MEDIA = { retry: 1 } as const;
