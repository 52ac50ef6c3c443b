import type { Queryable } from '../db/database';
import type { CoinsService } from '../modules/coins/coins.service';

/** Coins of the demo accounts, so tips and the payment history can be tried at once. */
export const DEMO_COINS: Record<string, number> = { member: 500, premium: 1000 };

/**
 * Grants the demo coins from the house through the ledger, in the seed's transaction `tx`. Idempotent: each grant
 * has a fixed key, so seeding again (or a second instance seeding at once) books nothing twice.
 */
export async function seedDemoCoins(coins: Pick<CoinsService, 'grant'>, tx: Queryable): Promise<void> {
  const users = await tx.query<{ id: number; username: string }>('SELECT id, username FROM users WHERE username = ANY($1::text[])', [Object.keys(DEMO_COINS)]);
  for (const user of users) {
    await coins.grant(user.id, DEMO_COINS[user.username]!, 'Demo coins', `seed:demo-coins:${user.username}`, tx);
  }
}
