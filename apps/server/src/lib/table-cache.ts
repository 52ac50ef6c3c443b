import { LRUCache } from 'lru-cache';
import type { TableChanges } from '../db/database';

// A bounded cache of values read from some tables, emptied when any of them changes (db/table-changes.ts).

export interface TableCacheOptions {
  /** The tables the cached values are read from. */
  tables: readonly string[];
  changes: TableChanges;
  /** How many entries at most; the least recently used go first. */
  max: number;
  /**
   * How many bytes the entries may hold together, by `sizeOf`; the least recently used go first, and a value larger
   * than the whole budget is not kept. A count alone would not bound memory: a page of 100 videos is 50 times a
   * session (decision record 056).
   */
  maxBytes: number;
  /** How long an entry lives at most: the bound on staleness should a change notification ever be missed. */
  ttlMs: number;
}

export interface TableCache<V> {
  /** The cached value, or `load()`'s; concurrent misses of one key share one load. */
  get(key: string, load: () => Promise<V>): Promise<V>;
  /** Entries held now (for the memory figures). */
  readonly size: number;
  /** Their bytes by `sizeOf` (for the memory figures). */
  readonly bytes: number;
}

/**
 * A value's size as its JSON's length: what it would take to send, and in proportion to what its objects hold in V8's
 * heap: about twice the JSON for pages of catalog rows (1.9 for pages of 24 videos, decision record 056).
 */
export function jsonSize(value: unknown): number {
  return JSON.stringify(value)?.length ?? 8;
}

export function createTableCache<V extends NonNullable<unknown>>(options: TableCacheOptions & { sizeOf?: (value: V) => number }): TableCache<V> {
  const sizeOf = options.sizeOf ?? jsonSize;
  const entries = new LRUCache<string, V>({
    max: options.max,
    ttl: options.ttlMs,
    maxSize: options.maxBytes,
    // The key is held too; lru-cache wants a positive integer.
    sizeCalculation: (value, key) => Math.max(1, Math.ceil(sizeOf(value)) + key.length),
  });
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
    get bytes() {
      return entries.calculatedSize;
    },
  };
}
