import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from './storage';
import { getVisitId, setVisitId } from './visit-id';

describe('visit id', () => {
  it('is absent until the server hands one out', () => {
    expect(getVisitId()).toBeNull();
  });

  it('is stored under the visitor-id key', () => {
    setVisitId('3f0c0d9e-3a44-4b55-9f0a-1b2c3d4e5f60');
    expect(getVisitId()).toBe('3f0c0d9e-3a44-4b55-9f0a-1b2c3d4e5f60');
    expect(localStorage.getItem(STORAGE_KEYS.visitorId)).toBe('"3f0c0d9e-3a44-4b55-9f0a-1b2c3d4e5f60"');
  });
});
