import { describe, expect, it } from 'vitest';
import { createTableChanges } from '../db/table-changes';
import { createTableCache, jsonSize } from './table-cache';

// Ids of four digits: every page of ten is the same size.
const page = (n: number, videos: number) => ({ total: 1000, videos: Array.from({ length: videos }, (_, i) => ({ id: 1000 + n * 10 + i, title: `Video ${i}` })) });

describe('createTableCache', () => {
  it('keeps values within its byte budget, the least recently used going first', async () => {
    const changes = createTableChanges();
    const one = jsonSize(page(0, 10)) + 'p0'.length;
    const cache = createTableCache<ReturnType<typeof page>>({ tables: ['videos'], changes, max: 1000, maxBytes: one * 3, ttlMs: 60_000 });
    let loads = 0;
    const get = (n: number) => cache.get(`p${n}`, async () => (loads++, page(n, 10)));
    for (const n of [0, 1, 2]) await get(n);
    await get(0); // p0 is now the most recently used
    await get(3); // p1 must go: four pages do not fit in three pages' bytes
    expect(cache.size).toBe(3);
    expect(cache.bytes).toBeLessThanOrEqual(one * 3);
    loads = 0;
    await get(0);
    await get(2);
    await get(3);
    expect(loads).toBe(0);
    await get(1);
    expect(loads).toBe(1);
  });

  it('hands out a value larger than the whole budget without keeping it', async () => {
    const cache = createTableCache<ReturnType<typeof page>>({ tables: ['videos'], changes: createTableChanges(), max: 10, maxBytes: 200, ttlMs: 60_000 });
    let loads = 0;
    const load = async () => (loads++, page(1, 50));
    expect((await cache.get('big', load)).videos).toHaveLength(50);
    expect((await cache.get('big', load)).videos).toHaveLength(50);
    expect(loads).toBe(2);
    expect(cache.size).toBe(0);
  });

  it('measures values by the size function it is given', async () => {
    const cache = createTableCache<Set<number>>({ tables: ['favourites'], changes: createTableChanges(), max: 10, maxBytes: 100, ttlMs: 60_000, sizeOf: (ids) => ids.size * 10 });
    await cache.get('a', async () => new Set([1, 2, 3, 4]));
    await cache.get('b', async () => new Set([5, 6, 7, 8]));
    await cache.get('c', async () => new Set([9, 10, 11]));
    expect(cache.size).toBe(2);
    expect(cache.bytes).toBeLessThanOrEqual(100);
  });
});
