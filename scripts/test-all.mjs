// `npm test`: every check of the repository, in two lanes (decision record 068).
//
// The server and browser suites wait on the clock much of their time (the SFU, ffmpeg, grace periods, a browser)
// and leave a part of the machine's cores idle; the build, lint, typecheck and the transcode of the browser tests'
// demo clips only compute and have no clock of their own. So those run beside the tests at the lowest CPU priority
// (nice 19): they take the idle cores and give them back at once when a test wants them, so a real-time test meets
// no more contention than it does alone. The unit suites stay in the tests' lane at normal priority: their tests
// have timeouts (5 s), and at nice 19 on a busy machine they starved past them by the dozen. The browser steps start
// once the build and the demo clips are done. Every step runs to its end even when another failed, so one run names
// every failure; the exit code is 1 when any step failed. The tests' lane streams its output as it comes; the
// computing lane's is printed whole when each of its steps ends, so two outputs never interleave.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// The build and the demo clips' transcode first: the browser steps wait for them. Lint and typecheck wait for the live
// browser step, whose tests wait on real time and leave 30-70 % of the machine idle, while the server suite leaves
// none (vmstat, decision record 069).
const BACKGROUND = ['build', 'test:warm-media', 'lint', 'typecheck'];
const BROWSER_NEEDS = new Set(['build', 'test:warm-media']);
const AFTER_LIVE_STARTS = new Set(['lint', 'typecheck']);
const LIVE_STEP = 'test:e2e-live';
const FOREGROUND = ['test:server', 'test:unit', 'test:e2e-live', 'test:e2e-other'];
/** The steps of the tests' lane that need the built web app and the demo clips. */
const BROWSER_STEPS = new Set(['test:e2e-live', 'test:e2e-other']);

/**
 * Where each step's vitest runs write the names of their failures (tools/retry-summary-reporter.js): the run's last
 * lines repeat them, since a long CI log is often read only at its end.
 */
const FAILURES_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'velora-test-failures-'));
const failuresFileOf = (script) => path.join(FAILURES_DIR, `${script.replace(/[^a-z0-9-]/gi, '-')}.txt`);
/** At most this many lines of one step's failures at the end; the step's own output has them all. */
const FAILURE_LINES = 40;

const startedAt = Date.now();
const results = [];
const seconds = (from) => ((Date.now() - from) / 1000).toFixed(0);

/** Runs an npm script; `background` lowers its priority and buffers its output. */
function run(script, { background }) {
  return new Promise((resolve) => {
    const started = Date.now();
    const command = background ? ['nice', ['-n', '19', 'npm', 'run', '-s', script]] : ['npm', ['run', '-s', script]];
    const child = spawn(command[0], command[1], {
      stdio: ['ignore', background ? 'pipe' : 'inherit', background ? 'pipe' : 'inherit'],
      env: { ...process.env, TEST_FAILURES_FILE: failuresFileOf(script) },
    });
    const chunks = [];
    if (background) {
      child.stdout.on('data', (d) => chunks.push(d));
      child.stderr.on('data', (d) => chunks.push(d));
    } else {
      console.log(`\n── ${script} (at ${seconds(startedAt)} s) ──`);
    }
    // A command that cannot start (no `nice`, no `npm`) is a failed step, not a crash of the whole run.
    child.on('error', (error) => {
      const line = `${script} could not start: ${error.message}\n`;
      if (background) chunks.push(Buffer.from(line));
      else process.stderr.write(line);
    });
    child.on('close', (code, signal) => {
      const result = { script, lane: background ? 'computing, nice 19' : 'tests', code: code ?? 1, signal, startedAt: started, seconds: Number(seconds(started)) };
      results.push(result);
      if (background) {
        console.log(`\n── ${script} (computing lane, ${result.seconds} s, exit ${result.code}) ──`);
        process.stdout.write(Buffer.concat(chunks));
      } else {
        console.log(`── ${script}: ${result.seconds} s, exit ${result.code} ──`);
      }
      resolve(result);
    });
  });
}

let browserNeedsDone;
const browserNeedsMet = new Promise((resolve) => (browserNeedsDone = resolve));
/** Resolved when the live browser step starts, or when the tests' lane ends without it. */
let liveStarted;
const liveStartedOrOver = new Promise((resolve) => (liveStarted = resolve));

async function backgroundLane() {
  let ready = true;
  for (const script of BACKGROUND) {
    if (AFTER_LIVE_STARTS.has(script)) await liveStartedOrOver;
    const result = await run(script, { background: true });
    if (BROWSER_NEEDS.has(script)) {
      ready &&= result.code === 0;
      BROWSER_NEEDS.delete(script);
      if (BROWSER_NEEDS.size === 0) browserNeedsDone(ready);
    }
  }
}

async function foregroundLane() {
  for (const script of FOREGROUND) {
    if (BROWSER_STEPS.has(script) && !(await browserNeedsMet)) {
      results.push({ script, lane: 'tests', code: 1, seconds: 0, skipped: 'the build or the demo clips failed' });
      continue;
    }
    const running = run(script, { background: false });
    if (script === LIVE_STEP) liveStarted();
    await running;
  }
  liveStarted();
}

await Promise.all([backgroundLane(), foregroundLane()]);

console.log(`\nnpm test: ${seconds(startedAt)} s in all`);
for (const r of [...results].sort((a, b) => (a.startedAt ?? Infinity) - (b.startedAt ?? Infinity))) {
  const state = r.skipped ? `not run: ${r.skipped}` : r.code === 0 ? 'passed' : `FAILED (exit ${r.code}${r.signal ? `, ${r.signal}` : ''})`;
  console.log(`  ${r.script.padEnd(16)} ${String(r.seconds).padStart(5)} s  ${r.lane.padEnd(19)} ${state}`);
}
for (const r of results.filter((result) => result.code !== 0 && !result.skipped)) {
  let lines = [];
  try {
    lines = fs.readFileSync(failuresFileOf(r.script), 'utf8').trimEnd().split('\n');
  } catch {
    // A step that failed without a vitest failure (lint, typecheck, the build) names its errors in its own output.
  }
  if (lines.length === 0) continue;
  console.log(`\n${r.script} failed with:`);
  for (const line of lines.slice(0, FAILURE_LINES)) console.log(`  ${line}`);
  if (lines.length > FAILURE_LINES) console.log(`  … and ${lines.length - FAILURE_LINES} more lines in the step's output above`);
}
fs.rmSync(FAILURES_DIR, { recursive: true, force: true });
process.exit(results.some((r) => r.code !== 0) ? 1 : 0);
