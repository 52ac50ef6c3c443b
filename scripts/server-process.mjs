// How `npm start` runs the server process: the bundle, its node flags and its environment (decision records 054 and
// 056). scripts/start.mjs uses it, and so does the memory bench (bench/server-memory.bench.ts), so the bench measures
// the process `npm start` starts.
import fs from 'node:fs';
import { buildServer, SERVER_BUNDLE, serverBundleIsFresh } from './build-server.mjs';

/** Builds the server's bundle when it is missing or older than its sources (a second or so). */
export async function prepareServerBundle(log = console.log) {
  if (serverBundleIsFresh()) return SERVER_BUNDLE;
  log('Building the server…');
  const ms = await buildServer();
  log(`Server built in ${ms} ms`);
  return SERVER_BUNDLE;
}

/**
 * Node's flags for the server: stack traces name the TypeScript sources through the bundle's source map; V8's young
 * generation in semi-spaces of 4 MB instead of 16: about 24 MB less resident for 5-10 % more CPU per API request
 * (decision record 056; without it the 250 MB goal is missed).
 */
export const SERVER_NODE_FLAGS = ['--enable-source-maps', '--max-semi-space-size=4'];

/** Where Debian, Ubuntu, Fedora and Alpine's packages put jemalloc (`apt install libjemalloc2`). */
const JEMALLOC_PATHS = [
  '/usr/lib/x86_64-linux-gnu/libjemalloc.so.2',
  '/usr/lib/aarch64-linux-gnu/libjemalloc.so.2',
  '/usr/lib64/libjemalloc.so.2',
  '/usr/lib/libjemalloc.so.2',
  '/usr/local/lib/libjemalloc.so.2',
];

/**
 * jemalloc's settings: two arenas (the server's work is one JavaScript thread, libvips and the libuv pool), freed pages
 * given back after a second instead of ten, by a thread of its own so an idle server gives them back too (without it
 * jemalloc purges only when it is called). About 40 MB less resident than its defaults (decision record 056).
 */
const JEMALLOC_CONF = 'background_thread:true,narenas:2,dirty_decay_ms:1000,muzzy_decay_ms:0';

/** jemalloc's path when the server should run on it: Linux with glibc, `SERVER_MALLOC` not `system`, the library installed. */
export function jemallocPath(env = process.env) {
  if (process.platform !== 'linux' || env.SERVER_MALLOC === 'system' || env.LD_PRELOAD) return null;
  const glibc = process.report?.getReport().header.glibcVersionRuntime;
  if (!glibc) return null;
  return JEMALLOC_PATHS.find((p) => fs.existsSync(p)) ?? null;
}

/**
 * The server's environment. glibc's malloc keeps what libvips, brotli, V8's compilers and PGlite's start freed (about
 * 100 MB of the server's resident memory, measured with malloc_trim in decision record 056): jemalloc, where it is
 * installed, gives it back to the system; without it, two arenas instead of eight per core keep glibc's share about
 * 150 MB lower (decision record 054).
 */
export function serverEnv(env = process.env) {
  const jemalloc = jemallocPath(env);
  return {
    ...env,
    MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX ?? '2',
    ...(jemalloc ? { LD_PRELOAD: jemalloc, MALLOC_CONF: env.MALLOC_CONF ?? JEMALLOC_CONF } : {}),
  };
}
