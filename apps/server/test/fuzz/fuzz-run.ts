import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ENDPOINT_ENTRIES, type EndpointName, type EndpointSpec } from '@velora/shared';
import { validParts } from '../endpoints/endpoint-requests';
import { buildEndpointWorld, SUITE_ROLES, type EndpointWorld } from '../endpoints/endpoint-world';
import { jsonSchemaOf, sampleOf } from '../endpoints/schema-sampler';
import { listeningLogger } from '../listening-logger';
import type { Engine } from '../test-app';
import { fuzzRequest, type FuzzRequest } from './fuzz-requests';
import { seededRandom } from './random';

// The fuzz run (decision 031): generated requests against the real app of one engine, bounded by a request count and a
// time budget; every answer is counted by status class, and each 5xx is kept with the request and the error behind it.

export interface FuzzOptions {
  engine: Engine;
  seed: number;
  requests: number;
  /** Stop when this is spent, even if fewer requests went out. */
  budgetMs: number;
  /** Requests in flight at once. */
  concurrency?: number;
  /** Called now and then with the number sent so far. */
  onProgress?: (sent: number) => void;
}

export interface FuzzFailure {
  index: number;
  status: number | 'no answer';
  request: FuzzRequest;
  answer: string;
  /** What the server logged when the request was sent again alone after the run (the error and its stack). */
  logged: string[];
}

export interface FuzzReport {
  engine: Engine;
  seed: number;
  sent: number;
  durationMs: number;
  /** Answers per class: 2xx, 3xx, 4xx, 5xx; `no answer` when the app threw. */
  classes: Record<string, number>;
  /** Answers per status code. */
  statuses: Record<string, number>;
  endpoints: number;
  failures: FuzzFailure[];
  /** Whether the time budget ran out before the request count was reached. */
  outOfTime: boolean;
}

/** The endpoints whose valid sample costs real work (a proof-of-work captcha): their valid part is made now and then. */
const COSTLY_SAMPLES = new Set(['pages.contact', 'pages.contentReport']);

const inject = (world: EndpointWorld, request: FuzzRequest) =>
  world.app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers: request.headers,
    remoteAddress: world.nextAddress(),
    ...(request.payload === undefined ? {} : { payload: request.payload }),
  });

export async function runFuzz(options: FuzzOptions): Promise<FuzzReport> {
  const listener = listeningLogger();
  // A built web app of one page: a path that leaves /api (`/api/pages/../../x`) gets the page, as in production,
  // not the 503 of an app started without its web build.
  const webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'velora-fuzz-web-'));
  await fs.writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Velora</title><div id="root"></div>');
  const own = await buildEndpointWorld({ engine: options.engine, log: listener.log, webDist });
  // The job queue works, as in a running server: the readiness check (GET /health/ready) then answers 200, and its
  // 503 stays what it means, a dependency that is down.
  await own.deps.jobs.start();
  const random = seededRandom(options.seed);
  const entries = ENDPOINT_ENTRIES as Array<[string, EndpointSpec]>;
  const report: FuzzReport = {
    engine: options.engine,
    seed: options.seed,
    sent: 0,
    durationMs: 0,
    classes: { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0, 'no answer': 0 },
    statuses: {},
    endpoints: 0,
    failures: [],
    outOfTime: false,
  };
  const touched = new Set<string>();
  const started = Date.now();
  // Requests are generated in order from the one seeded generator, then sent with a few in flight.
  let next = 0;
  const generate = async (index: number): Promise<FuzzRequest> => {
    // Every endpoint in turn first, so even a short run reaches each one; then at random.
    const [name, endpoint] = index < entries.length ? entries[index]! : random.pick(entries);
    const role = random.pick(SUITE_ROLES);
    // A costly sample (a solved captcha) now and then; otherwise what the schemas alone generate.
    const valid =
      COSTLY_SAMPLES.has(name) && !random.chance(0.05)
        ? { ...(endpoint.body ? { body: sampleOf(jsonSchemaOf(endpoint.body)) } : {}) }
        : await validParts(name as EndpointName, endpoint, own, role).catch(() => ({}));
    const token = await own.tokenFor(role);
    return fuzzRequest(name, endpoint, role, valid, token, random);
  };

  const worker = async () => {
    for (;;) {
      if (next >= options.requests) return;
      if (Date.now() - started > options.budgetMs) {
        report.outOfTime = true;
        return;
      }
      const index = next++;
      const request = await generate(index);
      touched.add(request.endpoint);
      let status: number | 'no answer';
      let answer = '';
      try {
        const res = await inject(own, request);
        status = res.statusCode;
        answer = res.body.slice(0, 300);
      } catch (error) {
        status = 'no answer';
        answer = error instanceof Error ? error.message : String(error);
      }
      report.sent += 1;
      const statusClass = typeof status === 'number' ? `${Math.floor(status / 100)}xx` : status;
      report.classes[statusClass] = (report.classes[statusClass] ?? 0) + 1;
      report.statuses[String(status)] = (report.statuses[String(status)] ?? 0) + 1;
      if (statusClass === '5xx' || statusClass === 'no answer') {
        report.failures.push({ index, status, request, answer, logged: [] });
      }
      if (report.sent % 500 === 0) options.onProgress?.(report.sent);
    }
  };
  try {
    await Promise.all(Array.from({ length: options.concurrency ?? 4 }, worker));
    report.durationMs = Date.now() - started;
    // Each failure once more, alone, to hear what the server logs for it.
    for (const failure of report.failures.slice(0, 50)) {
      listener.take();
      await inject(own, failure.request).catch(() => undefined);
      failure.logged = listener.take();
    }
  } finally {
    report.durationMs ||= Date.now() - started;
    report.endpoints = touched.size;
    await own.deps.jobs.stop();
    await own.close();
    await fs.rm(webDist, { recursive: true, force: true });
  }
  return report;
}

/** A long request cut for the report (the seed sends it again whole). */
const shortened = (text: string) => (text.length > 1500 ? `${text.slice(0, 1500)}… (${text.length - 1500} more characters)` : text);

/** The report as text: counts, then each failure with what it takes to send it again. */
export function describeReport(report: FuzzReport): string {
  const lines = [
    `${report.engine}: ${report.sent} requests to ${report.endpoints} endpoints in ${(report.durationMs / 1000).toFixed(1)} s (seed ${report.seed})` +
      (report.outOfTime ? ' — the time budget ran out first' : ''),
    `  by class: ${Object.entries(report.classes)
      .filter(([, n]) => n > 0)
      .map(([k, n]) => `${k} ${n}`)
      .join(', ')}`,
    `  by status: ${Object.entries(report.statuses)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, n]) => `${k} ${n}`)
      .join(', ')}`,
  ];
  for (const failure of report.failures) {
    lines.push(
      `  ${failure.status} for request #${failure.index} (${failure.request.endpoint} as ${failure.request.role}; ${failure.request.changes.join('; ') || 'unchanged'})`,
      `    app.inject(${shortened(JSON.stringify({ method: failure.request.method, url: failure.request.url, headers: failure.request.headers, payload: failure.request.payload }))})`,
      `    answer: ${failure.answer}`,
      ...failure.logged.map((l) => `    logged: ${l.split('\n').slice(0, 6).join('\n      ')}`),
    );
  }
  return lines.join('\n');
}
