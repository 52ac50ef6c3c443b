import { createRandom } from '../../src/demo/seed-catalog';

// The fuzz run's generator: the demo seed's mulberry32 (the same seed gives the same requests, so a failing run can be
// repeated), with the two things the run asks besides: a weighted coin, and a pick that refuses an empty list.

export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
}

export function seededRandom(seed: number): Random {
  const { next, int, pick } = createRandom(seed);
  return {
    next,
    int,
    pick: (items) => {
      if (items.length === 0) throw new Error('pick from nothing');
      return pick(items);
    },
    chance: (probability) => next() < probability,
  };
}
