import { PRODUCT_NAME } from '@velora/shared';
import { escapeHtml, sandboxPageHeaders, sandboxPageShell } from '../../lib/sandbox-page-shell';

// The sandbox provider's hosted checkout: plain HTML and inline CSS, no script, nothing loaded from elsewhere; its
// form posts the member's choice back to this server.

export function formatMoney(cents: number, currency: string): string {
  return new Intl.NumberFormat('en-GB', { style: 'currency', currency }).format(cents / 100);
}

const formatPercent = (bp: number) => `${(bp / 100).toLocaleString('en-GB', { maximumFractionDigits: 2 })} %`;

const PAGE_CSS = `
  h1 { font-size: 1.4rem; margin-top: 0; }
  table { width: 100%; border-collapse: collapse; margin: 1rem 0; }
  th, td { padding: 0.35rem 0; text-align: left; font-weight: normal; }
  td { text-align: right; font-variant-numeric: tabular-nums; }
  tr.total th, tr.total td { font-weight: bold; border-top: 1px solid #55555f; padding-top: 0.6rem; }
  form { display: flex; flex-wrap: wrap; gap: 0.75rem; margin-top: 1.5rem; }
  button.pay { background: #c2185b; border-color: #c2185b; flex: 1 1 100%; }`;

const page = (title: string, body: string) => sandboxPageShell(title, body, PAGE_CSS);

/** The headers of these pages: their CSP allows exactly PAGE_CSS's stylesheet. */
export const SANDBOX_PAGE_HEADERS = sandboxPageHeaders(PAGE_CSS);

export interface SandboxCheckoutView {
  description: string;
  amountCents: number;
  netCents: number;
  vatCents: number;
  vatRateBp: number;
  currency: string;
  discount: string | null;
  discountPercent: number;
}

/** The checkout: what is bought, the amount with its VAT, and the three outcomes a real provider can have. */
export function sandboxCheckoutPage(action: string, v: SandboxCheckoutView): string {
  const rows = [
    `<tr><th scope="row">${escapeHtml(v.description)}${v.discount ? ` (${v.discountPercent} % off)` : ''}</th><td>${formatMoney(v.netCents, v.currency)}</td></tr>`,
    v.vatRateBp > 0 ? `<tr><th scope="row">VAT ${formatPercent(v.vatRateBp)}</th><td>${formatMoney(v.vatCents, v.currency)}</td></tr>` : '',
    `<tr class="total"><th scope="row">Total</th><td>${formatMoney(v.amountCents, v.currency)}</td></tr>`,
  ]
    .filter(Boolean)
    .join('\n');
  return page(
    'Checkout',
    `<h1>Checkout</h1>
<table aria-label="Your order">
${rows}
</table>
<p class="note">Sandbox payment provider: nothing is charged. A live site uses a real payment provider.</p>
<form method="post" action="${escapeHtml(action)}">
  <button class="pay" type="submit" name="action" value="pay">Pay ${formatMoney(v.amountCents, v.currency)}</button>
  <button type="submit" name="action" value="decline">Decline</button>
  <button type="submit" name="action" value="cancel">Cancel</button>
</form>`,
  );
}

export function sandboxFinishedPage(): string {
  return page(
    'Checkout',
    `<h1>This checkout is over</h1>
<p>This payment was already finished or does not exist. Start again from the site.</p>
<p><a href="/">Back to ${escapeHtml(PRODUCT_NAME)}</a></p>`,
  );
}

export function sandboxFailurePage(): string {
  return page(
    'Checkout',
    `<h1>Something went wrong</h1>
<p>The payment could not be completed. Nothing was charged. Please try again from the site.</p>
<p><a href="/">Back to ${escapeHtml(PRODUCT_NAME)}</a></p>`,
  );
}
