import { defineConfig } from 'vitest/config';

// One runner for every suite. Server suites run twice: on embedded PGlite and on the real PostgreSQL.
const serverProject = (engine: 'pglite' | 'postgres') => ({
  test: {
    name: `server-${engine}`,
    root: './apps/server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    env: { TEST_DB: engine },
    // PGlite test databases start from one migrated dump written at the start of the run.
    ...(engine === 'pglite' ? { globalSetup: ['./test/pglite-snapshot.ts'] } : {}),
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

const LIVE_E2E = ['live-cams.e2e.ts', 'playdates.e2e.ts', 'camera-chat.e2e.ts', 'studio-whip-publish.e2e.ts'];

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', root: './packages/shared', include: ['src/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'tools', root: './tools', include: ['**/*.test.js'], environment: 'node' } },
      './apps/web/vitest.config.ts',
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
          testTimeout: 120_000,
          hookTimeout: 240_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          root: './e2e',
          include: ['**/*.e2e.ts'],
          exclude: [...LIVE_E2E, '**/node_modules/**'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
});
