/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// The memory figure (decision records 054 and 056): the resident memory of the embedded server after a start and after
// a browse of every screen, printed and never asserted.
//
// Needs a built web app (`npm run build`: apps/web/dist). Starts the server as `npm start` does (its bundle, node
// flags and environment from scripts/server-process.mjs: jemalloc where installed; embedded PGlite, demo content, live
// demo streams on unless --streams off) on its own port and a fresh DATA_DIR,
// waits until it answers and has settled, and reads VmRSS and VmHWM (the peak) of its process from /proc. Then
// headless Chromium opens every screen of e2e/support/screens.ts as the visitor, member, premium member, model and
// admin who sees it (the every-screen test's helpers), scrolls each to the bottom so its lazy pictures load, and the
// figures are read again. A probe loaded into the server (server-memory-probe.ts) says where the memory goes: V8's
// heap, external memory, PGlite's WebAssembly memory, sharp's cache; /proc/<pid>/smaps splits the resident set into
// the WebAssembly reservation, mapped files (code), glibc's arenas and the rest (V8 heaps, large blocks, jemalloc's).
//
// Usage: npm run bench:memory [-- --streams on|off|both --port 8131 --rtmp-port 19381 --data-dir /tmp/velora-bench-memory
//   --runner bundle|tsx --node-flags=--max-semi-space-size=16 --server-env "SERVER_MALLOC=system"]
// The last line of stdout is `FIGURES {"rss_after_start_mb": …, "rss_after_browse_mb": …, "rss_peak_mb": …}`, of the
// run with the demo streams on (as a real start has them) when there is one.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { launchBrowser } from '../e2e/support/browser';
import { openScreen, openViewer, type ViewerSession } from '../e2e/support/screen-checks';
import { resolveScreens, type Viewer } from '../e2e/support/screens';
import { prepareServerBundle, SERVER_NODE_FLAGS, serverEnv } from '../scripts/server-process.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    streams: { type: 'string', default: 'on' },
    port: { type: 'string', default: '8131' },
    'rtmp-port': { type: 'string', default: '19381' },
    'data-dir': { type: 'string', default: '/tmp/velora-bench-memory' },
    'settle-seconds': { type: 'string', default: '10' },
    // `bundle`: as `npm start` runs it (decision record 056); `tsx`: from the TypeScript sources, as before it.
    runner: { type: 'string', default: 'bundle' },
    // More node flags for the server, e.g. `--max-semi-space-size=4` (space-separated).
    'node-flags': { type: 'string', default: '' },
    // More environment for the server only, e.g. `LD_PRELOAD=/usr/lib/x86_64-linux-gnu/libjemalloc.so.2` (space-separated).
    'server-env': { type: 'string', default: '' },
  },
});
const STREAMS = values.streams === 'both' ? (['off', 'on'] as const) : values.streams === 'off' ? (['off'] as const) : (['on'] as const);
if (!['on', 'off', 'both'].includes(values.streams)) throw new Error('--streams takes on, off or both');
if (!['bundle', 'tsx'].includes(values.runner)) throw new Error('--runner takes bundle or tsx');
const EXTRA_FLAGS = values['node-flags'].split(/\s+/).filter(Boolean);
const EXTRA_ENV = Object.fromEntries(values['server-env'].split(/\s+/).filter(Boolean).map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]));
const PORT = Number(values.port);
const SETTLE_MS = Number(values['settle-seconds']) * 1000;
const VIEWERS: readonly Viewer[] = ['visitor', 'member', 'premium', 'model', 'admin'];
const MB = 1024 * 1024;
const mb = (bytes: number) => Math.round(bytes / MB);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

if (!existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) {
  console.error('bench:memory needs the built web app (apps/web/dist): run `npm run build` first.');
  process.exit(1);
}

/** VmRSS and VmHWM (peak) of a process, in bytes. */
async function status(pid: number): Promise<{ rss: number; hwm: number }> {
  const text = await fs.readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? NaN) * 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

/** The resident set split by mapping. */
interface MappingSplit {
  /** WebAssembly memories (PGlite's Postgres). */
  wasm: number;
  /** Mapped files: node's and the addons' code. */
  files: number;
  /** glibc malloc's main arena (`[heap]`, the main thread's allocations: node, Buffers, brotli on the main thread). */
  mallocMain: number;
  /** glibc malloc's arenas of other threads (64 MB reservations each: libvips, the libuv pool, loader threads). */
  mallocThreads: number;
  /** The rest: V8's heaps (pages of 256 KB) and malloc's large blocks, mapped one by one. */
  anon: number;
}

const ARENA = 64 * MB;

/**
 * The resident set by mapping. V8 reserves gigabytes for each WebAssembly memory and makes only its current size
 * accessible: a read-write mapping followed by the inaccessible rest of the reservation. glibc's thread arenas are 64 MB
 * reservations aligned to 64 MB, likewise split into a used and an inaccessible part.
 */
async function smaps(pid: number): Promise<MappingSplit> {
  const text = await fs.readFile(`/proc/${pid}/smaps`, 'utf8').catch(() => '');
  interface Mapping {
    start: number;
    end: number;
    perms: string;
    name: string;
    rss: number;
    kind: keyof MappingSplit;
  }
  const maps: Mapping[] = [];
  for (const line of text.split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \d+\s*(.*)$/.exec(line);
    if (head) {
      const name = head[4]!.trim();
      const mapping: Mapping = { start: parseInt(head[1]!, 16), end: parseInt(head[2]!, 16), perms: head[3]!, name, rss: 0, kind: name.startsWith('/') ? 'files' : name === '[heap]' ? 'mallocMain' : 'anon' };
      const before = maps.at(-1);
      if (before && !mapping.name && !before.name && mapping.perms === '---p' && before.perms === 'rw-p' && before.end === mapping.start) {
        const reserved = mapping.end - before.start;
        if (reserved >= 1024 * MB) before.kind = 'wasm';
        else if (reserved === ARENA && before.start % ARENA === 0) before.kind = 'mallocThreads';
      }
      maps.push(mapping);
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss && maps.length > 0) maps.at(-1)!.rss = Number(rss[1]) * 1024;
  }
  const out: MappingSplit = { wasm: 0, files: 0, mallocMain: 0, mallocThreads: 0, anon: 0 };
  for (const m of maps) out[m.kind] += m.rss;
  return out;
}

/** The process's descendants (the SFU, ffmpeg, esbuild) with their resident sets. */
async function descendants(pid: number): Promise<{ pid: number; name: string; rss: number }[]> {
  const parents = new Map<number, number[]>();
  for (const entry of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await fs.readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (!parents.has(ppid)) parents.set(ppid, []);
    parents.get(ppid)!.push(Number(entry));
  }
  const found: { pid: number; name: string; rss: number }[] = [];
  const visit = async (p: number) => {
    for (const child of parents.get(p) ?? []) {
      const text = await fs.readFile(`/proc/${child}/status`, 'utf8').catch(() => '');
      const name = /^Name:\s+(.*)$/m.exec(text)?.[1] ?? '?';
      const rss = Number(/^VmRSS:\s+(\d+) kB/m.exec(text)?.[1] ?? 0) * 1024;
      found.push({ pid: child, name, rss });
      await visit(child);
    }
  };
  await visit(pid);
  return found;
}

interface Probe {
  memoryUsage: NodeJS.MemoryUsage;
  heap: { total: number; used: number; malloced: number; external: number };
  spaces: { name: string; size: number; used: number }[];
  wasm: number[];
  sharp: { cache: { memory: { current: number; high: number; max: number }; files: { current: number; max: number }; items: { current: number; max: number } }; concurrency: number; counters: { queue: number; process: number } } | null;
}

async function probe(child: ChildProcess, file: string): Promise<Probe | null> {
  await fs.rm(file, { force: true });
  child.kill('SIGUSR2');
  for (let i = 0; i < 50; i++) {
    await sleep(100);
    const text = await fs.readFile(file, 'utf8').catch(() => null);
    if (text) return JSON.parse(text) as Probe;
  }
  return null;
}

interface Snapshot {
  rss: number;
  hwm: number;
  map: MappingSplit;
  probe: Probe | null;
  children: { pid: number; name: string; rss: number }[];
}

async function snapshot(child: ChildProcess, probeFile: string): Promise<Snapshot> {
  const pid = child.pid!;
  const p = await probe(child, probeFile);
  const [{ rss, hwm }, map, children] = await Promise.all([status(pid), smaps(pid), descendants(pid)]);
  return { rss, hwm, map, probe: p, children };
}

function describe(label: string, s: Snapshot): string[] {
  const lines = [`${label}: RSS ${mb(s.rss)} MB (peak so far ${mb(s.hwm)} MB)`];
  lines.push(
    `  resident by mapping: WebAssembly memories ${mb(s.map.wasm)} MB, mapped files (code) ${mb(s.map.files)} MB, ` +
      `malloc main arena ${mb(s.map.mallocMain)} MB, malloc thread arenas ${mb(s.map.mallocThreads)} MB, other anonymous (V8 heaps, large malloc blocks) ${mb(s.map.anon)} MB`,
  );
  if (s.probe) {
    const u = s.probe.memoryUsage;
    lines.push(
      `  V8 heap ${mb(u.heapTotal)} MB committed (${mb(u.heapUsed)} MB used), external ${mb(u.external)} MB (ArrayBuffers ${mb(u.arrayBuffers)} MB), ` +
        `live WebAssembly memories ${s.probe.wasm.map((b) => `${mb(b)} MB`).join(' + ') || 'none'} (their size, not what is resident)`,
    );
    const spaces = s.probe.spaces.filter((sp) => sp.size >= MB).map((sp) => `${sp.name.replace(/_space$/, '')} ${mb(sp.size)}`);
    lines.push(`  V8 spaces (MB committed): ${spaces.join(', ')}; V8's own malloc ${mb(s.probe.heap.malloced)} MB`);
    const sh = s.probe.sharp;
    if (sh) {
      lines.push(
        `  sharp: cache ${sh.cache.memory.current}/${sh.cache.memory.max} MB (high ${sh.cache.memory.high} MB), ${sh.cache.files.current}/${sh.cache.files.max} files, ` +
          `${sh.cache.items.current}/${sh.cache.items.max} operations; libvips threads per image ${sh.concurrency}; queued ${sh.counters.queue}, processing ${sh.counters.process}`,
      );
    }
  }
  const total = s.children.reduce((sum, c) => sum + c.rss, 0);
  lines.push(`  child processes ${mb(total)} MB: ${s.children.map((c) => `${c.name} ${mb(c.rss)}`).join(', ') || 'none'}`);
  return lines;
}

/** Scrolls the page down a screen at a time, so every lazy picture comes into view, and waits until they have loaded. */
async function loadPictures(session: ViewerSession): Promise<number> {
  return session.page.evaluate(async () => {
    const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y);
      await frame();
      await new Promise((r) => setTimeout(r, 60));
    }
    const deadline = Date.now() + 15_000;
    const pending = () => [...document.images].filter((img) => (img.currentSrc || img.src) && !img.complete);
    while (pending().length > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    window.scrollTo(0, 0);
    return [...document.images].filter((img) => img.complete && img.naturalWidth > 0).length;
  });
}

/**
 * The probe as plain JavaScript, for a server that runs without tsx. Written under node_modules so its `import('sharp')`
 * finds the server's sharp (the same module instance).
 */
async function compiledProbe(): Promise<string> {
  const outfile = path.join(ROOT, 'node_modules/.cache/velora-bench/server-memory-probe.mjs');
  await build({ entryPoints: [path.join(ROOT, 'bench/server-memory-probe.ts')], outfile, bundle: true, packages: 'external', platform: 'node', format: 'esm', logLevel: 'warning' });
  return outfile;
}

interface Run {
  streams: 'on' | 'off';
  afterStart: Snapshot;
  afterBrowse: Snapshot;
  peak: number;
  screens: number;
  pictures: number;
  failures: string[];
}

async function run(streams: 'on' | 'off'): Promise<Run> {
  const dataDir = `${values['data-dir']}-${streams}`;
  await fs.rm(dataDir, { recursive: true, force: true });
  await fs.mkdir(dataDir, { recursive: true });
  const probeFile = path.join(dataDir, 'memory-probe.json');
  const env: NodeJS.ProcessEnv = {
    ...serverEnv({ ...process.env, ...EXTRA_ENV }),
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://localhost:${PORT}`,
    RTMP_PORT: values['rtmp-port'],
    LIVE_DEMO_STREAMS: streams === 'on' ? 'on' : 'off',
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    REDIS_URL: '',
    VELORA_MEMORY_PROBE_FILE: probeFile,
  };
  // As `npm start` runs it: no NODE_ENV (development defaults), nothing of a test runner's environment.
  delete env.NODE_ENV;
  delete env.VITEST;
  let output = '';
  const args =
    values.runner === 'tsx'
      ? ['--import', 'tsx', '--import', path.join(ROOT, 'bench/server-memory-probe.ts'), path.join(ROOT, 'apps/server/src/server.ts')]
      : [...SERVER_NODE_FLAGS, '--import', await compiledProbe(), await prepareServerBundle()];
  console.log(`[streams ${streams}] ${['LD_PRELOAD', 'MALLOC_CONF', 'MALLOC_ARENA_MAX', 'SERVER_MALLOC'].filter((k) => env[k]).map((k) => `${k}=${env[k]} `).join('')}node ${[...EXTRA_FLAGS, ...args].join(' ').replaceAll(`${ROOT}/`, '')}`);
  const child = spawn(process.execPath, [...EXTRA_FLAGS, ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${PORT}`;
  let peak = 0;
  const sampler = setInterval(() => {
    void status(child.pid!).then((s) => (peak = Math.max(peak, s.hwm)), () => undefined);
  }, 500);
  try {
    const started = Date.now();
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${output}`);
      const ok = await fetch(`${url}/api/health`).then((r) => r.ok, () => false);
      if (ok) break;
      if (Date.now() - started > 180_000) throw new Error(`the server did not start in 180 s:\n${output}`);
      await sleep(250);
    }
    console.log(`[streams ${streams}] the server answers after ${Date.now() - started} ms; settling ${SETTLE_MS / 1000} s`);
    await sleep(SETTLE_MS);
    const afterStart = await snapshot(child, probeFile);
    for (const line of describe(`[streams ${streams}] after start`, afterStart)) console.log(line);

    const [screens, browser] = await Promise.all([resolveScreens(url), launchBrowser()]);
    const failures: string[] = [];
    let pictures = 0;
    const browseStarted = Date.now();
    try {
      for (const viewer of VIEWERS) {
        const session = await openViewer(browser, url, viewer);
        for (const screen of screens.filter((s) => s.viewer === viewer)) {
          try {
            await openScreen(url, session, screen, 'en');
            pictures += await loadPictures(session);
          } catch (error) {
            failures.push(`${screen.name} as ${viewer}: ${(error as Error).message.split('\n')[0]}`);
            session.loaded = false;
          }
        }
        await session.context.close();
      }
    } finally {
      await browser.close();
    }
    console.log(`[streams ${streams}] browsed ${screens.length} screens (${pictures} pictures shown) in ${Math.round((Date.now() - browseStarted) / 1000)} s; settling ${SETTLE_MS / 1000} s`);
    for (const failure of failures) console.log(`  did not open: ${failure}`);
    await sleep(SETTLE_MS);
    const afterBrowse = await snapshot(child, probeFile);
    for (const line of describe(`[streams ${streams}] after the browse`, afterBrowse)) console.log(line);
    peak = Math.max(peak, afterBrowse.hwm);
    return { streams, afterStart, afterBrowse, peak, screens: screens.length, pictures, failures };
  } finally {
    clearInterval(sampler);
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(10_000)]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }
}

const runs: Run[] = [];
for (const streams of STREAMS) runs.push(await run(streams));

console.log('\n| demo streams | RSS after start | RSS after the browse | peak (VmHWM) | children after the browse |');
console.log('|---|---|---|---|---|');
for (const r of runs) {
  const children = r.afterBrowse.children.reduce((sum, c) => sum + c.rss, 0);
  console.log(`| ${r.streams} | ${mb(r.afterStart.rss)} MB | ${mb(r.afterBrowse.rss)} MB | ${mb(r.peak)} MB | ${mb(children)} MB |`);
}
const main = runs.find((r) => r.streams === 'on') ?? runs[0]!;
console.log(
  `FIGURES ${JSON.stringify({ rss_after_start_mb: mb(main.afterStart.rss), rss_after_browse_mb: mb(main.afterBrowse.rss), rss_peak_mb: mb(main.peak) })}`,
);
