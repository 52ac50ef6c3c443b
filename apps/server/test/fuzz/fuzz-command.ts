import { parseArgs } from 'node:util';
import type { Engine } from '../test-app';
import { describeReport, runFuzz } from './fuzz-run';

// npm run fuzz [-- --requests 10000 --seconds 600 --seed 42 --engines pglite,postgres --concurrency 4]
// Generated requests to every endpoint of the table as every suite role, against the real app on each engine (an
// in-memory PGlite; a fresh schema in the PostgreSQL `test` database). Exit 1 on any 5xx. Decision record 031.

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '10000' },
    seconds: { type: 'string', default: '600' },
    seed: { type: 'string' },
    engines: { type: 'string', default: 'pglite,postgres' },
    concurrency: { type: 'string', default: '4' },
  },
});

const seed = values.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(values.seed);
const requests = Number(values.requests);
const seconds = Number(values.seconds);
const engines = values.engines.split(',').map((e) => e.trim()) as Engine[];
for (const engine of engines) if (engine !== 'pglite' && engine !== 'postgres') throw new Error(`unknown engine ${engine}`);
if (!Number.isInteger(seed) || !(requests > 0) || !(seconds > 0)) throw new Error('--seed, --requests and --seconds take numbers');

console.log(`fuzz: ${requests} requests per engine, at most ${seconds} s per engine, seed ${seed} (repeat with --seed ${seed})`);
let failed = false;
for (const engine of engines) {
  const report = await runFuzz({
    engine,
    seed,
    requests,
    budgetMs: seconds * 1000,
    concurrency: Number(values.concurrency),
    onProgress: (sent) => process.stderr.write(`  ${engine}: ${sent} sent\r`),
  });
  process.stderr.write('\n');
  console.log(describeReport(report));
  if (report.failures.length > 0) failed = true;
}
console.log(failed ? 'fuzz: FAILED — a request above got a 5xx or no answer' : 'fuzz: no 5xx on any engine');
process.exit(failed ? 1 : 0);
