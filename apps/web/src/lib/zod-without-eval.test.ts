import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import './zod-without-eval';

describe('zod under the CSP', () => {
  it('never probes for eval', () => {
    expect(z.config().jitless).toBe(true);
    expect(z.object({ a: z.string() }).parse({ a: 'x' })).toEqual({ a: 'x' });
  });
});
