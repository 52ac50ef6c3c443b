import type { Database, Queryable, TableChanges } from './database';

// Caches in front of the database (sessions, catalog pages) are dropped when a table they were read from changes.
// Two sources tell: this process's own writes, read off the statement text and told after their commit, so a request
// that follows a write on the same instance never sees the old value; and, on PostgreSQL, the statement triggers of
// migration 0016, which NOTIFY every instance sharing the database (decision record 051).

/** The channel the triggers of migration 0016 notify on; the payload is the table's name. */
export const TABLE_CHANGES_CHANNEL = 'velora_table_changes';

// INSERT INTO t, UPDATE t, DELETE FROM t, TRUNCATE [TABLE] t; an optional schema and quotes. A false match (the
// `UPDATE SET` of an upsert) only drops a cache once too often; what matters is that no real write is missed.
const WRITE = /\b(?:insert\s+into|update|delete\s+from|truncate(?:\s+table)?)\s+(?:only\s+)?(?:"?[a-z_][a-z0-9_]*"?\.)?"?([a-z_][a-z0-9_]*)"?/gi;

/** The tables a statement (or script) writes to, lower-cased. */
export function tablesWrittenBy(sql: string): Set<string> {
  const tables = new Set<string>();
  for (const match of sql.matchAll(WRITE)) tables.add(match[1]!.toLowerCase());
  return tables;
}

export function createTableChanges(): TableChanges {
  const listeners = new Map<string, Set<() => void>>();
  const call = (set: Iterable<() => void>) => {
    for (const listener of set) listener();
  };
  return {
    subscribe(tables, listener) {
      for (const table of tables) {
        let set = listeners.get(table);
        if (!set) listeners.set(table, (set = new Set()));
        set.add(listener);
      }
      return () => {
        for (const table of tables) listeners.get(table)?.delete(listener);
      };
    },
    emit(tables) {
      const due = new Set<() => void>();
      for (const table of tables) for (const listener of listeners.get(table) ?? []) due.add(listener);
      call(due);
    },
    emitAll() {
      const due = new Set<() => void>();
      for (const set of listeners.values()) for (const listener of set) due.add(listener);
      call(due);
    },
    listening: () => Promise.resolve(),
  };
}

/**
 * The database with its own writes told to `changes`: a statement outside a transaction once it returned, the writes
 * of a transaction once it committed (a rolled-back one tells nothing).
 */
export function withTableChanges(db: Omit<Database, 'changes'>, changes: TableChanges = createTableChanges()): Database {
  const told = <T>(sql: string, result: T): T => {
    const tables = tablesWrittenBy(sql);
    if (tables.size > 0) changes.emit(tables);
    return result;
  };
  return {
    engine: db.engine,
    changes,
    async query<T>(sql: string, params?: readonly unknown[]) {
      return told(sql, await db.query<T>(sql, params));
    },
    exec: async (sql) => told(sql, await db.exec(sql)),
    async transaction(fn) {
      const written = new Set<string>();
      const result = await db.transaction((tx) => {
        // A retried transaction tells only what its committed run wrote.
        written.clear();
        return fn({
          query<T>(sql: string, params?: readonly unknown[]) {
            for (const table of tablesWrittenBy(sql)) written.add(table);
            return tx.query<T>(sql, params);
          },
        } satisfies Queryable);
      });
      if (written.size > 0) changes.emit(written);
      return result;
    },
    close: () => db.close(),
  };
}
