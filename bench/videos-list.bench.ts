// GET /videos on a large catalog in PostgreSQL: requests per second and latency percentiles, printed, beside a Fastify
// hello world measured the same way on the same machine (the issue-16 ratio).
// Usage: npm run bench:videos [-- --videos 100000 --links 1000000 --seconds 10]
// Uses BENCH_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/test) in a schema of its own, dropped at the end.
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { createServices } from '../apps/server/src/composition/create-services';
import { migrate } from '../apps/server/src/db/migrate';
import { openPostgresDatabase } from '../apps/server/src/db/postgres-database';
import { benchPlatform } from './support/bench-platform';

const { values } = parseArgs({
  options: {
    videos: { type: 'string', default: '100000' },
    links: { type: 'string', default: '1000000' },
    tags: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
  },
});
const VIDEOS = Number(values.videos);
const LINKS = Number(values.links);
const TAGS = Number(values.tags);
const SECONDS = Number(values.seconds);
const URL_ADMIN = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** What Chromium sends with every request. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
const schema = `bench_${randomBytes(4).toString('hex')}`;

async function admin(sql: string) {
  const c = new pg.Client({ connectionString: URL_ADMIN });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

async function main() {
  await admin(`CREATE SCHEMA ${schema}`);
  const db = openPostgresDatabase({ connectionString: URL_ADMIN, searchPath: schema, max: 20 });
  try {
    await migrate(db);
    const t = Date.now();
    // Bulk catalog in SQL: far faster than the demo seed, and the shape the list query sees in production.
    await db.exec(`
      INSERT INTO models (name_en) SELECT 'Model ' || g FROM generate_series(1, 2000) g;
      INSERT INTO tags (name_en, name_de, name_fr) SELECT 'Tag ' || g, 'Tag ' || g, 'Tag ' || g FROM generate_series(1, ${TAGS}) g;
      INSERT INTO videos (title, description, duration, published_at, rating, views)
        SELECT 'Video ' || g, '', 60 + (g * 37) % 3600, now() - (g || ' minutes')::interval, (g * 13 % 50) / 10.0, g * 7 % 100000
          FROM generate_series(1, ${VIDEOS}) g;
      INSERT INTO video_models (video_id, model_id) SELECT g, 1 + (g::bigint * 7919) % 2000 FROM generate_series(1, ${VIDEOS}) g;
      INSERT INTO video_tags (video_id, tag_id)
        SELECT DISTINCT (1 + g % ${VIDEOS})::int, (1 + (g / ${VIDEOS} + g * 31) % ${TAGS})::int FROM generate_series(0::bigint, ${LINKS}::bigint - 1) g
        ON CONFLICT DO NOTHING;
      INSERT INTO users (username, email, password_hash) VALUES ('bench', 'bench@example.test', 'x');
      ANALYZE;
    `);
    const n = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM video_tags'))[0]?.n;
    console.log(`catalog: ${VIDEOS} videos, ${n} tag links, ${TAGS} tags (built in ${((Date.now() - t) / 1000).toFixed(1)} s)`);

    const platform = benchPlatform(db, schema);
    const services = createServices(platform);
    const { token } = await services.sessions.create(1);
    const app = await buildApp(platform, services);
    const address = await app.listen({ port: 0, host: '127.0.0.1' });

    const tag = (await db.query<{ tag: number }>('SELECT tag_id AS tag FROM video_tags GROUP BY tag_id ORDER BY count(*) DESC LIMIT 1'))[0]?.tag ?? 1;
    // A tag holds about 5,000 videos: its page 500 would be empty, so the deep tagged page is its last full one.
    const tagged = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM video_tags WHERE tag_id = $1', [tag]))[0]?.n ?? 0;
    const deepTaggedPage = Math.max(1, Math.min(500, Math.floor(tagged / 30)));
    const cases = [
      ['page 1', '/api/videos?page=1'],
      ['page 500', '/api/videos?page=500'],
      [`page 1, tag ${tag}`, `/api/videos?page=1&tags=${tag}`],
      [`page ${deepTaggedPage}, tag ${tag}`, `/api/videos?page=${deepTaggedPage}&tags=${tag}`],
      ['page 1, top_rated', '/api/videos?page=1&order=top_rated'],
    ] as const;
    // As a browser asks: every request says which encodings it takes (the hello world's answer is too small to compress).
    const browserHeaders = { authorization: `Bearer ${token}`, 'accept-encoding': BROWSER_ACCEPT_ENCODING };
    // Warm the code paths (JIT, pools) on pages no case measures, so the first case is not also the warm-up and every
    // "first (uncached)" figure below still is one.
    await autocannon({ url: `${address}/api/videos?page=2&order=top_rated`, headers: browserHeaders, connections: Number(values.connections), duration: Math.min(3, SECONDS) });
    const results: Record<string, { rps: number; p50: number; p99: number; coldMs: number; cpuUs: number }> = {};
    const printHello = (label: string, h: Awaited<ReturnType<typeof helloWorld>>) =>
      console.log(`${label.padEnd(24)} ${h.rps.toFixed(0).padStart(6)} req/s   p50 ${String(h.p50).padStart(4)} ms   p99 ${String(h.p99).padStart(4)} ms   CPU ${h.cpuUs.toFixed(0).padStart(4)} µs/request`);
    const helloBefore = await helloWorld(SECONDS, Number(values.connections));
    printHello('hello world (Fastify)', helloBefore);
    for (const [name, url] of cases) {
      // The first request of a case is the uncached one: the database does the whole work.
      const started = performance.now();
      const check = await fetch(`${address}${url}`, { headers: browserHeaders });
      if (!check.ok) throw new Error(`${url} answered ${check.status}: ${await check.text()}`);
      await check.arrayBuffer();
      const coldMs = performance.now() - started;
      const cpu = process.cpuUsage();
      const r = await autocannon({
        url: `${address}${url}`,
        headers: browserHeaders,
        connections: Number(values.connections),
        duration: SECONDS,
      });
      results[name] = { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, coldMs, cpuUs: cpuPerRequest(cpu, r.requests.total) };
      console.log(
        `${name.padEnd(24)} ${r.requests.average.toFixed(0).padStart(6)} req/s   p50 ${String(r.latency.p50).padStart(4)} ms   p99 ${String(r.latency.p99).padStart(4)} ms   first (uncached) ${coldMs.toFixed(0).padStart(4)} ms   CPU ${results[name]!.cpuUs.toFixed(0).padStart(4)} µs/request   non-2xx ${r.non2xx}`,
      );
    }
    // Latency at the same load: with the page cache, p50 is sub-millisecond and rounds to 0, so the mean is compared.
    const ratio = (deep: string, first: string) => results[deep]!.rps > 0 && results[first]!.rps > 0 ? results[first]!.rps / results[deep]!.rps : NaN;
    const coldRatio = (deep: string, first: string) => results[deep]!.coldMs / results[first]!.coldMs;
    const taggedCase = `page 1, tag ${tag}`;
    const deepTagged = `page ${deepTaggedPage}, tag ${tag}`;
    console.log(`deep page cost (time per request, page 500 / page 1): ${ratio('page 500', 'page 1').toFixed(2)}x; with tag (page ${deepTaggedPage}): ${ratio(deepTagged, taggedCase).toFixed(2)}x`);
    console.log(`uncached (first request, page 500 / page 1): ${coldRatio('page 500', 'page 1').toFixed(2)}x; with tag: ${coldRatio(deepTagged, taggedCase).toFixed(2)}x`);
    // The same page for a client that asks for no compression (autocannon's default, and this bench's until 2026-11-25).
    const plainCpu = process.cpuUsage();
    const plain = await autocannon({
      url: `${address}/api/videos?page=1&tags=${tag}`,
      headers: { authorization: `Bearer ${token}` },
      connections: Number(values.connections),
      duration: SECONDS,
    });
    const plainCpuUs = cpuPerRequest(plainCpu, plain.requests.total);
    console.log(
      `${'page 1, tag, identity'.padEnd(24)} ${plain.requests.average.toFixed(0).padStart(6)} req/s   p50 ${String(plain.latency.p50).padStart(4)} ms   p99 ${String(plain.latency.p99).padStart(4)} ms   CPU ${plainCpuUs.toFixed(0).padStart(4)} µs/request`,
    );
    // The hello world again after the cases: PostgreSQL's background work after the bulk load (autovacuum, ANALYZE) can
    // slow the first run. The ratios divide by the better of the two, the stricter figure.
    const helloAfter = await helloWorld(SECONDS, Number(values.connections));
    printHello('hello world, again', helloAfter);
    const hello = helloAfter.rps > helloBefore.rps ? helloAfter : helloBefore;
    console.log(`tagged page 1 / hello world: ${(results[taggedCase]!.rps / hello.rps).toFixed(3)} by req/s; ${(hello.cpuUs / results[taggedCase]!.cpuUs).toFixed(3)} by CPU per request`);
    await app.close();
    console.log(
      `FIGURES ${JSON.stringify({
        hello_world_rps: Math.round(hello.rps),
        videos_tag_rps: Math.round(results[taggedCase]!.rps),
        videos_tag_ratio: Number((results[taggedCase]!.rps / hello.rps).toFixed(3)),
        videos_tag_cpu_ratio: Number((hello.cpuUs / results[taggedCase]!.cpuUs).toFixed(3)),
        videos_tag_p99_ms: results[taggedCase]!.p99,
        videos_tag_identity_ratio: Number((plain.requests.average / hello.rps).toFixed(3)),
        page500_over_page1_tag: Number(ratio(deepTagged, taggedCase).toFixed(2)),
        page500_over_page1_tag_uncached: Number(coldRatio(deepTagged, taggedCase).toFixed(2)),
      })}`,
    );
  } finally {
    await db.close();
    await admin(`DROP SCHEMA ${schema} CASCADE`);
  }
}

/**
 * CPU time of this process (server and load generator) per request, in microseconds: unlike requests per second it
 * hardly moves when other work shares the machine, so runs on a busy machine can still be compared.
 */
function cpuPerRequest(since: NodeJS.CpuUsage, requests: number): number {
  const used = process.cpuUsage(since);
  return requests > 0 ? (used.user + used.system) / requests : NaN;
}

/** The machine's ceiling: a Fastify hello world under the same load generator and connections. */
async function helloWorld(seconds: number, connections: number) {
  const app = Fastify({ logger: false });
  app.get('/', async () => ({ hello: 'world' }));
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const cpu = process.cpuUsage();
    const r = await autocannon({ url: `${address}/`, headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING }, connections, duration: seconds });
    return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, cpuUs: cpuPerRequest(cpu, r.requests.total) };
  } finally {
    await app.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
