import {
  PLAYDATE_ERROR_CODES,
  PLAYDATE_SCHEDULE_AHEAD_DAYS,
  type Playdate,
  type PlaydateAcceptBody,
  type PlaydateDeclineBody,
  type PlaydateLimits,
  type PlaydateSettings,
  type PublicPlaydateBody,
  type StudioPlaydates,
} from '@velora/shared';
import { badRequest, notFound } from '../../lib/http-error';
import type { AuthContext } from '../sessions/sessions.service';
import type { PlaydateBookings } from './playdate-bookings';
import { MINUTE, fail, noPlaydate, ownModel, slotTaken, unprocessable, wrongStatus, type PlaydatesDeps } from './playdate-helpers';
import type { PlaydateNextJobs } from './playdate-next-jobs';
import { busyOf, settingsView } from './playdate-offers';
import { playdateSettingsRepository as settingsRepo } from './playdate-settings.repository';
import type { PlaydateStatusChanges } from './playdate-status-changes';
import { playdateStepsRepository as stepsRepo } from './playdate-steps.repository';
import type { PlaydateSteps } from './playdate-steps';
import type { PlaydateViews } from './playdate-views';
import { playdatesRepository as repo, type PlaydateViewRow } from './playdates.repository';

// The model's side of playdates (decision record 040): her studio panel and offer, announcing a public show,
// answering a request (accept, decline), cancelling, ending her show; and the team's limits on every offer.

export function createPlaydateStudio(
  deps: Pick<PlaydatesDeps, 'db' | 'now'>,
  parts: { views: PlaydateViews; changes: PlaydateStatusChanges; bookings: PlaydateBookings; nextJobs: PlaydateNextJobs; steps: PlaydateSteps },
) {
  const { db, now } = deps;
  const { views, changes, bookings, nextJobs, steps } = parts;

  /** Her playdate: 404 for another model's (no probing of ids). */
  async function hers(id: number, viewer: AuthContext): Promise<PlaydateViewRow> {
    const modelId = ownModel(viewer);
    const row = await views.viewRow(id);
    if (!row || row.model_id !== modelId) throw noPlaydate();
    return row;
  }

  async function studio(viewer: AuthContext): Promise<StudioPlaydates> {
    const modelId = ownModel(viewer);
    const limits = await settingsRepo.limits(db);
    const [s, requests, upcoming, recent, earned] = await Promise.all([
      settingsRepo.settings(db, modelId),
      repo.studioRequests(db, modelId),
      repo.studioUpcoming(db, modelId),
      repo.studioRecent(db, modelId),
      settingsRepo.modelEarned(db, modelId),
    ]);
    return {
      settings: settingsView(s, limits),
      limits,
      requests: await views.toViews(requests, viewer),
      upcoming: await views.toViews(upcoming, viewer),
      recent: await views.toViews(recent, viewer),
      earned,
    };
  }

  return {
    studio,

    async saveSettings(viewer: AuthContext, body: PlaydateSettings): Promise<StudioPlaydates> {
      const modelId = ownModel(viewer);
      const limits = await settingsRepo.limits(db);
      if (body.price_per_minute < limits.price_per_minute_min || body.price_per_minute > limits.price_per_minute_max) {
        const range = `${limits.price_per_minute_min} to ${limits.price_per_minute_max}`;
        throw unprocessable(`The price per minute must be ${range} coins`, { price_per_minute: `Must be ${range}` });
      }
      const outside = body.durations.filter((d) => !limits.durations.includes(d));
      if (outside.length > 0) throw unprocessable('Offer only durations the team allows', { durations: `Must be among ${limits.durations.join(', ')}` });
      await settingsRepo.saveSettings(
        db,
        {
          model_id: modelId,
          private_enabled: body.private_enabled,
          price_per_minute: body.price_per_minute,
          durations: [...new Set(body.durations)].sort((a, b) => a - b),
          hours_days: [...new Set(body.hours.days)].sort(),
          hours_from_minute: body.hours.from_minute,
          hours_to_minute: body.hours.to_minute,
          time_zone: body.hours.time_zone,
        },
        now(),
      );
      return studio(viewer);
    },

    async schedule(viewer: AuthContext, body: PublicPlaydateBody): Promise<Playdate> {
      const modelId = ownModel(viewer);
      const at = now();
      const start = body.starts_at * 1000;
      if (start <= at.getTime() || start > at.getTime() + PLAYDATE_SCHEDULE_AHEAD_DAYS * 24 * 60 * MINUTE) {
        throw badRequest(`Invalid body: starts_at (must be in the next ${PLAYDATE_SCHEDULE_AHEAD_DAYS} days)`, { starts_at: `Must be in the future, at most ${PLAYDATE_SCHEDULE_AHEAD_DAYS} days ahead` });
      }
      const row = await db.transaction(async (tx) => {
        if (!(await repo.lockModel(tx, modelId))) throw notFound('There is no such model');
        if ((await busyOf(tx, modelId, new Date(start), new Date(start + body.duration_minutes * MINUTE))).length > 0) {
          throw fail(409, PLAYDATE_ERROR_CODES.slotTaken, 'It overlaps another playdate of yours', { starts_at: 'Overlaps another playdate' });
        }
        return repo.insert(tx, {
          kind: 'public',
          status: 'scheduled',
          modelId,
          memberId: null,
          title: body.title,
          startsAt: new Date(start),
          durationMinutes: body.duration_minutes,
          pricePerMinute: null,
          coins: 0,
          message: null,
          expiresAt: null,
          imageVariant: body.image_variant ?? Math.floor(start / MINUTE) % 8,
          at,
        });
      });
      await nextJobs.queueAfter(row);
      return views.toPlaydate(row.id, viewer);
    },

    async accept(id: number, viewer: AuthContext, body: PlaydateAcceptBody): Promise<Playdate> {
      const row = await hers(id, viewer);
      if (row.status !== 'requested') throw wrongStatus(row.status);
      const at = now().getTime();
      if (body.starts_at !== null && body.starts_at * 1000 < at - MINUTE) throw badRequest('Invalid body: starts_at (must be now or later)', { starts_at: 'Must be now or later' });
      const start = Math.max(at, body.starts_at !== null ? body.starts_at * 1000 : row.starts_at ? new Date(row.starts_at).getTime() : at);
      const done = await db.transaction(async (tx) => {
        // The playdate first, then her time: the lock order of every status change, so an accept meeting the member's
        // withdrawal or her own decline waits for it instead of deadlocking (decision record 063).
        if ((await repo.lockStatus(tx, id)) !== 'requested') return null;
        await repo.lockModel(tx, row.model_id);
        if ((await busyOf(tx, row.model_id, new Date(start), new Date(start + row.duration_minutes * MINUTE), row.id)).length > 0) throw slotTaken();
        return stepsRepo.step(tx, id, 'accept', now(), [new Date(start)]);
      });
      if (!done) throw wrongStatus((await views.viewRow(id))?.status ?? 'expired');
      await changes.announce(done, 'requested');
      // Accepted for now: it starts at once, not at the next job tick.
      if (start <= now().getTime()) await steps.startIfDue(id);
      return views.toPlaydate(id, viewer);
    },

    async decline(id: number, viewer: AuthContext, body: PlaydateDeclineBody): Promise<Playdate> {
      await hers(id, viewer);
      const done = await changes.change(id, 'decline', [body.reason ? body.reason : null], bookings.release);
      return views.answer(done, id, viewer);
    },

    async cancelByModel(id: number, viewer: AuthContext): Promise<Playdate> {
      await hers(id, viewer);
      const done = await changes.change(id, 'cancelByModel', [], bookings.release);
      return views.answer(done, id, viewer);
    },

    async endPublic(id: number, viewer: AuthContext): Promise<Playdate> {
      const row = await hers(id, viewer);
      if (row.kind !== 'public') throw wrongStatus(row.status);
      const done = await changes.change(id, 'endPublic', []);
      return views.answer(done, id, viewer);
    },

    // ---- The team ----

    limits: (): Promise<PlaydateLimits> => settingsRepo.limits(db),

    async setLimits(limits: PlaydateLimits): Promise<PlaydateLimits> {
      await db.transaction((tx) => settingsRepo.saveLimits(tx, limits, now()));
      return settingsRepo.limits(db);
    },
  };
}
