import { describe, expect, it } from 'vitest';
import { ENDPOINT_ENTRIES } from '@velora/shared';
import { TEST_ENGINE } from '../test-app';
import { describeReport, runFuzz } from './fuzz-run';

// A short fuzz run in the normal suite (decision 031), on the engine of the project: every endpoint first, then at
// random, bounded by a count and a time budget. `npm run fuzz` is the long run (10,000 requests per engine).
// FUZZ_SEED repeats a run; by default each run takes a new seed, printed with the result.

const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);
const REQUESTS = 2000;
const BUDGET_MS = 35_000;

describe(`a fuzz run on ${TEST_ENGINE}`, () => {
  it(`answers ${REQUESTS} generated requests to every endpoint with no 5xx (seed ${seed})`, async () => {
    const report = await runFuzz({ engine: TEST_ENGINE, seed, requests: REQUESTS, budgetMs: BUDGET_MS });
    process.stdout.write(`${describeReport(report)}\n`);
    expect(report.endpoints, 'every endpoint of the table is reached').toBe(ENDPOINT_ENTRIES.length);
    expect(report.failures, describeReport(report)).toEqual([]);
  }, 120_000);
});
