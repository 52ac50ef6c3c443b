import {
  PLAYDATE_CHAT_RATE_LIMIT,
  PLAYDATE_ERROR_CODES,
  PLAYDATE_EVENTS,
  PLAYDATE_REPLAY_MAX,
  REALTIME_ERROR_CODES,
  roomName,
  type PlaydateChatMessage,
  type PlaydateChatReplay,
  type PlaydateFeedbackAsks,
  type PlaydateFeedbackBody,
  type PlaydateKind,
  type PlaydateRoom,
  type PlaydateSide,
  type PlaydateStatus,
  type PlaydateViewTicket,
  type PublishTicket,
  type PLAYDATE_CLIENT_EVENTS,
} from '@velora/shared';
import type { z } from 'zod';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import { playdateReplayKey, verifyPlaydateReplayToken } from '../../lib/playdate-replay-token';
import { durationText } from '../../lib/rate-limits';
import { RealtimeError } from '../../lib/realtime-error';
import type { RealtimeEventContext, RoomKindDefinition } from '../../lib/realtime-hub';
import { requireSecondFactorOnRealtime } from '../../plugins/realtime-second-factor';
import type { Platform } from '../../platform';
import { liveSigningKey, PUBLISHER_TOKEN_TTL_SECONDS, signLiveToken, verifyLiveToken, VIEWER_TOKEN_TTL_SECONDS } from '../live/live-tokens';
import type { MediaServer, MediaServerEvent } from '../live/media-server';
import type { PlaydateRecord, PlaydatesPort, PlaydateStatusChange } from '../playdates/playdates-port';
import type { AuthContext } from '../sessions/sessions.service';
import { mediaRoomOf, playdateOfMediaRoom } from './media-rooms';
import { playdateRoomsRepository as repo, type PlaydateMessageRow } from './playdate-rooms.repository';

// The rooms of playdates (decision record 041): who may enter, the tickets of the two media rooms, the
// chat, the replay of a public one's chat and the member's feedback. The playdates themselves (status, money, jobs)
// are the playdates module's, reached through the port.

/** The model may publish into her side this long before the start, to get ready (nobody sees it before live). */
export const PLAYDATE_PREPARE_SECONDS = 10 * 60;
/** The room says "ending soon" this long before the end. */
export const PLAYDATE_ENDING_SOON_SECONDS = 2 * 60;
/** The room's answer carries the newest this many messages. */
export const PLAYDATE_ROOM_MESSAGES = 100;
/** The feedback popup asks about playdates that ended in the last this many days. */
export const PLAYDATE_FEEDBACK_ASK_DAYS = 14;
export const PLAYDATE_ENDING_SOON_JOB = 'playdate-ending-soon';

export interface EndingSoonJobData {
  playdateId: number;
  /** Unix seconds: the end the job was queued for (an extension queues another). */
  endsAt: number;
}

/** Statuses in which the room can be entered at all (finished: the last look at the chat). */
const OPEN_STATUSES: readonly PlaydateStatus[] = ['scheduled', 'live', 'finished'];
/** Statuses after which nobody may keep watching or publishing. */
const CLOSED_STATUSES: readonly PlaydateStatus[] = ['finished', 'missed', 'cancelled', 'declined', 'expired'];

type SendInput = z.output<(typeof PLAYDATE_CLIENT_EVENTS)['send']['payload']>;
type Role = PlaydateRoom['role'];

export interface PlaydateRoomsDeps extends Pick<Platform, 'db' | 'now' | 'config' | 'rateLimits' | 'realtime' | 'log' | 'jobs'> {
  playdates: PlaydatesPort;
  /** The media server's rooms; without one in this process nothing publishes and there is nothing to end. */
  mediaServer: Pick<MediaServer, 'endRoom' | 'stats'>;
}

const unix = (value: Date | string) => Math.floor(new Date(value).getTime() / 1000);
const noRoom = (id: number) => notFound(`No playdate ${id}`);

/** System lines' English text (the web shows `playdates.system.<key>` in the reader's language). */
const SYSTEM_TEXT: Record<string, string> = {
  started: 'The playdate has started',
  ending_soon: 'The playdate ends in 2 minutes',
  ended: 'The playdate has ended',
  extended: 'The playdate was extended',
};

export function createPlaydateRoomsService(deps: PlaydateRoomsDeps) {
  const { db, now, config, rateLimits, realtime, log, jobs, playdates, mediaServer } = deps;
  let liveKey: Buffer | undefined;
  let replayKey: Buffer | undefined;
  const key = () => (liveKey ??= liveSigningKey(config));
  const replay = () => (replayKey ??= playdateReplayKey(config));
  const room = (id: number) => roomName('playdate', id);

  const toMessage = (row: PlaydateMessageRow): PlaydateChatMessage => ({
    id: Number(row.id),
    playdate_id: row.playdate_id,
    author: { user_id: row.author_user_id, name: row.author_name, role: row.author_role },
    text: row.text,
    system: row.system_key === null ? null : { key: `playdates.system.${row.system_key}`, params: row.system_params ?? {} },
    created_at: new Date(row.created_at).getTime(),
  });

  const isModelUser = (record: PlaydateRecord, userId: number) => record.model_user_ids.includes(userId);

  function roleOf(record: PlaydateRecord, userId: number): Role | null {
    if (isModelUser(record, userId)) return 'model';
    if (record.kind === 'private') return record.member_id === userId ? 'member' : null;
    return 'viewer';
  }

  // Media rooms whose publisher-up this instance heard (and no publisher-down or end since). The media server's stats
  // come about once a second, so a screen that asks again on PLAYDATE_EVENTS.publishing would otherwise find nothing.
  const upRooms = new Set<number>();
  const isPublishing = (mediaRoom: number) => upRooms.has(mediaRoom) || mediaServer.stats(mediaRoom).publishing;
  const publishing = (record: PlaydateRecord) => ({
    model: isPublishing(mediaRoomOf(record.id, 'model')),
    member: record.kind === 'private' && isPublishing(mediaRoomOf(record.id, 'member')),
  });

  /** The side a person publishes into now, or null: the model hers (also in the last minutes before the start), the member his. */
  function publishSide(record: PlaydateRecord, role: Role, at: Date): PlaydateSide | null {
    if (role === 'model') {
      if (record.status === 'live') return 'model';
      const startsAt = record.starts_at?.getTime();
      if (record.status === 'scheduled' && startsAt !== undefined && at.getTime() >= startsAt - PLAYDATE_PREPARE_SECONDS * 1000) return 'model';
      return null;
    }
    if (role === 'member' && record.status === 'live') return 'member';
    return null;
  }

  function publishTicket(record: PlaydateRecord, side: PlaydateSide, userId: number, at: Date): PublishTicket {
    const exp = Math.floor(at.getTime() / 1000) + PUBLISHER_TOKEN_TTL_SECONDS;
    return {
      whip_url: '/live/whip',
      token: signLiveToken(key(), { kind: 'publish', cameraId: mediaRoomOf(record.id, side), userId, exp }),
      expires_at: exp,
      ice_servers: config.live.iceServers,
    };
  }

  function viewTickets(record: PlaydateRecord, role: Role, userId: number, at: Date): PlaydateViewTicket[] {
    if (record.status !== 'live') return [];
    const sides: PlaydateSide[] = role === 'model' ? (record.kind === 'private' ? ['member'] : []) : ['model'];
    const exp = Math.floor(at.getTime() / 1000) + VIEWER_TOKEN_TTL_SECONDS;
    // Only a side with a publisher can be watched; the screen asks again when PLAYDATE_EVENTS.publishing says one came.
    return sides
      .filter((side) => isPublishing(mediaRoomOf(record.id, side)))
      .map((side) => {
        const mediaRoom = mediaRoomOf(record.id, side);
        return {
          side,
          whep_url: `/live/whep/${mediaRoom}`,
          token: signLiveToken(key(), { kind: 'view', cameraId: mediaRoom, userId, exp }),
          expires_at: exp,
          ice_servers: config.live.iceServers,
        };
      });
  }

  async function roomAnswer(record: PlaydateRecord, role: Role, viewer: AuthContext): Promise<PlaydateRoom> {
    const at = now();
    const side = publishSide(record, role, at);
    const [playdate, rows] = await Promise.all([playdates.toPlaydate(record.id, viewer), repo.newest(db, record.id, PLAYDATE_ROOM_MESSAGES)]);
    return {
      playdate,
      role,
      room: room(record.id),
      publish: side ? publishTicket(record, side, viewer.userId, at) : null,
      view: viewTickets(record, role, viewer.userId, at),
      publishing: publishing(record),
      messages: rows.map(toMessage),
      now: unix(at),
    };
  }

  async function systemLine(playdateId: number, systemKey: string, params: Record<string, string | number>, once: boolean): Promise<void> {
    if (once && (await repo.hasSystemMessage(db, playdateId, systemKey, params))) return;
    const row = await repo.insertMessage(db, {
      playdateId,
      authorUserId: null,
      authorName: '',
      authorRole: 'system',
      text: SYSTEM_TEXT[systemKey] ?? systemKey,
      system: { key: systemKey, params },
      createdAt: now(),
    });
    realtime.toRoom(room(playdateId), PLAYDATE_EVENTS.message, toMessage(row));
  }

  async function endMedia(id: number): Promise<void> {
    const rooms = [mediaRoomOf(id, 'model'), mediaRoomOf(id, 'member')];
    // endRoom sends no publisher-down (the caller ended it): forget them here.
    for (const mediaRoom of rooms) upRooms.delete(mediaRoom);
    await Promise.all(rooms.map((mediaRoom) => mediaServer.endRoom(mediaRoom)));
  }

  async function queueEndingSoon(record: PlaydateRecord): Promise<void> {
    if (!record.ends_at) return;
    const endsAt = unix(record.ends_at);
    const due = record.ends_at.getTime() - PLAYDATE_ENDING_SOON_SECONDS * 1000;
    try {
      await jobs.send(PLAYDATE_ENDING_SOON_JOB, { playdateId: record.id, endsAt } satisfies EndingSoonJobData, {
        startAfter: new Date(Math.max(due, now().getTime())),
        singletonKey: `${record.id}:${endsAt}`,
        retryLimit: 2,
      });
    } catch (err) {
      // A lost "ending soon" line is not worth failing the start for: the room's countdown shows the end anyway.
      log.error({ err, playdateId: record.id }, 'playdate ending-soon job not queued');
    }
  }

  // Media events of one playdate's rooms, one after the other (a publisher-up and -down must not overtake each other).
  const chains = new Map<number, Promise<void>>();
  function enqueue(id: number, work: () => Promise<void>): Promise<void> {
    const next = (chains.get(id) ?? Promise.resolve()).then(work).catch((error: unknown) => log.error({ err: error, playdateId: id }, 'playdate room: media event failed'));
    chains.set(id, next);
    void next.finally(() => chains.get(id) === next && chains.delete(id));
    return next;
  }

  const roomKind: RoomKindDefinition = {
    visitorsMayJoin: false,
    async authorize(viewer, id) {
      if (!viewer) return false;
      const record = await playdates.record(id);
      if (!record) throw new RealtimeError(REALTIME_ERROR_CODES.notFound, 'There is no such playdate');
      if (!OPEN_STATUSES.includes(record.status)) return false;
      const role = roleOf(record, viewer.userId);
      if (role === null) return false;
      if (role !== 'viewer') return true;
      // Public shows are for premium members: judged now, from the account, not from a profile the browser holds.
      const premiumUntil = await repo.premiumUntil(db, viewer.userId);
      return premiumUntil !== null && premiumUntil.getTime() > now().getTime();
    },
  };

  return {
    roomKind,

    /** The playdate as the rooms see it (the port's record). */
    recordOf: (id: number) => playdates.record(id),

    /** playdates.room: the member of a private one or a premium member for a public one. */
    async room(type: PlaydateKind, id: number, viewer: AuthContext): Promise<PlaydateRoom> {
      const record = await playdates.record(id);
      if (!record || record.kind !== type) throw noRoom(id);
      const role = roleOf(record, viewer.userId);
      if (role === null) throw noRoom(id);
      // A public show is a room for everyone while it is announced, on, or just over; not once cancelled.
      if (role === 'viewer' && !OPEN_STATUSES.includes(record.status)) throw noRoom(id);
      if (record.status === 'requested') throw noRoom(id);
      return roomAnswer(record, role, viewer);
    },

    /** studio.playdates.room: her own playdates only. */
    async studioRoom(id: number, viewer: AuthContext): Promise<PlaydateRoom> {
      const record = await playdates.record(id);
      if (!record || viewer.modelId === null || record.model_id !== viewer.modelId) throw noRoom(id);
      return roomAnswer(record, 'model', viewer);
    },

    /**
     * Who a WHIP offer's bearer lets publish into which playdate room: a publish token of one of its sides, while the
     * side may publish (live; the model's also in the minutes before the start), by its person. Null for anything else.
     */
    async authorizePublisher(bearer: string): Promise<{ cameraId: number; source: 'browser' } | null> {
      const verdict = verifyLiveToken(key(), bearer, { kind: 'publish' }, now().getTime());
      if (!verdict.ok) return null;
      const target = playdateOfMediaRoom(verdict.claims.cameraId);
      if (!target) return null;
      const record = await playdates.record(target.playdateId);
      if (!record) return null;
      const role = roleOf(record, verdict.claims.userId);
      if (role === null || publishSide(record, role, now()) !== target.side) return null;
      return { cameraId: verdict.claims.cameraId, source: 'browser' };
    },

    /** The media server's events of playdate rooms (others are ignored). Never throws. */
    handleMediaEvent(event: MediaServerEvent): Promise<void> {
      const target = playdateOfMediaRoom(event.room);
      if (!target || event.type === 'viewers') return Promise.resolve();
      if (event.type === 'publisher-up') upRooms.add(event.room);
      else upRooms.delete(event.room);
      return enqueue(target.playdateId, async () => {
        const record = await playdates.record(target.playdateId);
        if (!record) return;
        if (event.type === 'publisher-up' && target.side === 'model' && record.status === 'live') await playdates.modelPublished(record.id);
        realtime.toRoom(room(record.id), PLAYDATE_EVENTS.publishing, publishing(record));
      });
    },

    /** Every status change (the playdates module's onStatusChanged): opens and closes the room. */
    async statusChanged({ record, previous }: PlaydateStatusChange): Promise<void> {
      if (record.status === 'live') {
        await systemLine(record.id, previous === 'finished' ? 'extended' : 'started', { ends_at: record.ends_at ? unix(record.ends_at) : 0 }, true);
        // She got ready before the start: her publisher is there already, so no publisher-up will say she came.
        if (isPublishing(mediaRoomOf(record.id, 'model'))) await playdates.modelPublished(record.id);
        await queueEndingSoon(record);
        return;
      }
      if (CLOSED_STATUSES.includes(record.status) && previous !== record.status) {
        // Nobody keeps watching after the time: both rooms are dropped (publishers and viewers).
        await endMedia(record.id);
        if (previous === 'live') await systemLine(record.id, 'ended', { status: record.status }, false);
        realtime.toRoom(room(record.id), PLAYDATE_EVENTS.publishing, { model: false, member: false });
      }
    },

    /** The ending-soon job: a line in the room if the playdate is still live and still ends then. */
    async endingSoon(data: EndingSoonJobData): Promise<boolean> {
      const record = await playdates.record(data.playdateId);
      if (!record || record.status !== 'live' || !record.ends_at || unix(record.ends_at) !== data.endsAt) return false;
      await systemLine(record.id, 'ending_soon', { ends_at: data.endsAt }, true);
      return true;
    },

    /** PLAYDATE_CLIENT_EVENTS.send: a chat line into a live room the sender is in. */
    async send(context: RealtimeEventContext, input: SendInput): Promise<{ message: PlaydateChatMessage }> {
      const userId = context.userId;
      if (userId === null) throw new RealtimeError(REALTIME_ERROR_CODES.unauthorized, 'Log in to write in a playdate');
      const id = input.playdate_id;
      // Every attempt counts (decision record 026); the model's count is never read.
      const attempt = await rateLimits.consume(`playdate:send:${id}:${userId}`, PLAYDATE_CHAT_RATE_LIMIT);
      if (!context.inRoom(room(id))) throw new RealtimeError(REALTIME_ERROR_CODES.notInRoom, `Join the playdate room first (room:join playdate:${id})`);
      const record = await playdates.record(id);
      if (!record) throw new RealtimeError(REALTIME_ERROR_CODES.notFound, 'There is no such playdate');
      const role = roleOf(record, userId);
      if (role === null) throw new RealtimeError(REALTIME_ERROR_CODES.forbidden, 'You may not write in this playdate');
      // The model writes in her own room as the studio does: behind her second factor (decision record 070).
      if (role === 'model') await requireSecondFactorOnRealtime(context, now().getTime());
      if (record.status !== 'live') throw new RealtimeError(PLAYDATE_ERROR_CODES.wrongStatus, 'The playdate is not on now: its chat is closed');
      if (role !== 'model' && !attempt.allowed) {
        throw new RealtimeError(
          REALTIME_ERROR_CODES.rateLimited,
          `You are writing too fast: at most ${PLAYDATE_CHAT_RATE_LIMIT.points} messages per ${durationText(PLAYDATE_CHAT_RATE_LIMIT.windowMs)}. Try again in ${durationText(attempt.retryAfterMs)}.`,
          { retry_after_ms: Math.max(0, Math.ceil(attempt.retryAfterMs)) },
        );
      }
      const name = role === 'model' ? await repo.modelName(db, record.model_id) : await repo.memberName(db, userId);
      const row = await repo.insertMessage(db, {
        playdateId: id,
        authorUserId: userId,
        authorName: (name ?? '').slice(0, 100),
        authorRole: role === 'model' ? 'model' : 'member',
        text: input.text,
        system: null,
        createdAt: now(),
      });
      const message = toMessage(row);
      realtime.toRoom(room(id), PLAYDATE_EVENTS.message, message);
      return { message };
    },

    /** playdates.public.chatHistory: the token is the permission; only a finished public playdate's chat. */
    async chatHistory(token: string): Promise<PlaydateChatReplay> {
      const verdict = verifyPlaydateReplayToken(replay(), token);
      if (!verdict.ok) {
        if (verdict.reason === 'malformed') throw badRequest('Invalid query: token (Must be the token of a replay link)', { token: 'Must be the token of a replay link' });
        throw notFound('This replay link is not valid');
      }
      const record = await playdates.record(verdict.playdateId);
      if (!record || record.kind !== 'public' || record.status !== 'finished' || !record.starts_at || !record.ends_at) {
        throw notFound('This replay link is not valid');
      }
      const [playdate, rows] = await Promise.all([playdates.toPlaydate(record.id, NOBODY), repo.oldest(db, record.id, PLAYDATE_REPLAY_MAX)]);
      return {
        playdate: {
          id: record.id,
          title: playdate.title,
          model_name: playdate.model.name,
          starts_at: unix(record.starts_at),
          ends_at: unix(record.ends_at),
          image: playdate.image,
        },
        messages: rows.map(toMessage),
      };
    },

    // ---- Feedback (the playdate-feedback popup) ----

    async feedbackAsks(viewer: AuthContext): Promise<PlaydateFeedbackAsks> {
      const since = new Date(now().getTime() - PLAYDATE_FEEDBACK_ASK_DAYS * 86_400_000);
      const rows = await repo.feedbackAsks(db, viewer.userId, since);
      const items = await Promise.all(
        rows.map(async (row) => {
          const playdate = await playdates.toPlaydate(row.id, viewer);
          return { playdate_id: row.id, model: playdate.model, ended_at: unix(row.ended_at), duration_minutes: playdate.duration_minutes };
        }),
      );
      return { items };
    },

    async sendFeedback(id: number, viewer: AuthContext, body: PlaydateFeedbackBody): Promise<void> {
      await requireFinishedOwn(id, viewer);
      const stored = await repo.insertFeedback(db, { playdateId: id, userId: viewer.userId, rating: body.rating, message: body.message || null, at: now() });
      if (!stored) throw conflict('You have answered about this playdate already');
    },

    /** A dismissal (rating null); answering twice is no error. */
    async closeFeedback(id: number, viewer: AuthContext): Promise<void> {
      await requireFinishedOwn(id, viewer);
      await repo.insertFeedback(db, { playdateId: id, userId: viewer.userId, rating: null, message: null, at: now() });
    },
  };

  async function requireFinishedOwn(id: number, viewer: AuthContext): Promise<PlaydateRecord> {
    const record = await playdates.record(id);
    if (!record || record.kind !== 'private' || record.member_id !== viewer.userId || record.status !== 'finished') {
      throw notFound(`No finished playdate ${id} of yours`);
    }
    return record;
  }
}

/**
 * Nobody in particular: the replay page has no log-in, and a finished public playdate looks the same to everyone
 * (no reminder, no member). toPlaydate takes a viewer, so the replay hands it this one (user id 0 is no account).
 */
const NOBODY: AuthContext = {
  userId: 0,
  sessionId: 0,
  premiumUntil: null,
  isTeamMember: false,
  teamKinds: [],
  modelId: null,
  country: null,
  roles: [],
  worksOnSite: false,
  secondFactorEnrolled: false,
  secondFactorAt: null,
};

export type PlaydateRoomsService = ReturnType<typeof createPlaydateRoomsService>;
