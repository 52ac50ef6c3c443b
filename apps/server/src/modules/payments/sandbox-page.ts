import { LANGUAGE_TAGS, PRODUCT_NAME, planName, type Language, type PlanPeriod } from '@velora/shared';
import { escapeHtml, sandboxPageHeaders, sandboxPageShell } from '../../lib/sandbox-page-shell';

// The sandbox provider's hosted checkout: plain HTML and inline CSS, no script, nothing loaded from elsewhere; its
// form posts the member's choice back to this server.

type PageLanguage = Language;

const moneyFormat = (cents: number, currency: string, language: PageLanguage) =>
  new Intl.NumberFormat(LANGUAGE_TAGS[language], { style: 'currency', currency }).format(cents / 100);

const formatPercent = (bp: number, language: PageLanguage) =>
  new Intl.NumberFormat(LANGUAGE_TAGS[language], { style: 'percent', maximumFractionDigits: 2 }).format(bp / 10_000);

const PAGE_CSS = `
  h1 { font-size: 1.4rem; margin-top: 0; }
  table { width: 100%; border-collapse: collapse; margin: 1rem 0; }
  th, td { padding: 0.35rem 0; text-align: left; font-weight: normal; }
  td { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; padding-left: 1rem; }
  tr.total th, tr.total td { font-weight: bold; border-top: 1px solid #55555f; padding-top: 0.6rem; }
  form { display: flex; flex-wrap: wrap; gap: 0.75rem; margin-top: 1.5rem; }
  button { flex: 1 1 auto; }
  button.pay { background: #c2185b; border-color: #c2185b; flex: 1 1 100%; }`;

const page = (title: string, body: string, language: PageLanguage = 'en') => sandboxPageShell(title, body, PAGE_CSS, language);

/** The headers of these pages: their CSP allows exactly PAGE_CSS's stylesheet. */
export const SANDBOX_PAGE_HEADERS = sandboxPageHeaders(PAGE_CSS);

// The checkout speaks the member's language, as a real provider's hosted page does when it is told the locale.
const TEXTS = {
  en: {
    title: 'Checkout',
    order: 'Your order',
    membership: (plan: string) => `Premium membership, ${plan}`,
    coins: (n: string) => `${n} coins`,
    off: (percent: number) => `${percent} % off`,
    vat: (rate: string) => `VAT ${rate}`,
    total: 'Total',
    note: 'Sandbox payment provider: nothing is charged. A live site uses a real payment provider.',
    pay: (amount: string) => `Pay ${amount}`,
    decline: 'Decline',
    cancel: 'Cancel',
  },
  de: {
    title: 'Bezahlen',
    order: 'Ihre Bestellung',
    membership: (plan: string) => `Premium-Mitgliedschaft, ${plan}`,
    coins: (n: string) => `${n} Coins`,
    off: (percent: number) => `${percent} % Rabatt`,
    vat: (rate: string) => `MwSt. ${rate}`,
    total: 'Gesamt',
    note: 'Sandbox-Zahlungsanbieter: Es wird nichts berechnet. Eine echte Website nutzt einen echten Zahlungsanbieter.',
    pay: (amount: string) => `${amount} bezahlen`,
    decline: 'Ablehnen',
    cancel: 'Abbrechen',
  },
  fr: {
    title: 'Paiement',
    order: 'Votre commande',
    membership: (plan: string) => `Abonnement premium, ${plan}`,
    coins: (n: string) => `${n} coins`,
    off: (percent: number) => `${percent} % de réduction`,
    vat: (rate: string) => `TVA ${rate}`,
    total: 'Total',
    note: 'Prestataire de paiement de test : rien n’est débité. Un site en production utilise un vrai prestataire de paiement.',
    pay: (amount: string) => `Payer ${amount}`,
    decline: 'Refuser',
    cancel: 'Annuler',
  },
} as const satisfies Record<PageLanguage, unknown>;

export interface SandboxCheckoutView {
  /** What is bought: a plan (named by its duration in the page language) or coins. */
  item: { kind: 'plan'; plan: PlanPeriod } | { kind: 'coins'; coins: number };
  /** The member's language: the page is written in it. */
  language: PageLanguage;
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
  const lang = v.language;
  const t = TEXTS[lang];
  const money = (cents: number) => moneyFormat(cents, v.currency, lang);
  const description =
    v.item.kind === 'plan' ? t.membership(planName(v.item.plan, lang)) : t.coins(new Intl.NumberFormat(LANGUAGE_TAGS[lang]).format(v.item.coins));
  const rows = [
    `<tr><th scope="row">${escapeHtml(description)}${v.discount ? ` (${escapeHtml(t.off(v.discountPercent))})` : ''}</th><td>${money(v.netCents)}</td></tr>`,
    v.vatRateBp > 0 ? `<tr><th scope="row">${escapeHtml(t.vat(formatPercent(v.vatRateBp, lang)))}</th><td>${money(v.vatCents)}</td></tr>` : '',
    `<tr class="total"><th scope="row">${t.total}</th><td>${money(v.amountCents)}</td></tr>`,
  ]
    .filter(Boolean)
    .join('\n');
  return page(
    t.title,
    `<h1>${t.title}</h1>
<table aria-label="${escapeHtml(t.order)}">
${rows}
</table>
<p class="note">${escapeHtml(t.note)}</p>
<form method="post" action="${escapeHtml(action)}">
  <button class="pay" type="submit" name="action" value="pay">${escapeHtml(t.pay(money(v.amountCents)))}</button>
  <button type="submit" name="action" value="decline">${t.decline}</button>
  <button type="submit" name="action" value="cancel">${t.cancel}</button>
</form>`,
    lang,
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
