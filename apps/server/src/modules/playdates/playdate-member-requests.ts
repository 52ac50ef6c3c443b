import {
  PLAYDATE_ERROR_CODES,
  PLAYDATE_EVENTS,
  type Playdate,
  type PlaydateQuote,
  type PlaydateRequestBody,
  type PlaydateRequestCheck,
  type PrivatePlaydateOffer,
} from '@velora/shared';
import { badRequest } from '../../lib/http-error';
import type { AuthContext } from '../sessions/sessions.service';
import type { PlaydateBookings } from './playdate-bookings';
import { MINUTE, fail, noPlaydate, slotTaken, unprocessable, type PlaydatesDeps } from './playdate-helpers';
import type { PlaydateNextJobs } from './playdate-next-jobs';
import { settingsView, type PlaydateOffers } from './playdate-offers';
import { playdateSettingsRepository as settingsRepo } from './playdate-settings.repository';
import type { PlaydateStatusChanges } from './playdate-status-changes';
import type { PlaydateViews } from './playdate-views';
import { playdatesRepository as repo, type PlaydateRow } from './playdates.repository';

// A premium member's private requests (decision record 040): her offer and a quote, whether he may request, the
// request itself (its coins held on the ledger's holds account until she answers), and withdrawing it.

export function createPlaydateMemberRequests(
  deps: Pick<PlaydatesDeps, 'db' | 'now' | 'realtime' | 'log' | 'coins' | 'chatSessions' | 'cameraChat'>,
  parts: { views: PlaydateViews; offers: PlaydateOffers; changes: PlaydateStatusChanges; bookings: PlaydateBookings; nextJobs: PlaydateNextJobs },
) {
  const { db, now, realtime, log, coins } = deps;
  const { views, offers, changes, bookings, nextJobs } = parts;

  return {
    async privateOffer(cameraId: number, viewer: AuthContext): Promise<PrivatePlaydateOffer> {
      const camera = await offers.cameraOf(cameraId);
      const s = await settingsRepo.settings(db, camera.modelId);
      const limits = await settingsRepo.limits(db);
      const view = settingsView(s, limits);
      const available =
        s?.private_enabled === true && viewer.modelId !== camera.modelId && !(await deps.chatSessions.isBanned(camera.id, viewer.userId));
      const pendingId = await repo.pendingOf(db, viewer.userId, camera.modelId);
      const pending = pendingId === null ? null : await views.viewRow(pendingId);
      return {
        camera_id: camera.id,
        camera_name: camera.name,
        model: await views.modelView(camera, viewer),
        available,
        price_per_minute: view.price_per_minute,
        durations: view.durations,
        live: camera.live,
        pending: pending ? await views.toView(pending, viewer, limits) : null,
      };
    },

    async quote(cameraId: number, viewer: AuthContext, duration: number | undefined): Promise<PlaydateQuote> {
      const { camera, s } = await offers.offerOf(cameraId, viewer);
      const durations = [...s.durations].map(Number);
      const chosen = duration ?? durations[0]!;
      if (!durations.includes(chosen)) throw badRequest(`Invalid query: duration (must be one of ${durations.join(', ')})`, { duration: `Must be one of ${durations.join(', ')}` });
      const price = s.price_per_minute * chosen;
      const balance = await coins.balance(viewer.userId);
      return {
        camera_id: camera.id,
        model: await views.modelView(camera, viewer),
        duration: chosen,
        durations,
        price_per_minute: s.price_per_minute,
        coins: price,
        balance,
        can_afford: balance >= price,
        slots: (await offers.slotsOf(db, s, chosen)).map((at) => ({ starts_at: Math.floor(at / 1000) })),
        asap: await offers.asapFree(db, camera, chosen),
      };
    },

    async requestCheck(cameraId: number, viewer: AuthContext): Promise<PlaydateRequestCheck> {
      const camera = await offers.cameraOf(cameraId);
      const s = await settingsRepo.settings(db, camera.modelId);
      const refusal = await offers.refusalOf(camera, viewer, s);
      let pending: Playdate | null = null;
      if (refusal === 'pending_request') {
        const row = await views.viewRow((await repo.pendingOf(db, viewer.userId, camera.modelId))!);
        pending = row ? await views.toView(row, viewer) : null;
      }
      return { allowed: refusal === null, refusal, pending };
    },

    async request(cameraId: number, viewer: AuthContext, body: PlaydateRequestBody): Promise<Playdate> {
      if (!offers.isPremium(viewer)) throw fail(403, PLAYDATE_ERROR_CODES.notPremium, 'Private playdates are for premium members');
      const { camera, s } = await offers.offerOf(cameraId, viewer);
      const durations = [...s.durations].map(Number);
      if (!durations.includes(body.duration)) throw unprocessable('She does not offer this duration', { duration: `Must be one of ${durations.join(', ')}` });
      if (body.price_per_minute !== s.price_per_minute) {
        throw fail(409, PLAYDATE_ERROR_CODES.priceChanged, `Her price is now ${s.price_per_minute} coins a minute`, { price_per_minute: 'Changed' });
      }
      const limits = await settingsRepo.limits(db);
      const at = now();
      const price = s.price_per_minute * body.duration;
      let row: PlaydateRow;
      try {
        row = await db.transaction(async (tx) => {
          // Her row's lock: every request and schedule of hers queues here, so the slot checked below stays free.
          await repo.lockModel(tx, camera.modelId);
          if ((await repo.pendingOf(tx, viewer.userId, camera.modelId)) !== null) throw fail(409, PLAYDATE_ERROR_CODES.pendingRequest, 'You already have a request waiting for her');
          let startsAt: Date | null = null;
          if (body.starts_at === null) {
            if (!(await offers.asapFree(tx, camera, body.duration))) throw slotTaken();
          } else {
            const wanted = body.starts_at * 1000;
            if (!(await offers.slotsOf(tx, s, body.duration)).includes(wanted)) throw slotTaken();
            startsAt = new Date(wanted);
          }
          const expiry = at.getTime() + limits.request_expiry_minutes * MINUTE;
          const inserted = await repo.insert(tx, {
            kind: 'private',
            status: 'requested',
            modelId: camera.modelId,
            memberId: viewer.userId,
            title: `Private playdate with ${camera.displayName}`.slice(0, 80),
            startsAt,
            durationMinutes: body.duration,
            pricePerMinute: s.price_per_minute,
            coins: price,
            message: body.message ? body.message : null,
            // Unanswered by her wished start, a request is of no use any more.
            expiresAt: new Date(startsAt ? Math.min(expiry, startsAt.getTime()) : expiry),
            imageVariant: camera.modelId % 8,
            at,
          });
          await bookings.book(tx, {
            kind: 'playdate_hold',
            key: `playdate:${inserted.id}:hold`,
            userId: viewer.userId,
            modelId: camera.modelId,
            description: `Private playdate with ${camera.displayName}: coins held`,
            member: -price,
            holds: price,
          });
          return inserted;
        });
      } catch (error) {
        if ((error as { code?: string }).code === '23505') throw fail(409, PLAYDATE_ERROR_CODES.pendingRequest, 'You already have a request waiting for her');
        throw error;
      }
      await nextJobs.queueAfter(row);
      const view = (await views.viewRow(row.id))!;
      const playdate = await views.toView(view, viewer, limits);
      try {
        for (const userId of view.model_user_ids) realtime.toUser(userId, PLAYDATE_EVENTS.request, playdate);
        const modelUser = view.model_user_ids[0];
        if (modelUser !== undefined) {
          await deps.cameraChat.postSystemMessage({
            cameraId: camera.id,
            kind: 'pr_requesting',
            key: 'playdate_request',
            params: { member: view.member_name ?? '', playdate_id: row.id, duration: row.duration_minutes },
            text: `${view.member_name ?? 'A member'} requests a private playdate of ${row.duration_minutes} minutes with you.`,
            toUserId: modelUser,
            onceKey: `playdate:${row.id}:requested`,
          });
        }
      } catch (err) {
        log.error({ err, playdateId: row.id }, 'playdate request notice failed');
      }
      return playdate;
    },

    async cancelByMember(id: number, viewer: AuthContext): Promise<Playdate> {
      const row = await views.visible(id, viewer, 'private');
      if (row.member_id !== viewer.userId) throw noPlaydate();
      const done = await changes.change(id, 'cancelByMember', [], bookings.release);
      return views.answer(done, id, viewer);
    },
  };
}
