import { defineProject } from 'vitest/config';
import { JSDOM_GLOBALS_FILES, webProjectBase, webTestBase } from './vitest.shared';

// The web's tests run each file in a VM context of a worker thread (`vmThreads`): jsdom is set up once per worker
// instead of once per file in a new process, which took half of the suite's time (decision record 068).
export default defineProject({
  ...webProjectBase,
  test: {
    ...webTestBase,
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    exclude: ['**/node_modules/**', ...JSDOM_GLOBALS_FILES],
    pool: 'vmThreads',
  },
});
