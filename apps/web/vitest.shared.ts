import path from 'node:path';
import react from '@vitejs/plugin-react';

// What the two web test projects share (vitest.config.ts and vitest.jsdom-globals.config.ts).

/**
 * Web test files that replace a property of jsdom's own globals (`window.location`, `document.cookie`'s setter,
 * `Storage.prototype`) or need Node's WebCrypto inside the page: in a VM context those globals are not configurable
 * or not there, so these few run in a process of their own as before (decision record 068).
 */
export const JSDOM_GLOBALS_FILES = [
  'src/features/pages/captcha/solve.test.ts',
  'src/lib/storage/access-token.test.ts',
  'src/lib/storage/cookies.test.ts',
  'src/lib/storage/storage.test.ts',
];

export const webProjectBase = {
  plugins: [react()],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
};

export const webTestBase = {
  root: import.meta.dirname,
  environment: 'jsdom',
  setupFiles: ['./src/test/setup.ts'],
} as const;
