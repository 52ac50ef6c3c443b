// Client-sent JSON headed for a jsonb column. PostgreSQL rejects NUL characters and lone UTF-16 surrogates in
// jsonb and text, and very deep nesting exhausts its stack: each would otherwise surface as a 500.

export const MAX_JSON_DEPTH = 32;

export class JsonTooDeepError extends Error {
  constructor() {
    super(`nested more than ${MAX_JSON_DEPTH} levels deep`);
  }
}

const NUL = /\u0000/g; // eslint-disable-line no-control-regex -- NUL is exactly what PostgreSQL cannot store
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** A string PostgreSQL will store: NULs dropped, unpaired surrogates replaced by U+FFFD. */
export function storableString(value: string): string {
  return value.replace(NUL, '').replace(LONE_SURROGATE, '\uFFFD');
}

/** A copy of `value` that PostgreSQL stores as jsonb; throws JsonTooDeepError past MAX_JSON_DEPTH levels. */
export function storableJson(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return storableString(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_JSON_DEPTH) throw new JsonTooDeepError();
  if (Array.isArray(value)) return value.map((item) => storableJson(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    // defineProperty, so a "__proto__" key stays a plain key instead of replacing the prototype.
    Object.defineProperty(out, storableString(key), { value: storableJson(item, depth + 1), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/** Size in bytes of `value` as JSON, or Infinity when it cannot be serialised (e.g. too deep for the stack). */
export function jsonByteLength(value: unknown): number {
  try {
    return Buffer.byteLength(JSON.stringify(value) ?? '', 'utf8');
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}
