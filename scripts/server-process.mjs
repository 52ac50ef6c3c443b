// How `npm start` runs the server process: the bundle, its node flags and its environment (decision records 054 and
// 056). scripts/start.mjs uses it, and so does the memory bench (bench/server-memory.bench.ts), so the bench measures
// the process `npm start` starts.
import { buildServer, SERVER_BUNDLE, serverBundleIsFresh } from './build-server.mjs';

/** Builds the server's bundle when it is missing or older than its sources (a second or so). */
export async function prepareServerBundle(log = console.log) {
  if (serverBundleIsFresh()) return SERVER_BUNDLE;
  log('Building the server…');
  const ms = await buildServer();
  log(`Server built in ${ms} ms`);
  return SERVER_BUNDLE;
}

/** Node's flags for the server: stack traces name the TypeScript sources through the bundle's source map. */
export const SERVER_NODE_FLAGS = ['--enable-source-maps'];

/**
 * The server's environment. glibc gives each thread that allocates an arena of its own (libvips, brotli, PGlite's
 * loader): two keep the resident memory about 150 MB lower with no measurable cost (decision record 054).
 */
export function serverEnv(env = process.env) {
  return { ...env, MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX ?? '2' };
}
