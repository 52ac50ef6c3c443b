import { parseArgs } from 'node:util';
import type { Engine } from '../test-app';

/** The options both fuzz commands take (`--requests --seconds --seed --engines`, plus any of their own), checked. */
export function fuzzCommandOptions(name: string, defaults: { requests: number; seconds: number }, extra: Record<string, { type: 'string'; default: string }> = {}) {
  const parsed = parseArgs({
    options: {
      requests: { type: 'string', default: String(defaults.requests) },
      seconds: { type: 'string', default: String(defaults.seconds) },
      seed: { type: 'string' },
      engines: { type: 'string', default: 'pglite,postgres' },
      ...extra,
    },
  });
  const values = parsed.values as Record<string, string | undefined>;
  const seed = values.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(values.seed);
  const requests = Number(values.requests);
  const seconds = Number(values.seconds);
  const engines = String(values.engines).split(',').map((e) => e.trim()) as Engine[];
  for (const engine of engines) if (engine !== 'pglite' && engine !== 'postgres') throw new Error(`unknown engine ${engine}`);
  if (!Number.isInteger(seed) || !(requests > 0) || !(seconds > 0)) throw new Error('--seed, --requests and --seconds take numbers');
  process.stdout.write(`${name}: ${requests} requests per engine, at most ${seconds} s per engine, seed ${seed} (repeat with --seed ${seed})\n`);
  return { seed, requests, seconds, engines, values };
}
