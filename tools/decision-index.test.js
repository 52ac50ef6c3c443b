import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The index of decision records (docs/decisions/README.md) is how a newcomer finds a record and learns whether it
// is still in force: a record missing from it is as good as lost.

const DIR = path.resolve(import.meta.dirname, '../docs/decisions');
const records = () => fs.readdirSync(DIR).filter((name) => /^\d{3}-.+\.md$/.test(name)).sort();
const indexRows = () =>
  [...fs.readFileSync(path.join(DIR, 'README.md'), 'utf8').matchAll(/^\| \[(\d{3})\]\(([^)]+)\) \| (.+?) \| (.+?) \|$/gm)].map(
    ([, number, file, title, status]) => ({ number, file, title, status }),
  );

describe('the index of decision records', () => {
  it('has one row per record, in order, linking to its file', () => {
    expect(indexRows().map((row) => row.file)).toEqual(records());
    for (const row of indexRows()) expect(row.file.startsWith(`${row.number}-`)).toBe(true);
  });

  it('gives every record a status that names only records that exist', () => {
    const numbers = new Set(records().map((name) => name.slice(0, 3)));
    for (const row of indexRows()) {
      expect(row.status).toMatch(/^(current|superseded by \d{3})/);
      for (const [named] of row.status.matchAll(/\b\d{3}\b/g)) expect(numbers.has(named), `${row.number} names ${named}`).toBe(true);
    }
  });

  it('uses each record\'s own title', () => {
    for (const row of indexRows()) {
      const heading = fs.readFileSync(path.join(DIR, row.file), 'utf8').split('\n', 1)[0];
      expect(heading).toContain(row.title);
    }
  });
});
