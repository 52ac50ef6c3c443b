import type { Database } from '../../db/database';

// pg-boss's `db` option: its SQL goes through our Database, so it shares the PGlite mutex (or the pg Pool).

export interface PgBossDatabase {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /** Resolves once no statement of pg-boss is in flight (it completes and fails jobs without awaiting them). */
  idle(): Promise<void>;
  isIdle(): boolean;
}

/**
 * pg-boss sends its maintenance and schema changes as one parameterless text `BEGIN; …advisory lock…; COMMIT;`.
 * That text goes through `exec` (several statements, one turn of the PGlite mutex, so an app statement can never
 * land inside it); everything else is one parameterised statement.
 */
export function pgBossDatabase(db: Database): PgBossDatabase {
  let inFlight = 0;
  let waiters: Array<() => void> = [];
  const settle = () => {
    inFlight -= 1;
    if (inFlight > 0) return;
    const ready = waiters;
    waiters = [];
    for (const w of ready) w();
  };
  return {
    async executeSql(text, values) {
      inFlight += 1;
      try {
        if ((!values || values.length === 0) && /^\s*BEGIN\b/i.test(text)) {
          await db.exec(text);
          return { rows: [] };
        }
        return { rows: await db.query(text, values) };
      } finally {
        settle();
      }
    },
    isIdle: () => inFlight === 0,
    idle() {
      return inFlight === 0 ? Promise.resolve() : new Promise((resolve) => waiters.push(resolve));
    },
  };
}
