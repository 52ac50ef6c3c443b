// The page's CSP allows a <style> element only with the nonce of this answer (decision 028), which the server writes
// into index.html. The dialogs' scroll lock (react-remove-scroll) adds one at run time and reads webpack's global
// nonce variable: hand it this page's.

export const CSP_NONCE_META = 'csp-nonce';

export function applyCspNonce(doc: Document = document, global: typeof globalThis = globalThis): string | null {
  const nonce = doc.querySelector(`meta[name="${CSP_NONCE_META}"]`)?.getAttribute('content') ?? null;
  if (nonce) (global as { __webpack_nonce__?: string }).__webpack_nonce__ = nonce;
  return nonce;
}
