import { describe, expect, it } from 'vitest';
import { TEST_ENGINE } from '../test-app';
import { describeOpenapiReport, runOpenapiFuzz } from './openapi-fuzz-run';

// A short OpenAPI fuzz run in the normal suite (decision record 064), on the engine of the project: requests generated
// from the served document, each operation a positive and a negative case first, then at random; every answer judged
// by the document. `npm run fuzz:openapi` is the long, exploring run with a new seed each time. Here the seed is fixed
// (OPENAPI_FUZZ_SEED picks another): a few rules are still stated nowhere in the document (a reserved username, a
// price range's order; decision record 064), and a suite that fails when a random seed happens on one fails by chance.

const seed = process.env.OPENAPI_FUZZ_SEED ? Number(process.env.OPENAPI_FUZZ_SEED) : 101;
// Each of the ~250 operations a positive and a negative case, then some at random (the first pass is whole even when
// the table grows past this count).
const REQUESTS = 600;
/** A bound on a slow machine, not a measure: the run stops there and reports what it sent. */
const BUDGET_MS = 60_000;

describe(`an OpenAPI fuzz run on ${TEST_ENGINE}`, () => {
  it(`answers ${REQUESTS} requests generated from the document as the document says (seed ${seed})`, async () => {
    const report = await runOpenapiFuzz({ engine: TEST_ENGINE, seed, requests: REQUESTS, budgetMs: BUDGET_MS });
    const summary = describeOpenapiReport(report);
    process.stdout.write(`${summary.split('\n')[0]}; ${report.mismatches.length} mismatches\n`);
    expect(report.operations, 'the document lists the operations').toBeGreaterThan(100);
    expect([...report.ungenerated], 'every operation got a schema-valid request').toEqual([]);
    // A run the budget cut short before it reached every operation says nothing of those it missed.
    expect(report.tried, `every operation was tried with a positive and a negative case: ${summary.split('\n')[0]}`).toBeGreaterThanOrEqual(report.operations * 2);
    expect(report.mismatches, summary).toEqual([]);
  }, 120_000);
});
