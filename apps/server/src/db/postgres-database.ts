import pg from 'pg';
import type { Database, Queryable, TableChanges } from './database';
import { createTableChanges, TABLE_CHANGES_CHANNEL, withTableChanges } from './table-changes';
import { DEFAULT_CONFLICT_RETRY, retryingConflicts, type ConflictRetry } from './transaction-conflicts';

pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

export interface PostgresOptions {
  connectionString: string;
  /** Tests isolate themselves in a schema of their own. */
  searchPath?: string;
  max?: number;
  /** How a deadlocked or serialization-failed transaction is run again (decision record 063). */
  conflictRetry?: Partial<ConflictRetry>;
}

export function openPostgresDatabase(options: PostgresOptions): Database {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.max ?? 10,
    ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
  });
  // An idle client losing its connection must not crash the process.
  pool.on('error', () => undefined);
  // This pool's own writes are told as they commit: their notifications, from these backends, are not news.
  const ownBackends = new Set<number>();
  pool.on('connect', (client) => {
    const pid = (client as pg.PoolClient & { processID?: number }).processID;
    if (pid) ownBackends.add(pid);
  });
  pool.on('remove', (client) => {
    const pid = (client as pg.PoolClient & { processID?: number }).processID;
    if (pid) ownBackends.delete(pid);
  });
  const wrap = (client: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T>(sql: string, params?: readonly unknown[]) {
      const res = await client.query(sql, params as unknown[] | undefined);
      return res.rows as T[];
    },
  });
  const local = createTableChanges();
  // Listening starts with the first cache: a script that only migrates or seeds opens no extra connection.
  let listener: { close(): Promise<void>; ready: Promise<void> } | null = null;
  const listen = () => (listener ??= listenForTableChanges(options, local, ownBackends));
  const changes: TableChanges = {
    ...local,
    subscribe(tables, fn) {
      listen();
      return local.subscribe(tables, fn);
    },
    listening: () => listen().ready,
  };
  const retry: ConflictRetry = { ...DEFAULT_CONFLICT_RETRY, ...options.conflictRetry };
  const base = {
    engine: 'postgres' as const,
    // A statement on its own is a transaction of its own: one that deadlocked was rolled back and may run again.
    query: (sql, params) => retryingConflicts(() => wrap(pool).query(sql, params), retry),
    exec: async (sql) => void (await pool.query(sql)),
    transaction: (fn) =>
      retryingConflicts(async () => {
        // A connection per attempt: none is held while a retry waits.
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          const result = await fn(wrap(client));
          await client.query('COMMIT');
          return result;
        } catch (error) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw error;
        } finally {
          client.release();
        }
      }, retry),
    async close() {
      await listener?.close();
      await pool.end();
    },
  } as Omit<Database, 'changes'>;
  return withTableChanges(base, changes);
}

const RECONNECT_MS = 1_000;

/**
 * Other instances' writes, from the NOTIFYs of migration 0016's triggers, on a connection of its own. While that
 * connection is down a notification can be missed, so every cache is dropped when it comes back.
 */
function listenForTableChanges(options: PostgresOptions, changes: TableChanges, ownBackends: ReadonlySet<number>): { close(): Promise<void>; ready: Promise<void> } {
  let closed = false;
  let client: pg.Client | null = null;
  let heard!: () => void;
  const ready = new Promise<void>((resolve) => (heard = resolve));
  let retry: NodeJS.Timeout | null = null;
  const connect = async () => {
    retry = null;
    if (closed) return;
    const c = new pg.Client({
      connectionString: options.connectionString,
      ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
    });
    client = c;
    const lost = () => {
      if (client !== c) return;
      client = null;
      c.end().catch(() => undefined);
      if (!closed) retry = setTimeout(() => void connect(), RECONNECT_MS).unref();
    };
    c.on('error', lost);
    c.on('end', lost);
    c.on('notification', (message) => {
      // Each schema (a test's, a deployment's) is its own site: its triggers send the schema with the table.
      if (ownBackends.has(message.processId)) return;
      const [schema, table] = (message.payload ?? '').split('.');
      if (table && schema === currentSchema) changes.emit([table]);
    });
    let currentSchema = '';
    try {
      await c.connect();
      currentSchema = (await c.query<{ schema: string }>('SELECT current_schema() AS schema')).rows[0]?.schema ?? '';
      await c.query(`LISTEN ${TABLE_CHANGES_CHANNEL}`);
      changes.emitAll();
      heard();
    } catch {
      lost();
    }
  };
  void connect();
  return {
    ready,
    async close() {
      heard();
      closed = true;
      if (retry) clearTimeout(retry);
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
}
