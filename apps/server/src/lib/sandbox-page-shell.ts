import { createHash } from 'node:crypto';
import { PRODUCT_NAME } from '@velora/shared';

// The frame of the built-in sandbox providers' pages (age verification, payment checkout): plain HTML and one inline
// stylesheet, no script, nothing loaded from elsewhere; their forms post back to this server.

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * Strict headers for a page of the shell with this CSS: nothing loads, only its own stylesheet applies (by hash, not
 * 'unsafe-inline'), the form only posts here, no other page may frame it, the URL leaks to no referrer. They replace
 * the app's CSP (plugins/security-headers.ts) for the page.
 */
export function sandboxPageHeaders(css = '') {
  const styleHash = createHash('sha256').update(styleText(css)).digest('base64');
  return {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': `default-src 'none'; style-src 'sha256-${styleHash}'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`,
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
  } as const;
}

const BASE_CSS = `
  body { font-family: system-ui, sans-serif; background: #1b1b1f; color: #f2f2f2; display: grid; place-items: center; min-height: 100vh; margin: 0; }
  main { width: min(28rem, calc(100vw - 2rem)); box-sizing: border-box; padding: 2rem; background: #26262c; border-radius: 12px; }
  p.note { color: #b8b8c0; font-size: 0.9rem; }
  button { font: inherit; padding: 0.7rem 1.2rem; border-radius: 8px; border: 1px solid #8a8a96; background: transparent; color: inherit; cursor: pointer; }
  button:focus-visible, a:focus-visible { outline: 3px solid #ffb3d0; outline-offset: 2px; }
  a { color: inherit; }`;

/** The text of the page's <style> element, exactly: its hash is what the CSP allows. */
const styleText = (css: string) => `${BASE_CSS}${css}\n`;

/** A whole page: the shared frame, the page's own CSS, and its body (already escaped by the caller). */
export function sandboxPageShell(title: string, body: string, css = '', lang = 'en'): string {
  return `<!doctype html>
<html lang="${escapeHtml(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · ${escapeHtml(PRODUCT_NAME)}</title>
<style>${styleText(css)}</style>
</head>
<body><main>${body}</main></body>
</html>
`;
}
