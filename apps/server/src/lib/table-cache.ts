import { LRUCache } from 'lru-cache';
import type { TableChanges } from '../db/table-changes';

// A bounded cache of values read from some tables, emptied when any of them changes (db/table-changes.ts).

export interface TableCacheOptions {
  /** The tables the cached values are read from. */
  tables: readonly string[];
  changes: TableChanges;
  /** How many entries at most; the least recently used go first. */
  max: number;
  /** How long an entry lives at most: the bound on staleness should a change notification ever be missed. */
  ttlMs: number;
}

export interface TableCache<V> {
  /** The cached value, or `load()`'s; concurrent misses of one key share one load. */
  get(key: string, load: () => Promise<V>): Promise<V>;
  /** Entries held now (for the memory figures). */
  readonly size: number;
}

export function createTableCache<V extends NonNullable<unknown>>(options: TableCacheOptions): TableCache<V> {
  const entries = new LRUCache<string, V>({ max: options.max, ttl: options.ttlMs });
  const loading = new Map<string, Promise<V>>();
  // A load that began before a change must not store what it read: the generation tells.
  let generation = 0;
  options.changes.subscribe(options.tables, () => {
    generation += 1;
    entries.clear();
    loading.clear();
  });
  return {
    get(key, load) {
      const hit = entries.get(key);
      if (hit !== undefined) return Promise.resolve(hit);
      const pending = loading.get(key);
      if (pending) return pending;
      const startedIn = generation;
      const promise = load().then(
        (value) => {
          if (generation === startedIn) {
            entries.set(key, value);
            loading.delete(key);
          }
          return value;
        },
        (error: unknown) => {
          if (generation === startedIn) loading.delete(key);
          throw error;
        },
      );
      loading.set(key, promise);
      return promise;
    },
    get size() {
      return entries.size;
    },
  };
}
