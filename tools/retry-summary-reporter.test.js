import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import RetrySummaryReporter, { failedTestOf, firstLineOf, formatFailureSummary, formatRetrySummary, retriedTestOf } from './retry-summary-reporter.js';

// The summary CI's log ends with (docs/testing.md, retry policy): every retried test named, with its first failure.

/** A finished test case as vitest's reporter API hands it over (the parts the reporter reads). */
function testCase({ retryCount = 0, state = 'passed', errors = undefined, project = 'e2e-live' } = {}) {
  return {
    fullName: 'live cams > goes live from the studio',
    project: { name: project },
    module: { moduleId: '/repo/e2e/live-cams.e2e.ts' },
    diagnostic: () => ({ retryCount }),
    result: () => ({ state, errors }),
  };
}

const TIMEOUT = { name: 'TimeoutError', message: 'page.waitForFunction: Timeout 20000ms exceeded.\n=========================== logs ===========================\nwaiting for…' };

describe('the retry summary', () => {
  it('says none when no test was retried', () => {
    expect(formatRetrySummary([])).toBe('Retried tests: none');
  });

  it('names each retried test with its first failure and how its retry ended', () => {
    const summary = formatRetrySummary([
      { name: '[e2e-live] live-cams.e2e.ts > live cams > goes live', retries: 1, passed: true, firstError: 'AssertionError: expected 4 to be greater than 10' },
      { name: '[e2e-live] playdates.e2e.ts > playdates > a public show', retries: 1, passed: false, firstError: 'TimeoutError: page.waitForFunction: Timeout 20000ms exceeded.' },
    ]);
    expect(summary).toBe(
      [
        'Retried tests: 2',
        '  — [e2e-live] live-cams.e2e.ts > live cams > goes live (passed on retry): AssertionError: expected 4 to be greater than 10',
        '  — [e2e-live] playdates.e2e.ts > playdates > a public show (failed 2 times): TimeoutError: page.waitForFunction: Timeout 20000ms exceeded.',
      ].join('\n'),
    );
  });

  it('keeps the first line of an error, named, and cuts a long one', () => {
    expect(firstLineOf(TIMEOUT)).toBe('TimeoutError: page.waitForFunction: Timeout 20000ms exceeded.');
    expect(firstLineOf({ name: 'AssertionError', message: 'AssertionError: expected 1 to be 2' })).toBe('AssertionError: expected 1 to be 2');
    expect(firstLineOf({ name: 'Error', message: '\nthe SFU did not answer' })).toBe('the SFU did not answer');
    expect(firstLineOf(undefined)).toBe('no error recorded');
    const long = firstLineOf({ name: 'Error', message: 'x'.repeat(1000) });
    expect(long).toHaveLength(300);
    expect(long.endsWith('…')).toBe(true);
  });

  it('reads a retried test case: its project, file, full name and the first attempt’s error', () => {
    expect(retriedTestOf(testCase(), '/repo')).toBeNull();
    expect(retriedTestOf(testCase({ retryCount: 1, errors: [TIMEOUT, { name: 'Error', message: 'second' }] }), '/repo')).toEqual({
      name: '[e2e-live] e2e/live-cams.e2e.ts > live cams > goes live from the studio',
      retries: 1,
      passed: true,
      firstError: 'TimeoutError: page.waitForFunction: Timeout 20000ms exceeded.',
    });
    expect(retriedTestOf(testCase({ retryCount: 1, state: 'failed', errors: [TIMEOUT] }), '/repo')?.passed).toBe(false);
    // A run without projects names none.
    expect(retriedTestOf(testCase({ retryCount: 1, project: '' }), '/repo')?.name).toBe('e2e/live-cams.e2e.ts > live cams > goes live from the studio');
  });

  it('prints the summary once at the end of a run and starts the next run empty', async () => {
    const printed = [];
    const reporter = new RetrySummaryReporter();
    reporter.onInit({ config: { root: '/repo' }, logger: { log: (message) => printed.push(message) } });
    reporter.onTestCaseResult(testCase());
    reporter.onTestCaseResult(testCase({ retryCount: 1, errors: [TIMEOUT] }));
    await reporter.onTestRunEnd();
    await reporter.onTestRunEnd();
    expect(printed).toEqual([
      '\nRetried tests: 1\n  — [e2e-live] e2e/live-cams.e2e.ts > live cams > goes live from the studio (passed on retry): TimeoutError: page.waitForFunction: Timeout 20000ms exceeded.\n',
      '\nRetried tests: none\n',
    ]);
  });

  it('names every failed test, every file that failed outside its tests and every error outside a test', () => {
    expect(formatFailureSummary([], [], [])).toBe('');
    expect(failedTestOf(testCase({ state: 'passed' }), '/repo')).toBeNull();
    const failed = failedTestOf(testCase({ state: 'failed', retryCount: 1, errors: [TIMEOUT, { name: 'AssertionError', message: 'expected 500 to be 200' }] }), '/repo');
    expect(failed).toEqual({ name: '[e2e-live] e2e/live-cams.e2e.ts > live cams > goes live from the studio', error: 'AssertionError: expected 500 to be 200' });
    expect(formatFailureSummary([failed], [{ name: 'apps/server/src/a.test.ts', error: 'hook timed out' }], ['Connection is closed.'])).toBe(
      [
        'Failed tests: 1',
        '  — [e2e-live] e2e/live-cams.e2e.ts > live cams > goes live from the studio: AssertionError: expected 500 to be 200',
        'Files that failed outside their tests: 1',
        '  — apps/server/src/a.test.ts: hook timed out',
        'Errors outside any test: 1',
        '  — Connection is closed.',
      ].join('\n'),
    );
  });

  it('prints the failures before the retry summary and appends them to TEST_FAILURES_FILE for npm test’s last lines', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'failures-')), 'test-server.txt');
    const previous = process.env.TEST_FAILURES_FILE;
    process.env.TEST_FAILURES_FILE = file;
    try {
      const printed = [];
      const reporter = new RetrySummaryReporter();
      reporter.onInit({ config: { root: '/repo' }, logger: { log: (message) => printed.push(message) } });
      reporter.onTestCaseResult(testCase({ state: 'failed', project: 'server-pglite', errors: [{ name: 'AssertionError', message: 'expected 500 to be 400' }] }));
      const module = { moduleId: '/repo/apps/server/src/b.test.ts', errors: () => [{ name: 'Error', message: 'Hook timed out in 60000ms.' }] };
      await reporter.onTestRunEnd([module], [{ name: 'Error', message: 'Connection is closed.' }]);
      // A run that passes adds nothing to the file.
      await reporter.onTestRunEnd([], []);
      const expected = [
        'Failed tests: 1',
        '  — [server-pglite] e2e/live-cams.e2e.ts > live cams > goes live from the studio: AssertionError: expected 500 to be 400',
        'Files that failed outside their tests: 1',
        '  — apps/server/src/b.test.ts: Hook timed out in 60000ms.',
        'Errors outside any test: 1',
        '  — Connection is closed.',
      ].join('\n');
      expect(fs.readFileSync(file, 'utf8')).toBe(`${expected}\n`);
      expect(printed).toEqual([`\n${expected}\nRetried tests: none\n`, '\nRetried tests: none\n']);
    } finally {
      if (previous === undefined) delete process.env.TEST_FAILURES_FILE;
      else process.env.TEST_FAILURES_FILE = previous;
    }
  });
});
