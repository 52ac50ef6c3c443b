import { fuzzCommandOptions } from './fuzz-command-options';
import { describeReport, runFuzz } from './fuzz-run';

// npm run fuzz [-- --requests 10000 --seconds 600 --seed 42 --engines pglite,postgres --concurrency 4]
// Generated requests to every endpoint of the table as every suite role, against the real app on each engine (an
// in-memory PGlite; a fresh schema in the PostgreSQL `test` database). Exit 1 on any 5xx. Decision record 031.

const { seed, requests, seconds, engines, values } = fuzzCommandOptions('fuzz', { requests: 10000, seconds: 600 }, { concurrency: { type: 'string', default: '4' } });
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
