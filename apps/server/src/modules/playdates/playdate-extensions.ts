import { PLAYDATE_ERROR_CODES, type Playdate, type PlaydateExtendOffer } from '@velora/shared';
import type { AuthContext } from '../sessions/sessions.service';
import type { PlaydateBookings } from './playdate-bookings';
import { MINUTE, fail, noPlaydate, slotTaken, splitOf, unprocessable, wrongStatus, type PlaydatesDeps } from './playdate-helpers';
import { busyOf } from './playdate-offers';
import { playdateSettingsRepository as settingsRepo } from './playdate-settings.repository';
import type { PlaydateStatusChanges } from './playdate-status-changes';
import type { PlaydateViews } from './playdate-views';

// Extending a finished private playdate (decision record 040): within PlaydateLimits.extension_window_seconds of its
// end the member books more minutes at its price, paid at once, and the room opens again.

export function createPlaydateExtensions(
  deps: Pick<PlaydatesDeps, 'db' | 'now' | 'coins'>,
  parts: { views: PlaydateViews; changes: PlaydateStatusChanges; bookings: PlaydateBookings },
) {
  const { db, now, coins } = deps;
  const { views, changes, bookings } = parts;

  return {
    async extendOffer(id: number, viewer: AuthContext): Promise<PlaydateExtendOffer> {
      const row = await views.visible(id, viewer, 'private');
      if (row.member_id !== viewer.userId) throw noPlaydate();
      const limits = await settingsRepo.limits(db);
      const s = await settingsRepo.settings(db, row.model_id);
      const openUntil = views.extendableUntil(row, limits);
      const durations = s ? [...s.durations].map(Number) : limits.durations;
      const at = now().getTime();
      const options = await Promise.all(
        durations.map(async (d) => ({
          duration: d,
          coins: row.price_per_minute! * d,
          available: openUntil !== null && (await busyOf(db, row.model_id, new Date(at), new Date(at + d * MINUTE), row.id)).length === 0,
        })),
      );
      return { playdate: await views.toView(row, viewer, limits), options, balance: await coins.balance(viewer.userId), open_until: openUntil };
    },

    async extend(id: number, viewer: AuthContext, duration: number): Promise<Playdate> {
      const row = await views.visible(id, viewer, 'private');
      if (row.member_id !== viewer.userId) throw noPlaydate();
      const limits = await settingsRepo.limits(db);
      const s = await settingsRepo.settings(db, row.model_id);
      const durations = s ? [...s.durations].map(Number) : limits.durations;
      if (!durations.includes(duration)) throw unprocessable('This extension is not offered', { duration: `Must be one of ${durations.join(', ')}` });
      if (row.status !== 'finished') throw wrongStatus(row.status);
      if (views.extendableUntil(row, limits) === null) throw fail(409, PLAYDATE_ERROR_CODES.extensionClosed, 'The time to extend this playdate is over');
      const at = now();
      if ((await busyOf(db, row.model_id, at, new Date(at.getTime() + duration * MINUTE), row.id)).length > 0) throw slotTaken();
      const cost = row.price_per_minute! * duration;
      const split = splitOf(cost, limits);
      // ends_at is starts_at + the booked minutes: the minutes run from now, so the gap since the end is booked too (free).
      const minutes = Math.ceil((at.getTime() + duration * MINUTE - new Date(row.starts_at!).getTime()) / MINUTE);
      const done = await changes.change(id, 'extend', [limits.extension_window_seconds, minutes, cost], async (tx, updated) => {
        await bookings.book(tx, {
          kind: 'private_playdate',
          key: `playdate:${updated.id}:extend:${updated.extensions}`,
          userId: viewer.userId,
          modelId: updated.model_id,
          description: await bookings.described(tx, updated, `Private playdate extended by ${duration} minutes`),
          member: -cost,
          ...(split.model > 0 ? { model: split.model } : {}),
          ...(split.house > 0 ? { house: split.house } : {}),
        });
      });
      if (!done) throw fail(409, PLAYDATE_ERROR_CODES.extensionClosed, 'The time to extend this playdate is over');
      return views.answer(done, id, viewer);
    },
  };
}
