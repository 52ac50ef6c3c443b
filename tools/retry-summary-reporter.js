import fs from 'node:fs';
import path from 'node:path';

// A vitest reporter that ends every run with the tests that needed a retry, and why their first attempt failed.
// Only the live-media projects may retry (docs/testing.md): a retry hides a failure from the run's verdict, so each
// one is said where CI's log ends, to be counted in the "CI runs" table rather than forgotten.

/** How much of a first failure's message a summary line keeps: enough to tell one cause from another. */
const MESSAGE_LIMIT = 300;

/**
 * The first failure of a retried test as one line: the error's name and the first line of its message, cut at
 * MESSAGE_LIMIT characters (a browser test's message may carry a whole call log).
 * @param {{ name?: string, message?: string } | undefined} error
 */
export function firstLineOf(error) {
  if (!error) return 'no error recorded';
  const message = (error.message ?? '').split('\n').find((line) => line.trim() !== '')?.trim() ?? '';
  const name = error.name && error.name !== 'Error' && !message.startsWith(error.name) ? `${error.name}: ` : '';
  const line = `${name}${message}` || 'no message';
  return line.length > MESSAGE_LIMIT ? `${line.slice(0, MESSAGE_LIMIT - 1)}…` : line;
}

/**
 * @typedef {{ name: string, retries: number, passed: boolean, firstError: string }} RetriedTest
 * @param {RetriedTest[]} retried
 * @returns {string} "Retried tests: none", or the count and one line per test
 */
export function formatRetrySummary(retried) {
  if (retried.length === 0) return 'Retried tests: none';
  const lines = retried.map((test) => {
    const outcome = test.passed ? 'passed on retry' : `failed ${test.retries + 1} times`;
    return `  — ${test.name} (${outcome}): ${test.firstError}`;
  });
  return [`Retried tests: ${retried.length}`, ...lines].join('\n');
}

/**
 * What the summary says of one finished test case (vitest's reporter API), or null when it was not retried.
 * @param {import('vitest/node').TestCase} testCase
 * @param {string} root the run's root folder, from which the file is named
 * @returns {RetriedTest | null}
 */
export function retriedTestOf(testCase, root) {
  const retries = testCase.diagnostic()?.retryCount ?? 0;
  if (retries === 0) return null;
  const result = testCase.result();
  const file = path.relative(root, testCase.module.moduleId);
  const project = testCase.project.name ? `[${testCase.project.name}] ` : '';
  return {
    name: `${project}${file} > ${testCase.fullName}`,
    retries,
    passed: result.state === 'passed',
    firstError: firstLineOf(result.errors?.[0]),
  };
}

/**
 * What the summary says of a finished test case that failed (after its retries, if any), or null.
 * @param {import('vitest/node').TestCase} testCase
 * @param {string} root
 * @returns {{ name: string, error: string } | null}
 */
export function failedTestOf(testCase, root) {
  const result = testCase.result();
  if (result.state !== 'failed') return null;
  const file = path.relative(root, testCase.module.moduleId);
  const project = testCase.project.name ? `[${testCase.project.name}] ` : '';
  const errors = result.errors ?? [];
  return { name: `${project}${file} > ${testCase.fullName}`, error: firstLineOf(errors[errors.length - 1]) };
}

/**
 * The failures of a run in a few lines: each failed test, each file that failed outside its tests (an import, a
 * hook), each error thrown outside any test (an unhandled rejection). Empty when nothing failed.
 * @param {{ name: string, error: string }[]} failed
 * @param {{ name: string, error: string }[]} fileErrors
 * @param {string[]} unhandled
 */
export function formatFailureSummary(failed, fileErrors, unhandled) {
  const lines = [];
  if (failed.length > 0) lines.push(`Failed tests: ${failed.length}`, ...failed.map((f) => `  — ${f.name}: ${f.error}`));
  if (fileErrors.length > 0) lines.push(`Files that failed outside their tests: ${fileErrors.length}`, ...fileErrors.map((f) => `  — ${f.name}: ${f.error}`));
  if (unhandled.length > 0) lines.push(`Errors outside any test: ${unhandled.length}`, ...unhandled.map((message) => `  — ${message}`));
  return lines.join('\n');
}

export default class RetrySummaryReporter {
  /** @type {RetriedTest[]} */
  retried = [];
  /** @type {{ name: string, error: string }[]} */
  failed = [];
  root = process.cwd();
  /** @type {(message: string) => void} */
  log = (message) => console.log(message);

  /** @param {import('vitest/node').Vitest} vitest */
  onInit(vitest) {
    this.root = vitest.config.root;
    this.log = (message) => vitest.logger.log(message);
  }

  /** @param {import('vitest/node').TestCase} testCase */
  onTestCaseResult(testCase) {
    const retried = retriedTestOf(testCase, this.root);
    if (retried) this.retried.push(retried);
    const failed = failedTestOf(testCase, this.root);
    if (failed) this.failed.push(failed);
  }

  /**
   * @param {ReadonlyArray<import('vitest/node').TestModule>} [testModules]
   * @param {ReadonlyArray<{ name?: string, message?: string }>} [unhandledErrors]
   */
  async onTestRunEnd(testModules = [], unhandledErrors = []) {
    const summary = formatRetrySummary(this.retried);
    const fileErrors = testModules.flatMap((module) =>
      (typeof module.errors === 'function' ? module.errors() : []).map((error) => ({ name: path.relative(this.root, module.moduleId), error: firstLineOf(error) })),
    );
    const failures = formatFailureSummary(this.failed, fileErrors, unhandledErrors.map((error) => firstLineOf(error)));
    this.retried = [];
    this.failed = [];
    // `npm test` (scripts/test-all.mjs) repeats every step's failures where its log ends, the only part of a long CI
    // log some readers get to see.
    if (failures && process.env.TEST_FAILURES_FILE) fs.appendFileSync(process.env.TEST_FAILURES_FILE, `${failures}\n`);
    // Vitest ends the run's other reports (the default reporter's errors and totals) in the same turn: waiting one
    // turn puts this summary last, where a reader of CI's log looks.
    await new Promise((resolve) => setImmediate(resolve));
    this.log(`\n${failures ? `${failures}\n` : ''}${summary}\n`);
  }
}
