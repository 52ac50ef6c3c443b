import { describe, expect, it } from 'vitest';
import { composeTitle } from './document-title';

describe('composeTitle', () => {
  it('is the product name, a dash and the section', () => {
    expect(composeTitle('Videos')).toBe('Velora – Videos');
    expect(composeTitle('Neuerscheinungen')).toBe('Velora – Neuerscheinungen');
  });

  it('is the product name alone without a section', () => {
    expect(composeTitle(null)).toBe('Velora');
    expect(composeTitle('')).toBe('Velora');
  });
});
