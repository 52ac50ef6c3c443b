import { createRequire } from 'node:module';

// Counts the Argon2 password checks of the server, as the concurrency test counts them with vi.mock: a bench has no
// module mocks, so the native library's `verify` is wrapped in the require cache before any server module imports it.
// Import this module first: ESM evaluates imports in order, and the server's `import { verify }` reads it afterwards.

const argon2 = createRequire(new URL('../apps/server/src/lib/password.ts', import.meta.url))('@node-rs/argon2') as {
  verify: (...args: unknown[]) => Promise<boolean>;
};
const realVerify = argon2.verify;

export const passwordChecks = { count: 0 };

argon2.verify = (...args: unknown[]) => {
  passwordChecks.count += 1;
  return realVerify(...args);
};
