import type { PlaydateLimits, PlaydateRefusal, PlaydateSettings } from '@velora/shared';
import type { Queryable } from '../../db/database';
import { notFound } from '../../lib/http-error';
import type { CameraInfo } from '../cameras/cameras.service';
import type { AuthContext } from '../sessions/sessions.service';
import { MINUTE, blocked, notAvailable, type PlaydatesDeps } from './playdate-helpers';
import { playdateSettingsRepository as settingsRepo, type SettingsRow } from './playdate-settings.repository';
import { freeSlots, type Interval } from './playdate-slots';
import { playdatesRepository as repo } from './playdates.repository';

// A model's private offer and her free time (decision record 040): her settings as the studio shows them, the
// intervals her playdates hold, the free starts of a duration, whether "as soon as possible" reaches her now, and
// why a member may not request with her.

/** Her settings, or the team's defaults for a model who has saved none. */
export function settingsView(s: SettingsRow | null, limits: PlaydateLimits): PlaydateSettings {
  if (!s) {
    return {
      private_enabled: false,
      price_per_minute: limits.price_per_minute_min,
      durations: [limits.durations[0]!],
      hours: { days: [0, 1, 2, 3, 4, 5, 6], from_minute: 0, to_minute: 1440, time_zone: 'Europe/Berlin' },
    };
  }
  return {
    private_enabled: s.private_enabled,
    price_per_minute: s.price_per_minute,
    durations: [...s.durations].map(Number),
    hours: { days: [...s.hours_days].map(Number), from_minute: s.hours_from_minute, to_minute: s.hours_to_minute, time_zone: s.time_zone },
  };
}

export async function busyOf(q: Queryable, modelId: number, from: Date, to: Date, exceptId: number | null = null): Promise<Interval[]> {
  return (await repo.busy(q, modelId, from, to, exceptId)).map((b) => ({ start: new Date(b.starts_at).getTime(), end: new Date(b.ends_at).getTime() }));
}

export function createPlaydateOffers(deps: Pick<PlaydatesDeps, 'db' | 'now' | 'coins' | 'cameras' | 'users' | 'chatSessions'>) {
  const { db, now, coins } = deps;

  async function slotsOf(q: Queryable, s: SettingsRow, duration: number): Promise<number[]> {
    const at = now().getTime();
    const busy = await busyOf(q, s.model_id, new Date(at), new Date(at + 15 * 24 * 60 * MINUTE));
    return freeSlots(at, duration, settingsView(s, await settingsRepo.limits(q)).hours, busy);
  }

  /** She is live on her camera and free for `duration` minutes from now (no other request for "now" waits). */
  async function asapFree(q: Queryable, camera: CameraInfo, duration: number): Promise<boolean> {
    if (!camera.live) return false;
    const at = now().getTime();
    if ((await busyOf(q, camera.modelId, new Date(at), new Date(at + duration * MINUTE))).length > 0) return false;
    return (await repo.pendingAsap(q, camera.modelId)) === null;
  }

  async function cameraOf(cameraId: number): Promise<CameraInfo> {
    const camera = await deps.cameras.infoById(cameraId);
    if (!camera) throw notFound('There is no such camera');
    return camera;
  }

  const isPremium = (viewer: AuthContext) => viewer.premiumUntil !== null && viewer.premiumUntil.getTime() > now().getTime();

  return {
    slotsOf,
    asapFree,
    cameraOf,
    isPremium,

    async refusalOf(camera: CameraInfo, viewer: AuthContext, s: SettingsRow | null): Promise<PlaydateRefusal | null> {
      if (viewer.modelId === camera.modelId) return 'own_playdate';
      if ((await deps.users.lawLimitations(viewer.userId, null)).length > 0) return 'law_limited';
      if (!isPremium(viewer)) return 'not_premium';
      if (await deps.chatSessions.isBanned(camera.id, viewer.userId)) return 'blocked';
      if (!s?.private_enabled) return 'not_available';
      if ((await repo.pendingOf(db, viewer.userId, camera.modelId)) !== null) return 'pending_request';
      const durations = [...s.durations].map(Number).sort((a, b) => a - b);
      if ((await coins.balance(viewer.userId)) < s.price_per_minute * durations[0]!) return 'insufficient_coins';
      const shortest = durations[0]!;
      if ((await slotsOf(db, s, shortest)).length === 0 && !(await asapFree(db, camera, shortest))) return 'slot_taken';
      return null;
    },

    /** Her camera and her offer, when she takes requests from this member. */
    async offerOf(cameraId: number, viewer: AuthContext): Promise<{ camera: CameraInfo; s: SettingsRow }> {
      const camera = await cameraOf(cameraId);
      if (viewer.modelId === camera.modelId) throw notAvailable();
      if (await deps.chatSessions.isBanned(camera.id, viewer.userId)) throw blocked();
      const s = await settingsRepo.settings(db, camera.modelId);
      if (!s?.private_enabled) throw notAvailable();
      return { camera, s };
    },
  };
}

export type PlaydateOffers = ReturnType<typeof createPlaydateOffers>;
