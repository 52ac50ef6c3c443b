import { PRODUCT_NAME } from '@velora/shared';

// The sandbox provider's page: plain HTML, no script, posting the decision back to this server.

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Strict headers: nothing loads, the form only posts here, no other page may frame it, the token leaks to no referrer. */
export const SANDBOX_PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
} as const;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · ${escapeHtml(PRODUCT_NAME)}</title>
<style>
  body { font-family: system-ui, sans-serif; background: #1b1b1f; color: #f2f2f2; display: grid; place-items: center; min-height: 100vh; margin: 0; }
  main { max-width: 26rem; padding: 2rem; background: #26262c; border-radius: 12px; text-align: center; }
  p.note { color: #b8b8c0; font-size: 0.9rem; }
  form { display: flex; gap: 1rem; justify-content: center; margin-top: 1.5rem; }
  button { font: inherit; padding: 0.7rem 1.2rem; border-radius: 8px; border: 1px solid #55555f; background: transparent; color: inherit; cursor: pointer; }
  button.confirm { background: #c2185b; border-color: #c2185b; }
  a { color: inherit; }
</style>
</head>
<body><main>${body}</main></body>
</html>
`;
}

export function sandboxPage(action: string): string {
  return page(
    'Age verification',
    `<h1>Age verification</h1>
<p>Please confirm that you are at least 18 years old.</p>
<p class="note">Sandbox provider: this page checks nothing. A live site uses a real verification provider.</p>
<form method="post" action="${escapeHtml(action)}">
  <button class="confirm" type="submit" name="decision" value="confirm">Confirm I am 18+</button>
  <button type="submit" name="decision" value="cancel">Cancel</button>
</form>`,
  );
}

export function sandboxExpiredPage(): string {
  return page(
    'Age verification',
    `<h1>This link has expired</h1>
<p>This age verification was already finished or has expired. Start it again from the site.</p>
<p><a href="/">Back to ${escapeHtml(PRODUCT_NAME)}</a></p>`,
  );
}
