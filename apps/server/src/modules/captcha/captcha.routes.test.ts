import fs from 'node:fs';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { CaptchaChallenge } from '@velora/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, createViewers, type Viewers } from '../../../test/catalog-fixture';
import { encodeCaptcha, solvedCaptcha } from '../../../test/solve-captcha';
import { buildTestApp, type TestApp, platformWith } from '../../../test/test-app';
import { createServices } from '../../composition/create-services';
import { buildApp } from '../../app';
import { captchaKeyFile } from './captcha-key';
import { CAPTCHA_TTL_MS, type CaptchaService } from './captcha.service';
import { RATE_LIMITS } from '../../lib/rate-limits';

// The clock runs with real time (the library checks expiry against it too), shifted when a test needs to.
let offsetMs = 0;
const now = () => new Date(Date.now() + offsetMs);

let t: TestApp;
let v: Viewers;
let captcha: CaptchaService;

beforeAll(async () => {
  t = await buildTestApp({ now });
  v = await createViewers(t);
  captcha = t.services.captcha;
});
afterAll(() => t.close());
beforeEach(() => {
  offsetMs = 0;
});

async function fetchChallenge(): Promise<Challenge> {
  const res = await t.app.inject({ method: 'GET', url: '/api/captcha/challenge' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Challenge>();
}
async function solve(challenge: Challenge) {
  const solution = await solveChallenge({ challenge, deriveKey });
  expect(solution).not.toBeNull();
  return solution!;
}

describe('GET /api/captcha/challenge', () => {
  it('gives a visitor and a member a signed, expiring SHA-256 challenge that is never cached', async () => {
    for (const token of [undefined, v.member.token]) {
      const res = await call(t.app, 'GET', '/api/captcha/challenge', token);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const challenge = CaptchaChallenge.parse(res.json());
      expect(challenge.parameters.algorithm).toBe('SHA-256');
      expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
      expect(challenge.parameters.keySignature).toMatch(/^[0-9a-f]{64}$/);
      const expiresInMs = challenge.parameters.expiresAt! * 1000 - Date.now();
      expect(expiresInMs).toBeGreaterThan(CAPTCHA_TTL_MS - 5_000);
      expect(expiresInMs).toBeLessThanOrEqual(CAPTCHA_TTL_MS);
    }
  });

  it('gives a new challenge each time', async () => {
    const [a, b] = [await fetchChallenge(), await fetchChallenge()];
    expect(a.parameters.nonce).not.toBe(b.parameters.nonce);
  });

  it('keeps its key in DATA_DIR/secrets, readable by the owner only', async () => {
    await fetchChallenge();
    const stat = fs.statSync(captchaKeyFile(t.deps.config.dataDir));
    expect(stat.mode & 0o777).toBe(0o600);
  });

  it('limits challenges per address (429)', async () => {
    const ask = () => t.app.inject({ method: 'GET', url: '/api/captcha/challenge', remoteAddress: '203.0.113.77' });
    for (let i = 0; i < RATE_LIMITS.captchaChallengesPerAddress.points; i++) expect((await ask()).statusCode).toBe(200);
    const refused = await ask();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    // Another address is not affected.
    expect((await t.app.inject({ method: 'GET', url: '/api/captcha/challenge', remoteAddress: '203.0.113.78' })).statusCode).toBe(200);
  });
});

describe('verifying a solved captcha', () => {
  it('accepts a solved challenge once, then never again', async () => {
    const payload = await solvedCaptcha(t.app);
    expect(await captcha.verifyAndUse(payload)).toBe(true);
    expect(await captcha.verifyAndUse(payload)).toBe(false);
  });

  it('refuses a wrong counter, a wrong key, a changed challenge and a changed signature', async () => {
    const challenge = await fetchChallenge();
    const solution = await solve(challenge);
    expect(await captcha.verifyAndUse(encodeCaptcha(challenge, { ...solution, counter: solution.counter + 1, derivedKey: '00'.repeat(32) }))).toBe(false);
    expect(await captcha.verifyAndUse(encodeCaptcha(challenge, { ...solution, derivedKey: 'ab'.repeat(32) }))).toBe(false);
    const cheaper = { ...challenge, parameters: { ...challenge.parameters, cost: 1 } };
    expect(await captcha.verifyAndUse(encodeCaptcha(cheaper, solution))).toBe(false);
    const resigned = { ...challenge, signature: 'ab'.repeat(32) };
    expect(await captcha.verifyAndUse(encodeCaptcha(resigned, solution))).toBe(false);
    const later = { ...challenge, parameters: { ...challenge.parameters, expiresAt: challenge.parameters.expiresAt! + 3600 } };
    expect(await captcha.verifyAndUse(encodeCaptcha(later, solution))).toBe(false);
    // None of the refusals used the challenge up.
    expect(await captcha.verifyAndUse(encodeCaptcha(challenge, solution))).toBe(true);
  });

  it('refuses an expired challenge', async () => {
    const payload = await solvedCaptcha(t.app);
    offsetMs = CAPTCHA_TTL_MS + 1_000;
    expect(await captcha.verifyAndUse(payload)).toBe(false);
  });

  it('refuses what is not a payload at all', async () => {
    for (const junk of ['x', 'not base64 !!', Buffer.from('{"a":1}').toString('base64'), Buffer.from('[]').toString('base64'), Buffer.from('null').toString('base64')]) {
      expect(await captcha.verifyAndUse(junk), junk).toBe(false);
    }
  });

  it('refuses a challenge signed by another site', async () => {
    const keyed = platformWith(t.deps, { config: { captchaHmacKey: 'k'.repeat(40) } });
    const other = await buildApp(keyed, createServices(keyed), { webDist: '/nonexistent' });
    try {
      const payload = await solvedCaptcha(other);
      expect(await captcha.verifyAndUse(payload)).toBe(false);
      // Instances sharing CAPTCHA_HMAC_KEY accept each other's challenges.
      expect(await createServices(keyed).captcha.verifyAndUse(payload)).toBe(true);
    } finally {
      await other.close();
    }
  });
});
