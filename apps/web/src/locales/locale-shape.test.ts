import { describe, expect, it } from 'vitest';
import { deTexts } from './de';
import { enTexts } from './en';
import { frTexts } from './fr';
import { NAMESPACES, SECTIONS_OF } from './namespaces';

// The type checker holds German and French to English's shape (types.ts); this says which key differs when a file is
// written past it (a cast, a spread), and that every namespace holds exactly the sections namespaces.ts lists.
const keysOf = (value: unknown, prefix = ''): string[] =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? Object.entries(value).flatMap(([key, inner]) => keysOf(inner, `${prefix}${key}.`))
    : [prefix.slice(0, -1)];

describe('the locales by namespace (decision 066)', () => {
  it.each(NAMESPACES)('namespace %s holds its sections, in every language with the keys of English', (namespace) => {
    expect(Object.keys(enTexts[namespace]).sort()).toEqual([...SECTIONS_OF[namespace]].sort());
    const english = keysOf(enTexts[namespace]).sort();
    expect(keysOf(deTexts[namespace]).sort()).toEqual(english);
    expect(keysOf(frTexts[namespace]).sort()).toEqual(english);
  });
});
