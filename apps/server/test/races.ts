import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { HttpError } from '../src/lib/http-error';
import { listeningLogger } from './listening-logger';

// Money races (decision record 063): calls started at once, as a hostile member or a busy night sends them, and the
// rule they must keep: every answer a 2xx or a 4xx with a code saying what was refused (409 for a lost race), never
// a 5xx.

export interface RaceAnswer {
  /** The HTTP status; for a job step 200 when it resolved, its HttpError's status or 500 when it threw. */
  status: number;
  /** The error's code (a step's error message when it is no HttpError); null for a success. */
  code: string | null;
}

/** What a call through the app answered. */
export async function answerOf(call: Promise<LightMyRequestResponse>): Promise<RaceAnswer> {
  const res = await call;
  if (res.statusCode < 400) return { status: res.statusCode, code: null };
  let code: string | null = null;
  try {
    code = (res.json() as { error?: { code?: string } }).error?.code ?? null;
  } catch {
    // Not a JSON error body: the status says all there is.
  }
  return { status: res.statusCode, code };
}

/** What a job step (a sweep, a minute's charge) came to, as the job runner sees it. */
export async function stepOf(step: Promise<unknown>): Promise<RaceAnswer> {
  try {
    await step;
    return { status: 200, code: null };
  } catch (error) {
    if (error instanceof HttpError) return { status: error.statusCode, code: error.code };
    return { status: 500, code: error instanceof Error ? error.message : String(error) };
  }
}

/** Answers and codes counted, e.g. `200 ×1, 409 PLAYDATE_WRONG_STATUS ×3`. */
export function tally(answers: readonly RaceAnswer[]): string {
  const counts = new Map<string, number>();
  for (const a of answers) {
    const key = a.code === null ? String(a.status) : `${a.status} ${a.code}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([key, n]) => `${key} ×${n}`).join(', ');
}

/**
 * The race's rule: every answer a 2xx, or a 4xx whose code is one of `refusals` (what losing this race may answer);
 * none a 5xx. The failure message counts every answer and carries what the server logged meanwhile.
 */
export function expectOnlyRefusals(answers: readonly RaceAnswer[], refusals: readonly string[], logged: readonly string[] = []): void {
  const wrong = answers.filter((a) => a.status >= 300 && (a.status >= 500 || a.code === null || !refusals.includes(a.code)));
  const failedBy = wrong.filter((a) => a.status >= 500).length;
  expect(wrong, `${failedBy} of ${answers.length} answered 5xx; answers: ${tally(answers)}\n${logged.slice(0, 3).join('\n')}`).toEqual([]);
}

/** How many answers were successes. */
export const successes = (answers: readonly RaceAnswer[]) => answers.filter((a) => a.status >= 200 && a.status < 300).length;

/**
 * A file's race runner: build the test app with its `log`; `race` starts the calls at once and holds their answers to
 * `expectOnlyRefusals`, with what the server logged meanwhile in a failure's message.
 */
export function raceRunner() {
  const logger = listeningLogger();
  return {
    log: logger.log,
    async race(calls: Array<Promise<RaceAnswer>>, refusals: readonly string[]): Promise<RaceAnswer[]> {
      logger.take();
      const answers = await Promise.all(calls);
      expectOnlyRefusals(answers, refusals, logger.take());
      return answers;
    },
  };
}
