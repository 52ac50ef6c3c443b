import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Factories from '../../test/factories';
import type * as TestAppModule from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { createMemoryRateLimitStore } from './memory-rate-limit-store';
import type * as PasswordModule from './password';
import type { RateLimitStore } from './rate-limit-store';
import { RATE_LIMITS } from './rate-limits';
import { createRedisRateLimitStore } from './redis-rate-limit-store';

// N parallel attempts against a limit of L must check exactly L: the four rules that count only failures used to
// look at the counter, check, and count afterwards, so a burst was checked in full (60 of 60 log-ins, 100 of 100
// current passwords). Each rule is tried on the in-process store and on Redis, on both database engines.

const checks = vi.hoisted(() => ({ passwords: 0 }));
vi.mock('./password', async (importOriginal) => {
  const real = await importOriginal<typeof PasswordModule>();
  return {
    ...real,
    verifyPassword: async (...args: Parameters<typeof real.verifyPassword>) => {
      checks.passwords += 1;
      return real.verifyPassword(...args);
    },
  };
});

/**
 * The app and the factories, loaded after the module registry is reset: test files share a worker's modules (the
 * server projects do not isolate files), so an app graph loaded by an earlier file would hold the real password check.
 */
let buildTestApp: typeof TestAppModule.buildTestApp;
let asMember: typeof Factories.asMember;
let createPage: typeof Factories.createPage;
let createUser: typeof Factories.createUser;
beforeAll(async () => {
  vi.resetModules();
  ({ buildTestApp } = await import('../../test/test-app'));
  ({ asMember, createPage, createUser } = await import('../../test/factories'));
});

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

interface StoreUnderTest {
  name: string;
  open(): Promise<{ store: RateLimitStore; close(): Promise<void> }>;
}

const STORES: StoreUnderTest[] = [
  { name: 'memory', open: async () => ({ store: createMemoryRateLimitStore(), close: async () => undefined }) },
  {
    name: 'Redis',
    async open() {
      const redis = new Redis(REDIS_URL, { lazyConnect: true });
      await redis.connect();
      const prefix = `velora:test:rl:${randomBytes(6).toString('hex')}:`;
      return {
        store: createRedisRateLimitStore(redis, { prefix, ownsConnection: false }),
        async close() {
          const keys = await redis.keys(`${prefix}*`);
          if (keys.length > 0) await redis.del(...keys);
          await redis.quit();
        },
      };
    },
  },
];

const statuses = (answers: Array<{ statusCode: number }>) => {
  const counted: Record<number, number> = {};
  for (const a of answers) counted[a.statusCode] = (counted[a.statusCode] ?? 0) + 1;
  return counted;
};
const parallel = <T>(n: number, attempt: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => attempt(i)));

describe.each(STORES)('rate limits under parallel attempts, $name store', (kind) => {
  let t: TestApp;
  let closeStore: () => Promise<void>;

  beforeAll(async () => {
    const opened = await kind.open();
    closeStore = opened.close;
    t = await buildTestApp({ rateLimits: opened.store });
  });
  afterAll(async () => {
    await t.close();
    await closeStore();
  });
  beforeEach(() => {
    checks.passwords = 0;
  });

  it(`log-in per address: 60 parallel wrong guesses, ${RATE_LIMITS.loginPerAddress.points} checked, the rest 429`, async () => {
    const answers = await parallel(60, (i) =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: `nobody${i}`, password: 'guess' }, remoteAddress: '198.51.100.1' }),
    );
    expect(statuses(answers)).toEqual({ 401: RATE_LIMITS.loginPerAddress.points, 429: 60 - RATE_LIMITS.loginPerAddress.points });
    expect(checks.passwords).toBe(RATE_LIMITS.loginPerAddress.points);
  });

  it(`current password of the settings: 100 parallel wrong ones, ${RATE_LIMITS.passwordChecksPerAccount.points} checked, the rest 429`, async () => {
    const member = await asMember(t, { password: 'the-real-password' });
    checks.passwords = 0;
    const answers = await parallel(100, () =>
      t.app.inject({ method: 'POST', url: '/api/user/change_password', headers: member.headers, payload: { password: 'guess', newPassword: 'a-new-password-1' } }),
    );
    expect(statuses(answers)).toEqual({ 400: RATE_LIMITS.passwordChecksPerAccount.points, 429: 100 - RATE_LIMITS.passwordChecksPerAccount.points });
    expect(checks.passwords).toBe(RATE_LIMITS.passwordChecksPerAccount.points);
    const limited = answers.find((a) => a.statusCode === 429)!;
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it(`custom-page password: 100 parallel wrong ones, ${RATE_LIMITS.pagePasswordFailuresPerAddress.points} checked, the rest 429`, async () => {
    const page = await createPage(t, { password: 'open-sesame' });
    checks.passwords = 0;
    const answers = await parallel(100, (i) =>
      t.app.inject({ method: 'GET', url: `/api/pages${page.path}`, query: { password: `guess-${i}` }, remoteAddress: '198.51.100.2' }),
    );
    expect(statuses(answers)).toEqual({ 403: RATE_LIMITS.pagePasswordFailuresPerAddress.points, 429: 100 - RATE_LIMITS.pagePasswordFailuresPerAddress.points });
    expect(checks.passwords).toBe(RATE_LIMITS.pagePasswordFailuresPerAddress.points);
  });

  it(`unlock token: 100 parallel wrong ones, ${RATE_LIMITS.videoTokenFailuresPerAddress.points} looked up, the rest 429`, async () => {
    const member = await asMember(t);
    const answers = await parallel(100, (i) =>
      t.app.inject({ method: 'POST', url: '/api/videos/unlocked', headers: member.headers, payload: { token: `guess-${i}` }, remoteAddress: '198.51.100.3' }),
    );
    expect(statuses(answers)).toEqual({ 404: RATE_LIMITS.videoTokenFailuresPerAddress.points, 429: 100 - RATE_LIMITS.videoTokenFailuresPerAddress.points });
  });

  it('still counts only failures: successes give their attempt back', async () => {
    const user = await createUser(t, { password: 'right-password' });
    const answers = await parallel(RATE_LIMITS.loginPerAddress.points + 10, () =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: user.username, password: 'right-password' }, remoteAddress: '198.51.100.4' }),
    );
    // Parallel successes may briefly fill the window, but once answered none of them is counted.
    expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 429)).toBe(true);
    const failures = await parallel(RATE_LIMITS.loginPerAddress.points + 5, (i) =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: `stranger${i}`, password: 'guess' }, remoteAddress: '198.51.100.4' }),
    );
    expect(statuses(failures)).toEqual({ 401: RATE_LIMITS.loginPerAddress.points, 429: 5 });
  });
});
