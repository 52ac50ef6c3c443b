import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginToken } from './support/api';
import { launchBrowser } from './support/browser';
import { logInThroughDialog } from './support/log-in';
import { startServer, type RunningServer } from './support/start-server';

// Site settings in the back office (decision record 072), as people use them: the demo admin turns on the Black Friday
// discount with 40 % on the flags screen, and a member who opens the paywall afterwards sees the discounted price
// beside the regular one, the price the server will charge.

let server: RunningServer;
let browser: Browser;

interface PlanPrice {
  token: string;
  price: { amount_cents: number; original_amount_cents: number | null; discount: string | null; discount_percent: number };
}
async function memberPlans(): Promise<PlanPrice[]> {
  const token = await loginToken(server.url, 'member');
  const res = await fetch(`${server.url}/api/payments/plans`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok).toBe(true);
  return ((await res.json()) as { plans: PlanPrice[] }).plans;
}

async function newPage(): Promise<Page> {
  return (await browser.newContext({ locale: 'en-US', viewport: { width: 390, height: 844 } })).newPage();
}

beforeAll(async () => {
  server = await startServer('pglite');
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('a discount flag turned on in the back office', () => {
  it("shows on a member's paywall as the discounted price", async () => {
    expect((await memberPlans()).every((plan) => plan.price.discount !== 'black_friday_discount_24')).toBe(true);

    const admin = await newPage();
    await logInThroughDialog(admin, server.url, 'admin');
    await admin.goto(`${server.url}/backoffice/flags`);
    await admin.getByRole('heading', { level: 1, name: 'Feature flags' }).waitFor();
    await admin.getByRole('button', { name: 'Edit the flag black_friday_discount_24' }).click();
    const dialog = admin.getByRole('dialog');
    const on = dialog.getByRole('switch', { name: 'On' });
    // By keyboard, as the switch's styled track covers the box itself.
    if (!(await on.isChecked())) await on.press('Space');
    expect(await on.isChecked()).toBe(true);
    // A subscribers-only version would keep the paywall's price (product §4): everyone gets this one.
    await dialog.getByLabel('Version').fill('');
    await dialog.getByLabel('Discount in percent').fill('40');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await admin.getByText('The flag black_friday_discount_24 was saved.').waitFor();
    const card = admin.locator('[data-testid="flag"][data-flag="black_friday_discount_24"]');
    expect(await card.textContent()).toContain('40 % off');

    const plans = await memberPlans();
    const monthly = plans.find((plan) => plan.token === 'month-1')!;
    expect(monthly.price).toMatchObject({ discount: 'black_friday_discount_24', discount_percent: 40 });
    expect(monthly.price.amount_cents).toBeLessThan(monthly.price.original_amount_cents!);

    const member = await newPage();
    await logInThroughDialog(member, server.url, 'member');
    await member.goto(`${server.url}/paywall`);
    const cards = member.getByTestId('plan-card');
    await cards.first().waitFor();
    const money = (cents: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR' }).format(cents / 100);
    const monthlyCard = cards.nth(plans.indexOf(monthly));
    expect(await monthlyCard.locator('.price-tag__original').textContent()).toContain(money(monthly.price.original_amount_cents!));
    expect(await monthlyCard.getByTestId('price-amount').textContent()).toBe(money(monthly.price.amount_cents));
    expect(await monthlyCard.textContent()).toContain('40');
  });
});
