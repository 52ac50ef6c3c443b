import {
  PLAYDATE_CAMERAS_PER_PAGE,
  PLAYDATE_REMINDER_MINUTES,
  type MaybePlaydate,
  type PlaydateCameraList,
  type PlaydateKind,
  type PlaydateList,
  type PlaydateReminder,
  type PlaydateStatusView,
} from '@velora/shared';
import { capPage, offsetOf, pagesOf } from '../../lib/paging';
import type { AuthContext } from '../sessions/sessions.service';
import { MINUTE, wrongStatus, type PlaydatesDeps } from './playdate-helpers';
import { PLAYDATE_JOBS, type PlaydateNextJobs } from './playdate-next-jobs';
import type { PlaydateOffers } from './playdate-offers';
import { playdateSettingsRepository as settingsRepo } from './playdate-settings.repository';
import type { PlaydateViews } from './playdate-views';
import { playdatesRepository as repo, type PlaydateViewRow } from './playdates.repository';

// What members read of playdates (decision record 040): a private one's status, his list, the models taking
// requests, a camera's closest playdates, the public list; and the reminders he asks for.

/** The public list ends with the shows of the last week (at most this many), for their chat replay. */
const RECENT_PUBLIC_DAYS = 7;
const RECENT_PUBLIC_MAX = 6;

export function createPlaydateReads(
  deps: Pick<PlaydatesDeps, 'db' | 'now' | 'media'>,
  parts: { views: PlaydateViews; offers: PlaydateOffers; nextJobs: PlaydateNextJobs },
) {
  const { db, now } = deps;
  const { views, offers, nextJobs } = parts;

  const maybe = async (row: PlaydateViewRow | null, viewer: AuthContext): Promise<MaybePlaydate> => ({ playdate: row ? await views.toView(row, viewer) : null });

  return {
    async status(id: number, viewer: AuthContext): Promise<PlaydateStatusView> {
      const row = await views.visible(id, viewer, 'private');
      return views.statusView(row, await settingsRepo.limits(db));
    },

    async privateList(viewer: AuthContext): Promise<PlaydateList> {
      const active = await repo.memberActive(db, viewer.userId);
      const past = await repo.memberPast(db, viewer.userId);
      return { items: await views.toViews([...active, ...past], viewer) };
    },

    async cameras(requestedPage: number, viewer: AuthContext): Promise<PlaydateCameraList> {
      const page = capPage(requestedPage);
      const { total, rows } = await settingsRepo.offering(db, PLAYDATE_CAMERAS_PER_PAGE, offsetOf(page, PLAYDATE_CAMERAS_PER_PAGE));
      const items = await Promise.all(
        rows.map(async (r) => {
          const durations = [...r.durations].map(Number).sort((a, b) => a - b);
          const camera = { id: r.camera_id, name: r.camera_name, displayName: r.model_name, modelId: r.model_id };
          const next = (await offers.slotsOf(db, r, durations[0]!))[0];
          return {
            camera_id: r.camera_id,
            camera_name: r.camera_name,
            model: await views.modelView(camera, viewer),
            live: r.live,
            price_per_minute: r.price_per_minute,
            durations,
            image: deps.media.imageUrl('model', r.model_id, '510x660', viewer),
            next_slot: next === undefined ? null : Math.floor(next / 1000),
          };
        }),
      );
      return { items, page, per_page: PLAYDATE_CAMERAS_PER_PAGE, total, pages: pagesOf(total, PLAYDATE_CAMERAS_PER_PAGE) };
    },

    // ---- A model's camera ----

    async closestPublic(cameraId: number, viewer: AuthContext): Promise<MaybePlaydate> {
      const camera = await offers.cameraOf(cameraId);
      return maybe(await repo.closestPublic(db, camera.modelId), viewer);
    },

    async closestPrivate(cameraId: number, viewer: AuthContext): Promise<MaybePlaydate> {
      const camera = await offers.cameraOf(cameraId);
      return maybe(await repo.closestPrivate(db, camera.modelId, viewer.userId), viewer);
    },

    async pendingRequest(cameraId: number, viewer: AuthContext): Promise<MaybePlaydate> {
      const camera = await offers.cameraOf(cameraId);
      return maybe(await repo.pendingRequest(db, camera.modelId, viewer.userId), viewer);
    },

    async publicList(viewer: AuthContext): Promise<PlaydateList> {
      const rows = await repo.publicUpcoming(db);
      // The last week's shows follow, newest first: their chat can still be read from the replay link.
      const since = new Date(now().getTime() - RECENT_PUBLIC_DAYS * 24 * 60 * MINUTE);
      const recent = await repo.publicFinishedSince(db, since, RECENT_PUBLIC_MAX);
      return { items: await views.toViews([...rows, ...recent], viewer) };
    },

    // ---- Reminders ----

    async reminderOn(kind: PlaydateKind, id: number, viewer: AuthContext): Promise<PlaydateReminder> {
      const row = await views.visible(id, viewer, kind);
      if (!['scheduled', 'live', 'requested'].includes(row.status)) throw wrongStatus(row.status);
      await repo.remind(db, id, viewer.userId, now());
      // Turned on inside the reminder's window: the reminder goes out now.
      if (row.starts_at && new Date(row.starts_at).getTime() - PLAYDATE_REMINDER_MINUTES * MINUTE <= now().getTime()) await nextJobs.queue(PLAYDATE_JOBS.reminder, id, now());
      return { playdate_id: id, reminder: true };
    },

    async reminderOff(kind: PlaydateKind, id: number, viewer: AuthContext): Promise<PlaydateReminder> {
      await views.visible(id, viewer, kind);
      await repo.unremind(db, id, viewer.userId);
      return { playdate_id: id, reminder: false };
    },
  };
}
