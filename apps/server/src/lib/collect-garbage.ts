import v8 from 'node:v8';
import vm from 'node:vm';

/**
 * A full garbage collection, now (decision record 054). For the one moment it pays: PGlite's first start in an empty
 * folder runs initdb in two throw-away WebAssembly instances whose memories (about 300MB, all resident) are garbage
 * once the database is open, but V8 does not collect them until its own heap fills, so they would set the process's
 * peak during the demo seed and linger for a while after. Node exposes `gc` only to a context created after the flag.
 * Since decision record 056 a new cluster's initdb runs in a child process (composition/open-database.ts); the collection stays
 * for the start's own garbage (the WebAssembly module's bytes, the migration scripts) and costs a few milliseconds.
 */
export async function collectGarbage(): Promise<void> {
  // The throw-away instances are released by promise callbacks that run after the one that opened the database.
  await new Promise((resolve) => setImmediate(resolve));
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (exposed) return exposed();
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as () => void)();
}
