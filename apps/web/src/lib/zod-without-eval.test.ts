import { describe, expect, it } from 'vitest';
// As in main.tsx: the setting first, Zod after it.
import './zod-without-eval';
import { z } from 'zod';

describe('zod under the CSP', () => {
  it('never probes for eval', () => {
    expect(z.config().jitless).toBe(true);
    expect(z.object({ a: z.string() }).parse({ a: 'x' })).toEqual({ a: 'x' });
  });

  it('reads its configuration from the object on globalThis that the setting writes to', () => {
    // Were Zod to keep its configuration elsewhere, a page that loaded Zod later would probe for eval again.
    expect(z.config()).toBe((globalThis as { __zod_globalConfig?: object }).__zod_globalConfig);
  });
});
