import { defineConfig } from 'vitest/config';

// One runner for every suite. Server suites run twice: on embedded PGlite and on the real PostgreSQL.
const serverProject = (engine: 'pglite' | 'postgres') => ({
  test: {
    name: `server-${engine}`,
    root: './apps/server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    env: { TEST_DB: engine },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', root: './packages/shared', include: ['src/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'tools', root: './tools', include: ['**/*.test.js'], environment: 'node' } },
      './apps/web/vitest.config.ts',
      serverProject('pglite'),
      serverProject('postgres'),
      {
        test: {
          name: 'e2e',
          root: './e2e',
          include: ['**/*.e2e.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 240_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
