// the performance table (bench/README.md), measured side by side in one run: `npm run bench`.
// Runs each benchmark as a child process (its own figures print as they come), reads the `FIGURES {...}` line each
// prints last, and ends with one table of figure, measured value and goal. Prints; asserts nothing.
// Usage: npm run bench [-- --only videos,landing,first-frame,memory] [-- --seconds 10]
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

const ROOT = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    seconds: { type: 'string', default: '10' },
  },
});

type Figures = Record<string, number>;

interface Bench {
  name: string;
  file: string;
  args: string[];
  needsWebBuild: boolean;
}

const BENCHES: Bench[] = [
  { name: 'videos', file: 'videos-list.bench.ts', args: ['--seconds', values.seconds], needsWebBuild: false },
  { name: 'landing', file: 'landing.bench.ts', args: [], needsWebBuild: true },
  { name: 'first-frame', file: 'first-frame.bench.ts', args: [], needsWebBuild: true },
  { name: 'memory', file: 'server-memory.bench.ts', args: [], needsWebBuild: true },
];

interface Row {
  figure: string;
  measured: (f: Figures) => string | null;
  goal: string;
  met: (f: Figures) => boolean | null;
}

const has = (f: Figures, ...keys: string[]) => keys.every((k) => typeof f[k] === 'number' && Number.isFinite(f[k]));
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const ROWS: Row[] = [
  {
    figure: 'GET /api/videos?page=1&tags=T (100k videos, 1M tag links, PostgreSQL, 10 connections, Accept-Encoding as a browser) ÷ Fastify hello world; p99',
    measured: (f) =>
      has(f, 'videos_tag_rps', 'hello_world_rps', 'videos_tag_ratio', 'videos_tag_p99_ms')
        ? `${f.videos_tag_rps} ÷ ${f.hello_world_rps} req/s = ${f.videos_tag_ratio}; p99 ${f.videos_tag_p99_ms} ms` +
          (has(f, 'videos_tag_cpu_ratio') ? ` (by CPU per request ${f.videos_tag_cpu_ratio})` : '') +
          (has(f, 'videos_tag_identity_ratio') ? ` (asking no compression ${f.videos_tag_identity_ratio})` : '')
        : null,
    goal: '≥ 0.2; p99 ≤ 25 ms',
    met: (f) => (has(f, 'videos_tag_ratio', 'videos_tag_p99_ms') ? f.videos_tag_ratio! >= 0.2 && f.videos_tag_p99_ms! <= 25 : null),
  },
  {
    figure: 'Deep page ÷ page 1, with a tag (its last full page, 166 of 100k videos; time per request, and the uncached first request)',
    measured: (f) => (has(f, 'page500_over_page1_tag', 'page500_over_page1_tag_uncached') ? `${f.page500_over_page1_tag} (uncached ${f.page500_over_page1_tag_uncached})` : null),
    goal: '≤ 1.2',
    met: (f) => (has(f, 'page500_over_page1_tag') ? f.page500_over_page1_tag! <= 1.2 : null),
  },
  {
    figure: 'JavaScript a first-time visitor downloads for the landing page (bytes on the wire)',
    measured: (f) => (has(f, 'landing_js_bytes') ? kb(f.landing_js_bytes!) : null),
    goal: '≤ 90 KB',
    met: (f) => (has(f, 'landing_js_bytes') ? f.landing_js_bytes! <= 90 * 1024 : null),
  },
  {
    figure: 'Lighthouse mobile performance of the landing page; LCP',
    measured: (f) => (has(f, 'lighthouse_performance', 'lcp_ms') ? `${f.lighthouse_performance}; ${(f.lcp_ms! / 1000).toFixed(2)} s` : null),
    goal: '≥ 95; ≤ 1.5 s',
    met: (f) => (has(f, 'lighthouse_performance', 'lcp_ms') ? f.lighthouse_performance! >= 95 && f.lcp_ms! <= 1500 : null),
  },
  {
    figure: 'Resident memory of the embedded server after start and a browse of every screen (peak)',
    measured: (f) =>
      has(f, 'rss_after_start_mb', 'rss_after_browse_mb') ? `${f.rss_after_start_mb} MB → ${f.rss_after_browse_mb} MB${has(f, 'rss_peak_mb') ? ` (peak ${f.rss_peak_mb} MB)` : ''}` : null,
    goal: '≤ 250 MB',
    met: (f) => (has(f, 'rss_after_browse_mb') ? f.rss_after_browse_mb! <= 250 && (!has(f, 'rss_peak_mb') || f.rss_peak_mb! <= 250) : null),
  },
  {
    figure: 'Time to first frame after pressing play, first video of a page (median; worst)',
    measured: (f) => (has(f, 'first_frame_ms_median') ? `${f.first_frame_ms_median} ms${has(f, 'first_frame_ms_max') ? `; ${f.first_frame_ms_max} ms` : ''}` : null),
    goal: '≤ 0.5 s',
    met: (f) => (has(f, 'first_frame_ms_median') ? f.first_frame_ms_median! <= 500 : null),
  },
];

function run(command: string, args: string[]): Promise<{ code: number; lastFigures: Figures | null }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, FORCE_COLOR: '0' } });
    let lastFigures: Figures | null = null;
    let buffered = '';
    child.stdout.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk);
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        if (line.startsWith('FIGURES ')) {
          try {
            lastFigures = JSON.parse(line.slice('FIGURES '.length)) as Figures;
          } catch {
            console.error(`could not read: ${line}`);
          }
        }
      }
    });
    child.on('close', (code) => resolve({ code: code ?? 1, lastFigures }));
  });
}

async function main() {
  const wanted = values.only ? new Set(values.only.split(',').map((s) => s.trim())) : null;
  const benches = BENCHES.filter((b) => !wanted || wanted.has(b.name));
  if (benches.some((b) => b.needsWebBuild) && !existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) {
    console.log('== building the web app (apps/web/dist is missing)');
    const build = await run('npm', ['run', 'build']);
    if (build.code !== 0) throw new Error('the web build failed');
  }
  const figures: Figures = {};
  const failed: string[] = [];
  for (const bench of benches) {
    if (!existsSync(path.join(ROOT, 'bench', bench.file))) {
      failed.push(`${bench.name} (bench/${bench.file} is missing)`);
      continue;
    }
    console.log(`\n== ${bench.name}: bench/${bench.file}`);
    const { code, lastFigures } = await run('npx', ['tsx', path.join('bench', bench.file), ...bench.args]);
    if (code !== 0 || !lastFigures) failed.push(`${bench.name} (exit ${code}${lastFigures ? '' : ', no FIGURES line'})`);
    Object.assign(figures, lastFigures ?? {});
  }

  console.log(`\n== The performance table, measured ${new Date().toISOString().slice(0, 10)} on ${(await import('node:os')).cpus().length} cores\n`);
  console.log('| Figure | Measured | Goal | Met |');
  console.log('|---|---|---|---|');
  for (const row of ROWS) {
    const measured = row.measured(figures);
    const met = row.met(figures);
    console.log(`| ${row.figure} | ${measured ?? 'not measured'} | ${row.goal} | ${met === null ? '–' : met ? 'yes' : 'no'} |`);
  }
  if (failed.length > 0) {
    console.log(`\nNot measured: ${failed.join('; ')}`);
    process.exitCode = 1;
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
