import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ENDPOINT_ENTRIES } from './index';
import { MULTI_LINE_FIELDS, SAMPLE_TEXT, stringLeavesOf, validTextFor } from './string-leaves';

// Decision 031: a control character in any string a caller sends is refused by the contract (a 400 naming the field),
// never left for PostgreSQL to refuse (a 500). Walks every params, query and body schema of the table down to each
// string it takes (nested objects, arrays, unions, record keys), so a new endpoint with a bare z.string() fails here.

const CONTROLS: Record<string, string> = {
  NUL: '\u0000',
  SOH: '\u0001',
  BS: '\u0008',
  VT: '\u000B',
  FF: '\u000C',
  ESC: '\u001B',
  US: '\u001F',
  DEL: '\u007F',
  'a lone surrogate': '\uD800',
};
const LINE_BREAKS: Record<string, string> = { LF: '\n', CR: '\r', TAB: '\t' };

const leaves = ENDPOINT_ENTRIES.flatMap(([name, endpoint]) =>
  (['params', 'query', 'body'] as const).flatMap((part) => {
    const schema = endpoint[part];
    return schema ? stringLeavesOf(schema).map((leaf) => ({ key: `${name} ${part}.${leaf.path}`, schema: leaf.schema })) : [];
  }),
);

const refuses = (schema: z.ZodType, value: string) => !schema.safeParse(value).success;

describe('every string an endpoint takes', () => {
  it('is found in the table (the walk reaches nested fields and record keys)', () => {
    const keys = leaves.map((l) => l.key);
    expect(keys).toContain('auth.login body.username');
    expect(keys).toContain('pages.get params.*');
    expect(keys).toContain('visits.track query.<key>');
    expect(keys.length).toBeGreaterThan(60);
  });

  it.each(leaves)('$key has a valid sample', ({ key, schema }) => {
    expect(validTextFor(key, schema), `no sample of ${key} passes its schema: add one to SAMPLE_TEXT`).not.toBeNull();
  });

  describe.each(leaves)('$key', ({ key, schema }) => {
    const valid = () => validTextFor(key, schema) ?? SAMPLE_TEXT[key] ?? 'sample';

    const inside = (text: string) => {
      const middle = Math.ceil(valid().length / 2);
      return `${valid().slice(0, middle)}${text}${valid().slice(middle)}`;
    };

    it.each(Object.entries(CONTROLS))('refuses %s', (_label, control) => {
      expect(refuses(schema, inside(control))).toBe(true);
      // At either end too, unless it is white space a trim takes away (VT, FF) before anything is stored.
      if (!/\s/.test(control)) {
        expect(refuses(schema, `${valid()}${control}`)).toBe(true);
        expect(refuses(schema, `${control}${valid()}`)).toBe(true);
      }
    });

    it.each(Object.entries(LINE_BREAKS))('takes %s inside only if it is a text of several lines', (_label, brk) => {
      expect(refuses(schema, inside(brk))).toBe(!MULTI_LINE_FIELDS.has(key));
    });
  });

  it('names only fields that exist as texts of several lines', () => {
    const keys = new Set(leaves.map((l) => l.key));
    expect([...MULTI_LINE_FIELDS].filter((k) => !keys.has(k))).toEqual([]);
  });
});
