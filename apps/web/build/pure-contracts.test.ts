import { parse } from 'acorn';
import { describe, expect, it } from 'vitest';
import { splitContract } from './pure-contracts';

const CONTRACT = [
  "import { z } from 'zod';",
  "import { LIMIT } from './other';",
  "export const PARAM = 'confirm_email';",
  "const SEGMENT = 'velora';",
  "export const SEGMENTS = [SEGMENT, 'new', -1, { a: `x` }];",
  'export const MAX = LIMIT;',
  'export const Body = z.object({ name: z.string().max(MAX) }).meta({ id: "Body" });',
  'export const check = (text) => text.length < 5;',
  "z.config({ jitless: true });",
].join('\n');

const split = (code: string) => splitContract(code, (source) => parse(source, { ecmaVersion: 'latest', sourceType: 'module' }), 'virtual:constants');

describe('a contract module in the browser build', () => {
  it('moves its plain constants to a module of their own and re-exports the exported ones', () => {
    const result = split(CONTRACT);
    expect(result?.constants).toBe(
      ["export const PARAM = 'confirm_email';", "export const SEGMENT = 'velora';", "export const SEGMENTS = [SEGMENT, 'new', -1, { a: `x` }];"].join('\n'),
    );
    expect(result?.code).toContain('import { PARAM, SEGMENT, SEGMENTS } from "virtual:constants";\nexport { PARAM, SEGMENTS };');
    expect(result?.code).not.toContain("export const PARAM = 'confirm_email';");
  });

  it('keeps a constant that names an import, and marks each computed declaration pure', () => {
    const code = split(CONTRACT)?.code ?? '';
    expect(code).toContain('export const MAX = LIMIT;');
    expect(code).toContain('export const Body = /* @__PURE__ */ (() => (z.object({ name: z.string().max(MAX) }).meta({ id: "Body" })))();');
    expect(code).toContain('export const check = (text) => text.length < 5;');
  });

  it('leaves statements run for their effect as they are', () => {
    expect(split(CONTRACT)?.code).toContain('\nz.config({ jitless: true });');
  });

  it('changes nothing in a module without constants or computed declarations', () => {
    expect(split('export function f() { return 1; }')).toBeNull();
  });
});
