import { randomBytes } from 'node:crypto';
import {
  CAMERA_END_REASONS,
  CAMERA_PRICE_MAX,
  CAMERA_PRICE_MIN,
  CAMERA_TAGS_MAX,
  CAMERA_TITLE_MAX,
  SCHEDULE_SHOWS_MAX,
  type PublishTicket,
  type StreamKey,
  type StudioCamera,
  type StudioCameraSettingsBody,
  type StudioShowBody,
} from '@velora/shared';
import { conflict, forbidden, notFound } from '../../lib/http-error';
import { isDbId } from '../../lib/paging';
import { RATE_LIMITS } from '../../lib/rate-limits';
import { PUBLISHER_TOKEN_TTL_SECONDS, signLiveToken } from '../live/live-tokens';
import type { AuthContext } from '../sessions/sessions.service';
import { unprocessable, type CamerasContext } from './cameras-context';
import { camerasRepository as repo, type CameraRow } from './cameras.repository';
import { cameraSessionsRepository as sessionsRepo } from './camera-sessions.repository';
import { cameraNameFrom, hashStreamKey, toShow, toTag, unix, unixOrNull, type CameraSettingsSnapshot } from './camera-views';

// The studio of a model account (decision record 032): her camera (made on first visit), its settings, stream key,
// publisher tickets, planned shows, and stopping a show.

/** A show may be planned this far ahead at most. */
const SCHEDULE_HORIZON_MS = 365 * 24 * 60 * 60 * 1000;
const STREAM_KEY_BYTES = 32;

export function cameraStudio(ctx: CamerasContext) {
  const { deps, key, consume, summaries, announce, endSession, listeners, whipUrl, rtmpUrl, livePath } = ctx;
  const { db, now, config, log } = deps;

  async function studioRow(viewer: AuthContext): Promise<CameraRow> {
    const modelId = viewer.modelId;
    if (modelId === null) throw forbidden('Only model accounts have a camera');
    const at = now();
    const existing = await repo.byModel(db, modelId, at, viewer.userId);
    if (existing) return existing;
    const displayName = await repo.modelName(db, modelId);
    if (displayName === null) throw forbidden('Your account names a model profile that does not exist');
    const base = cameraNameFrom(displayName) ?? `cam-${modelId}`;
    for (let attempt = 1; attempt <= 20; attempt++) {
      const name = attempt === 1 ? base : `${base.slice(0, 28)}-${attempt}`;
      if (await repo.nameTaken(db, name)) continue;
      const title = `${displayName.split(' ')[0] ?? displayName} live`.slice(0, CAMERA_TITLE_MAX);
      if ((await repo.insert(db, { modelId, name, title, at })) !== null) break;
      // A concurrent first call made it: read it below.
      if (await repo.byModel(db, modelId, at, viewer.userId)) break;
    }
    const made = await repo.byModel(db, modelId, at, viewer.userId);
    if (!made) throw conflict('Your camera could not be made: try again');
    return made;
  }

  async function studioCamera(viewer: AuthContext, known?: CameraRow): Promise<StudioCamera> {
    const at = now();
    const row = known ?? (await studioRow(viewer));
    const [[summary], open, shows, tags] = await Promise.all([
      summaries([row], viewer, at),
      sessionsRepo.openSession(db, row.id),
      repo.upcomingShows(db, row.id, at, SCHEDULE_SHOWS_MAX),
      repo.allTags(db),
    ]);
    const state = open === null ? 'offline' : open.grace_until === null ? 'live' : 'grace';
    return {
      camera: summary!,
      description: row.description,
      session: {
        state,
        source: open?.source ?? null,
        since: open ? unix(open.started_at) : null,
        viewers: open ? row.viewers : 0,
        grace_until: open?.grace_until ? unix(open.grace_until) : null,
      },
      ingest: {
        whip_url: whipUrl(),
        rtmp_url: rtmpUrl(),
        stream_key_created_at: unixOrNull(row.stream_key_created_at),
        stream_key_hint: row.stream_key_hint,
      },
      schedule: shows.map(toShow),
      tags: tags.map(toTag),
      limits: { price_min: CAMERA_PRICE_MIN, price_max: CAMERA_PRICE_MAX, title_max: CAMERA_TITLE_MAX, tags_max: CAMERA_TAGS_MAX },
    };
  }

  return {
    studio: (viewer: AuthContext) => studioCamera(viewer),

    async updateStudio(viewer: AuthContext, body: StudioCameraSettingsBody): Promise<StudioCamera> {
      const row = await studioRow(viewer);
      if (body.chat_mode === 'paid' && body.price_per_minute === null) {
        throw unprocessable('A paid camera needs a price per minute', { price_per_minute: `Must be ${CAMERA_PRICE_MIN} to ${CAMERA_PRICE_MAX} coins for paid chat` });
      }
      const tagIds = [...new Set(body.tag_ids)];
      const known = new Set(await repo.existingTagIds(db, tagIds));
      const unknown = tagIds.filter((id) => !known.has(id));
      if (unknown.length > 0) {
        throw unprocessable(`No camera tag with id ${unknown.join(', ')}`, { tag_ids: `Unknown tag ids: ${unknown.join(', ')}` });
      }
      await db.transaction(async (tx) => {
        await repo.updateSettings(tx, row.id, {
          title: body.title,
          chatMode: body.chat_mode,
          pricePerMinute: body.chat_mode === 'paid' ? body.price_per_minute : null,
        });
        await repo.setTags(tx, row.id, tagIds);
      });
      await announce(row.id);
      const before: CameraSettingsSnapshot = { id: row.id, chatMode: row.chat_mode, pricePerMinute: row.chat_mode === 'paid' ? row.price_per_minute : null };
      const after: CameraSettingsSnapshot = { id: row.id, chatMode: body.chat_mode, pricePerMinute: body.chat_mode === 'paid' ? body.price_per_minute : null };
      for (const listener of listeners.settings) {
        try {
          await listener(before, after);
        } catch (err) {
          log.error({ err, cameraId: row.id }, 'camera settings listener failed');
        }
      }
      return studioCamera(viewer);
    },

    /** A new stream key, shown this once; the old one stops at once and a session it feeds is ended. */
    async rotateStreamKey(viewer: AuthContext): Promise<StreamKey> {
      await consume(`cameras:stream-key:${viewer.userId}`, RATE_LIMITS.cameraStreamKeysPerAccount, 'new stream keys');
      const row = await studioRow(viewer);
      const streamKey = randomBytes(STREAM_KEY_BYTES).toString('base64url');
      const at = now();
      await repo.setStreamKey(db, row.id, { hash: hashStreamKey(streamKey), hint: streamKey.slice(-4), at });
      const open = await sessionsRepo.openSession(db, row.id);
      if (open && (open.source === 'whip' || open.source === 'rtmp')) {
        await endSession(row.id, CAMERA_END_REASONS.stopped);
        await deps.mediaServer.endRoom(row.id);
      }
      return { stream_key: streamKey, rtmp_url: rtmpUrl(), whip_url: whipUrl(), created_at: unix(at) };
    },

    async publishTicket(viewer: AuthContext): Promise<PublishTicket> {
      await consume(`cameras:publish:${viewer.userId}`, RATE_LIMITS.cameraPublishTicketsPerAccount, 'publisher tickets');
      const row = await studioRow(viewer);
      const exp = Math.floor(now().getTime() / 1000) + PUBLISHER_TOKEN_TTL_SECONDS;
      return {
        whip_url: livePath('whip'),
        token: signLiveToken(key(), { kind: 'publish', cameraId: row.id, userId: viewer.userId, exp }),
        expires_at: exp,
        ice_servers: config.live.iceServers,
      };
    },

    /** Ends the live session now (reason 202) and drops the room; nothing happens when not live. */
    async stop(viewer: AuthContext): Promise<void> {
      const row = await studioRow(viewer);
      // The session first: the publisher-down the dropped room reports then finds nothing to keep in grace.
      const ended = await endSession(row.id, CAMERA_END_REASONS.stopped);
      if (ended || deps.mediaServer.stats(row.id).publishing) await deps.mediaServer.endRoom(row.id);
    },

    async addShow(viewer: AuthContext, body: StudioShowBody): Promise<StudioCamera> {
      const row = await studioRow(viewer);
      const at = now();
      const startsAt = new Date(body.starts_at * 1000);
      if (startsAt.getTime() <= at.getTime()) throw unprocessable('A show must start in the future', { starts_at: 'Must be in the future' });
      if (startsAt.getTime() > at.getTime() + SCHEDULE_HORIZON_MS) {
        throw unprocessable('A show can be planned at most a year ahead', { starts_at: 'Must be within a year from now' });
      }
      const endsAt = new Date(startsAt.getTime() + body.duration_minutes * 60_000);
      const added = await db.transaction(async (tx) => {
        // One at a time per camera, so two requests cannot both pass the checks below.
        await repo.lockCamera(tx, row.id);
        if ((await repo.countUpcomingShows(tx, row.id, at)) >= SCHEDULE_SHOWS_MAX) {
          throw unprocessable(`At most ${SCHEDULE_SHOWS_MAX} shows can be planned`, { starts_at: `At most ${SCHEDULE_SHOWS_MAX} planned shows` });
        }
        const overlap = await repo.overlappingShow(tx, row.id, startsAt, endsAt);
        if (overlap) {
          const other = toShow(overlap);
          throw conflict('This show overlaps another planned show', { starts_at: `Overlaps the show from ${other.starts_at} to ${other.ends_at} (unix seconds)` });
        }
        return repo.insertShow(tx, row.id, startsAt, endsAt);
      });
      if (added) await announce(row.id);
      return studioCamera(viewer);
    },

    async removeShow(viewer: AuthContext, showId: number): Promise<StudioCamera> {
      const row = await studioRow(viewer);
      if (!isDbId(showId) || !(await repo.deleteShow(db, row.id, showId))) throw notFound(`No planned show with id ${showId}`);
      await announce(row.id);
      return studioCamera(viewer);
    },
  };
}
