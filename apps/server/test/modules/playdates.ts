import { expect } from 'vitest';
import { asModel, asPremium, createCamera, giveCoins, type LoggedIn } from '../factories';
import type { TestApp } from '../test-app';

// Shared by the playdates tests: a model offering private playdates, premium members with coins, calls through the API.

export const PRICE = 10;
export const DURATIONS = [5, 10, 15, 30];

export interface OfferingModel {
  model: LoggedIn;
  modelId: number;
  cameraId: number;
}

export async function call(t: TestApp, method: string, url: string, who?: { headers: Record<string, string> }, payload?: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: method as 'GET',
    url: `/api${url}`,
    headers: { ...(who?.headers ?? {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** A model with a camera, taking requests every day around the clock at PRICE coins a minute. */
export async function offeringModel(t: TestApp, o: { enabled?: boolean } = {}): Promise<OfferingModel> {
  const model = await asModel(t);
  const modelId = model.user.model_id!;
  const camera = await createCamera(t, { modelId });
  const res = await call(t, 'PUT', '/studio/playdates/settings', model, {
    private_enabled: o.enabled ?? true,
    price_per_minute: PRICE,
    durations: DURATIONS,
    hours: { days: [0, 1, 2, 3, 4, 5, 6], from_minute: 0, to_minute: 1440, time_zone: 'Europe/Berlin' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { model, modelId, cameraId: camera.id };
}

export async function premiumWith(t: TestApp, coins: number): Promise<LoggedIn> {
  const member = await asPremium(t);
  if (coins > 0) await giveCoins(t, member.id, coins);
  return member;
}

/** The first free start of a duration, from the quote. */
export async function firstSlot(t: TestApp, m: OfferingModel, who: LoggedIn, duration: number): Promise<number> {
  const res = await call(t, 'GET', `/playdates/private/request/${m.cameraId}?duration=${duration}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { slots: Array<{ starts_at: number }> }).slots[0]!.starts_at;
}

export async function requestAt(t: TestApp, m: OfferingModel, who: LoggedIn, duration: number, startsAt: number | null, extra: Record<string, unknown> = {}) {
  return call(t, 'POST', `/playdates/private/request/${m.cameraId}`, who, { duration, starts_at: startsAt, price_per_minute: PRICE, ...extra });
}

export async function statusOf(t: TestApp, id: number): Promise<string> {
  const [row] = await t.deps.db.query<{ status: string }>('SELECT status FROM playdates WHERE id = $1', [id]);
  return row!.status;
}

export async function bookings(t: TestApp, id: number): Promise<string[]> {
  const rows = await t.deps.db.query<{ idempotency_key: string }>(
    `SELECT idempotency_key FROM ledger_transactions WHERE idempotency_key LIKE $1 ORDER BY id`,
    [`playdate:${id}:%`],
  );
  return rows.map((r) => r.idempotency_key.slice(`playdate:${id}:`.length));
}
