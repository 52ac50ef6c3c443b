import { PGlite, types } from '@electric-sql/pglite';
import { pgliteStartParams } from './pglite-memory';
import type { Database, Queryable } from './database';
import { withTableChanges } from './table-changes';

// PGlite is single-connection: every statement and transaction goes through one queue.
class Mutex {
  private tail: Promise<void> = Promise.resolve();
  run<T>(fn: () => Promise<T>): Promise<T> {
    const result = this.tail.then(fn, fn);
    this.tail = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }
}

const parsers = {
  [types.INT8]: (v: string) => Number(v),
  [types.NUMERIC]: (v: string) => Number(v),
};

/** A PGlite database that can also write itself out as a tarball (what `loadDataDir` takes). */
export type PgliteDatabase = Database & { dumpDataDir(): Promise<Blob> };

/** Opens PGlite in `dataDir` (in memory when undefined); `loadDataDir` starts it from a dump instead of a new cluster. */
export async function openPgliteDatabase(dataDir: string | undefined, options: { loadDataDir?: Blob } = {}): Promise<PgliteDatabase> {
  const pg = await PGlite.create({ ...(dataDir ? { dataDir } : {}), ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}), parsers, startParams: pgliteStartParams() });
  const mutex = new Mutex();
  const wrap = (q: { query: PGlite['query'] }): Queryable => ({
    async query<T>(sql: string, params?: readonly unknown[]) {
      const res = await q.query<T>(sql, params as unknown[] | undefined);
      return res.rows;
    },
  });
  const base = {
    engine: 'pglite' as const,
    query: (sql, params) => mutex.run(() => wrap(pg).query(sql, params)),
    exec: (sql) =>
      mutex.run(async () => {
        try {
          await pg.exec(sql);
        } catch (error) {
          // A script that failed after its BEGIN would leave the one connection in an aborted transaction.
          await pg.exec('ROLLBACK').catch(() => undefined);
          throw error;
        }
      }),
    transaction: (fn) => mutex.run(() => pg.transaction((tx) => fn(wrap(tx)))),
    close: () => mutex.run(() => pg.close()),
  } as Omit<Database, 'changes'>;
  // One process owns an embedded database: its own writes are all the changes there are.
  return { ...withTableChanges(base), dumpDataDir: () => mutex.run(() => pg.dumpDataDir('none')) };
}
