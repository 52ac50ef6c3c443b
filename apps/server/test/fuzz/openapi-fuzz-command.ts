import { fuzzCommandOptions } from './fuzz-command-options';
import { describeOpenapiReport, runOpenapiFuzz } from './openapi-fuzz-run';

// npm run fuzz:openapi [-- --requests 3000 --seconds 300 --seed 42 --engines pglite,postgres]
// Requests generated from the served OpenAPI document, positive and negative, as a visitor and as a member, against
// the real app on each engine; every answer judged by the document. Exit 1 on any mismatch. Decision record 064.

const { seed, requests, seconds, engines } = fuzzCommandOptions('fuzz:openapi', { requests: 3000, seconds: 300 });
let failed = false;
for (const engine of engines) {
  const report = await runOpenapiFuzz({ engine, seed, requests, budgetMs: seconds * 1000 });
  console.log(describeOpenapiReport(report));
  if (report.mismatches.length > 0) failed = true;
}
console.log(failed ? 'fuzz:openapi: FAILED — the document and the server disagree above' : 'fuzz:openapi: the document told the truth on every engine');
process.exit(failed ? 1 : 0);
