import { defineConfig } from 'vitest/config';

// One runner for every suite. Server suites run twice: on embedded PGlite and on the real PostgreSQL.
// The server suites run with `--no-isolate` (package.json's test:server): their files share a worker's modules instead
// of each loading the server afresh in a new process, a third of their time on two cores (decision record 067).
// Vitest isolates per run, not per project, so the unit suites (jsdom, which must stay isolated) run by themselves.

/**
 * Server test files that open no database (media, protocols, pure rules, Redis): the engine cannot change what they
 * check, so they run once, in the PGlite project (decision record 065). Most of them drive the SFU or ffmpeg in real
 * time, the suite's dearest minutes. A file that starts using a database leaves this list.
 */
const ENGINE_FREE = [
  'src/config.test.ts',
  'src/http/register-endpoint.test.ts',
  'src/http/serialize-frozen-once.test.ts',
  'src/lib/child-processes.test.ts',
  'src/lib/concurrency-limit.test.ts',
  'src/lib/create-mailer.test.ts',
  'src/lib/create-rate-limit-store.test.ts',
  'src/lib/ffmpeg.test.ts',
  'src/lib/memory-rate-limit-store.test.ts',
  'src/lib/redis-presence-store.test.ts',
  'src/lib/redis-rate-limit-store.test.ts',
  'src/lib/redis/redis-connection.test.ts',
  'src/lib/safe-html.test.ts',
  'src/lib/shared-answers.test.ts',
  'src/modules/camera-chat/word-filter.test.ts',
  'src/modules/chat-sessions/paid-minute-refund.test.ts',
  'src/modules/live/demo-streams.test.ts',
  'src/modules/live/embedded-media-server.test.ts',
  'src/modules/live/hls-routes.test.ts',
  'src/modules/live/live-audience.test.ts',
  'src/modules/live/live-tokens.test.ts',
  'src/modules/live/live.routes.external.test.ts',
  'src/modules/live/live.routes.test.ts',
  'src/modules/live/rtmp-ingest.test.ts',
  'src/modules/live/rtmp-protocol.test.ts',
  'src/modules/live/rtp-packets.test.ts',
  'src/modules/live/sdp-offer.test.ts',
  'src/modules/live/sfu-keyframe-requests.test.ts',
  'src/modules/live/sfu-leaving-viewers.test.ts',
  'src/modules/live/viewer-sessions.test.ts',
  'src/modules/live/watch-recheck.test.ts',
  'src/modules/visits/geo.test.ts',
  'src/modules/visits/storable-json.test.ts',
  'src/plugins/realtime-redis.test.ts',
];

const serverProject = (engine: 'pglite' | 'postgres') => ({
  test: {
    name: `server-${engine}`,
    root: './apps/server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    ...(engine === 'postgres' ? { exclude: ['**/node_modules/**', ...ENGINE_FREE] } : {}),
    environment: 'node',
    env: { TEST_DB: engine },
    // PGlite test databases start from one migrated dump written at the start of the run.
    ...(engine === 'pglite' ? { globalSetup: ['./test/pglite-snapshot.ts'] } : {}),
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

/**
 * Browser tests of real-time media (WebRTC through the SFU, RTMP, LL-HLS): the only ones that may run a failed test
 * once more, since Chromium, the SFU and ffmpeg sharing two cores can miss a moment by chance. Every retry is named at
 * the end of the run (tools/retry-summary-reporter.js; docs/testing.md). Every other project retries nothing, but for
 * the server tests that exchange media with the SFU in real time (`REAL_TIME_MEDIA`, apps/server/test).
 */
const LIVE_E2E = ['live-cams.e2e.ts', 'playdates.e2e.ts', 'camera-chat.e2e.ts', 'studio-whip-publish.e2e.ts'];
/**
 * The live-room soak runs alone, by `npm run test:soak` (5 minutes, 20 members), outside `npm test`: the suite's
 * 25 minutes on two cores hold the SFU's fault tests (server suite) but not a soak (decision record 065).
 */
const SOAK_E2E = ['live-room-soak.e2e.ts'];

export default defineConfig({
  test: {
    reporters: ['default', './tools/retry-summary-reporter.js'],
    projects: [
      { test: { name: 'shared', root: './packages/shared', include: ['src/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'tools', root: './tools', include: ['**/*.test.js'], environment: 'node' } },
      './apps/web/vitest.config.ts',
      './apps/web/vitest.jsdom-globals.config.ts',
      serverProject('pglite'),
      serverProject('postgres'),
      // Browser tests. The live-media ones (WebRTC, RTMP, ffmpeg in real time) run one file at a time; the others
      // run two files at once (`npm run test:e2e`), since they mostly wait on a browser or a transcode.
      {
        test: {
          name: 'e2e-live',
          root: './e2e',
          include: LIVE_E2E,
          environment: 'node',
          retry: 1,
          testTimeout: 120_000,
          hookTimeout: 240_000,
          globalSetup: ['./support/warm-demo-media.ts'],
          setupFiles: ['./support/report-failures.ts'],
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e-soak',
          root: './e2e',
          include: SOAK_E2E,
          environment: 'node',
          testTimeout: 900_000,
          hookTimeout: 240_000,
          globalSetup: ['./support/warm-demo-media.ts'],
          setupFiles: ['./support/report-failures.ts'],
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          root: './e2e',
          include: ['**/*.e2e.ts'],
          exclude: [...LIVE_E2E, ...SOAK_E2E, '**/node_modules/**'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 240_000,
          globalSetup: ['./support/warm-demo-media.ts'],
          setupFiles: ['./support/report-failures.ts'],
        },
      },
    ],
  },
});
