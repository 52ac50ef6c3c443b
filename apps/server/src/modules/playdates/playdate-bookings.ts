import type { PlaydateLimits } from '@velora/shared';
import type { Queryable } from '../../db/database';
import type { PlaydateBooking } from '../coins/coins.service';
import { insufficient, splitOf, type PlaydatesDeps } from './playdate-helpers';
import { playdatesRepository as repo, type PlaydateRow } from './playdates.repository';

// The money of playdates on the coin ledger (decision record 040): a request's coins are held, captured when it
// starts, released when it ends unstarted, refunded when the model missed it. Each booking is keyed by the playdate
// and the step, so a step run twice books once; every one runs in the caller's transaction.

export function createPlaydateBookings(deps: Pick<PlaydatesDeps, 'coins'>) {
  const { coins } = deps;

  async function book(tx: Queryable, b: PlaydateBooking): Promise<void> {
    const booked = await coins.bookPlaydate(tx, b);
    if (!booked.ok) throw insufficient(booked.balance, Math.abs(b.member ?? 0));
  }

  // In the caller's transaction: PGlite has one connection, so a query beside an open transaction would wait for it.
  const described = async (tx: Queryable, row: PlaydateRow, what: string) => `${what} with ${(await repo.modelName(tx, row.model_id)) ?? 'a model'}`;

  return {
    book,
    described,

    /** The held coins go back to the member (declined, expired, cancelled). */
    async release(tx: Queryable, row: PlaydateRow): Promise<void> {
      if (row.kind !== 'private' || row.coins <= 0 || row.member_id === null) return;
      await book(tx, {
        kind: 'playdate_release',
        key: `playdate:${row.id}:release`,
        userId: row.member_id,
        modelId: row.model_id,
        description: await described(tx, row, `Private playdate ${row.status}: coins returned`),
        holds: -row.coins,
        member: row.coins,
      });
    },

    /** The held coins are paid out when a private playdate starts: the model's share and the house's. */
    captureWith(limits: PlaydateLimits) {
      return async (tx: Queryable, row: PlaydateRow): Promise<void> => {
        if (row.kind !== 'private' || row.member_id === null || row.coins <= 0) return;
        const split = splitOf(row.coins, limits);
        await book(tx, {
          kind: 'private_playdate',
          key: `playdate:${row.id}:capture`,
          userId: row.member_id,
          modelId: row.model_id,
          description: await described(tx, row, 'Private playdate'),
          holds: -row.coins,
          ...(split.model > 0 ? { model: split.model } : {}),
          ...(split.house > 0 ? { house: split.house } : {}),
        });
      };
    },

    /** What the capture paid goes back to the member (the model missed it). */
    async refund(tx: Queryable, row: PlaydateRow): Promise<void> {
      if (row.member_id === null || row.coins <= 0) return;
      const split = await coins.playdateSplitOf(tx, `playdate:${row.id}:capture`);
      if (split.model + split.house === 0) return;
      await book(tx, {
        kind: 'refund',
        key: `playdate:${row.id}:refund`,
        userId: row.member_id,
        modelId: row.model_id,
        description: await described(tx, row, 'Missed private playdate: refund'),
        member: split.model + split.house,
        ...(split.model > 0 ? { model: -split.model } : {}),
        ...(split.house > 0 ? { house: -split.house } : {}),
      });
    },
  };
}

export type PlaydateBookings = ReturnType<typeof createPlaydateBookings>;
