import { defineProject } from 'vitest/config';
import { JSDOM_GLOBALS_FILES, webProjectBase, webTestBase } from './vitest.shared';

// The few web test files that replace jsdom's own globals, each in a process of its own (vitest.shared.ts).
export default defineProject({
  ...webProjectBase,
  test: {
    ...webTestBase,
    name: 'web-jsdom-globals',
    include: JSDOM_GLOBALS_FILES,
    pool: 'forks',
  },
});
