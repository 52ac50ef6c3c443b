import { PRODUCT_NAME } from '@velora/shared';
import { escapeHtml, sandboxPageHeaders, sandboxPageShell } from '../../lib/sandbox-page-shell';

// The sandbox provider's page: plain HTML, no script, posting the decision back to this server.

const PAGE_CSS = `
  main { text-align: center; }
  form { display: flex; gap: 1rem; justify-content: center; margin-top: 1.5rem; }
  button.confirm { background: #c2185b; border-color: #c2185b; }`;

const page = (title: string, body: string) => sandboxPageShell(title, body, PAGE_CSS);

/** The headers of these pages: their CSP allows exactly PAGE_CSS's stylesheet. */
export const SANDBOX_PAGE_HEADERS = sandboxPageHeaders(PAGE_CSS);

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
