import { afterEach, describe, expect, it } from 'vitest';
import { applyCspNonce } from './csp-nonce';

afterEach(() => {
  document.head.innerHTML = '';
  delete (globalThis as { __webpack_nonce__?: string }).__webpack_nonce__;
});

describe('applyCspNonce', () => {
  it("hands the page's style nonce to the libraries that add a <style> element", () => {
    document.head.innerHTML = '<meta name="csp-nonce" content="abc123==">';
    expect(applyCspNonce()).toBe('abc123==');
    expect((globalThis as { __webpack_nonce__?: string }).__webpack_nonce__).toBe('abc123==');
  });

  it('does nothing on a page without one (the Vite dev server)', () => {
    expect(applyCspNonce()).toBeNull();
    expect('__webpack_nonce__' in globalThis).toBe(false);
  });
});
