import type { FastifyInstance } from 'fastify';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';

/** What a client sends as `captcha`: base64 of {"challenge": …, "solution": …}, as the altcha widget does. */
export function encodeCaptcha(challenge: Challenge, solution: { counter: number; derivedKey: string }): string {
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** Fetches a challenge from GET /api/captcha/challenge and solves it, as a browser would. */
export async function solvedCaptcha(app: FastifyInstance, ip = '127.0.0.1'): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/api/captcha/challenge', remoteAddress: ip });
  if (res.statusCode !== 200) throw new Error(`challenge: ${res.statusCode} ${res.body}`);
  const challenge = res.json<Challenge>();
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the captcha challenge was not solved in time');
  return encodeCaptcha(challenge, solution);
}
