// `npm run typecheck`: every TypeScript project of the repository, with TypeScript 7's native compiler (decision record
// 065), two projects at a time. The `typescript` 5.9 package stays beside it for the tools that load TypeScript's
// JavaScript API (typescript-eslint), which TypeScript 7 no longer has.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import os from 'node:os';

const PROJECTS = ['packages/shared', 'apps/server', 'apps/web', 'apps/web/build', 'e2e', 'bench'];
// The package exports no bin path; its package.json is exported, and the bin lies beside it.
const tsc = path.join(path.dirname(createRequire(import.meta.url).resolve('typescript-native/package.json')), 'bin/tsc');

function check(project) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, [tsc, '-p', project, '--pretty'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => resolve({ project, ok: code === 0, output, seconds: (Date.now() - started) / 1000 }));
  });
}

const queue = [...PROJECTS];
const parallel = Math.max(1, Math.min(2, os.availableParallelism()));
let failed = false;
async function worker() {
  for (let project = queue.shift(); project; project = queue.shift()) {
    const result = await check(project);
    console.log(`${result.ok ? 'ok    ' : 'failed'} ${result.project} (${result.seconds.toFixed(1)} s)`);
    if (!result.ok) {
      failed = true;
      process.stdout.write(result.output);
    }
  }
}
await Promise.all(Array.from({ length: parallel }, worker));
process.exit(failed ? 1 : 0);
