// One data-access path for both engines: repositories see only this interface.

export interface Queryable {
  /** Runs one parameterised statement and returns its rows. */
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
}

export interface Database extends Queryable {
  readonly engine: 'pglite' | 'postgres';
  /** Runs several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /**
   * Runs `fn` in one transaction: all of it commits, or none of it. On PostgreSQL a transaction that deadlocked or
   * failed to serialise is rolled back and `fn` runs again, a few times (decision record 063). So `fn` may run more
   * than once: it works only through `tx` and on values it makes itself; pushes, mails, jobs, calls out and changes to
   * memory belong after the transaction, on its result. What still conflicts after the retries is thrown (a 409).
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** Committed writes, by table: what caches in front of the database listen to (table-changes.ts). */
  readonly changes: TableChanges;
}

/** Committed writes, by table; the one implementation and what feeds it are in table-changes.ts (decision 051). */
export interface TableChanges {
  /** Calls `listener` after a committed write to any of `tables`; returns the unsubscribe. */
  subscribe(tables: readonly string[], listener: () => void): () => void;
  /** Tells the subscribers of these tables (a commit here, a notification from another instance). */
  emit(tables: Iterable<string>): void;
  /** Tells every subscriber: a notification may have been missed (the listening connection was lost). */
  emitAll(): void;
  /** Resolves once other instances' changes are heard (at once where there are none: the embedded database). */
  listening(): Promise<void>;
}

/** Postgres unique-violation, so services can turn it into a 409 instead of a 500. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = error as { code?: string; constraint?: string } | null;
  return e?.code === '23505' && (constraint === undefined || e.constraint === constraint);
}
