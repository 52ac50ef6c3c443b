import {
  INSUFFICIENT_COINS,
  PLAYDATE_CAMERAS_PER_PAGE,
  PLAYDATE_ERROR_CODES,
  PLAYDATE_EVENTS,
  PLAYDATE_REMINDER_MINUTES,
  PLAYDATE_SCHEDULE_AHEAD_DAYS,
  roomName,
  type MaybePlaydate,
  type Playdate,
  type PlaydateAcceptBody,
  type PlaydateCameraList,
  type PlaydateDeclineBody,
  type PlaydateExtendOffer,
  type PlaydateKind,
  type PlaydateLimits,
  type PlaydateList,
  type PlaydateQuote,
  type PlaydateRefusal,
  type PlaydateReminder,
  type PlaydateRequestBody,
  type PlaydateRequestCheck,
  type PlaydateSettings,
  type PlaydateStatus,
  type PlaydateStatusEvent,
  type PlaydateStatusView,
  type PrivatePlaydateOffer,
  type PublicPlaydateBody,
  type StudioPlaydates,
} from '@velora/shared';
import type { Queryable } from '../../db/database';
import type { JobQueue } from '../../lib/jobs/job-queue';
import { HttpError, badRequest, forbidden, notFound } from '../../lib/http-error';
import { capPage, offsetOf, pagesOf } from '../../lib/paging';
import type { Platform } from '../../platform';
import type { CameraChatService } from '../camera-chat/camera-chat.service';
import type { CameraInfo, CamerasService } from '../cameras/cameras.service';
import type { ChatSessionsService } from '../chat-sessions/chat-sessions.service';
import type { CoinsService, PlaydateBooking } from '../coins/coins.service';
import type { MediaService } from '../media/media.service';
import type { AuthContext } from '../sessions/sessions.service';
import type { UsersService } from '../users/users.service';
import { playdateAnswerMail, playdateReminderMail, playdateRoomPath } from './playdate-mails';
import { freeSlots, type Interval } from './playdate-slots';
import { playdatesRepository as repo, type PlaydateRow, type PlaydateViewRow, type SettingsRow } from './playdates.repository';

// Playdates (issue 14, decision record 040): public shows a model announces and private sessions a premium member
// requests. Coins of a request are held on the ledger's holds account and captured, released or refunded by the
// status changes; every time-driven step is a durable job plus a per-minute sweep, and each step is one conditional
// UPDATE so it happens once whoever runs it. Implements the rooms' PlaydatesPort.

export const PLAYDATE_JOBS = {
  expire: 'playdate-expire',
  start: 'playdate-start',
  missed: 'playdate-missed',
  end: 'playdate-end',
  reminder: 'playdate-reminder',
  sweep: 'playdate-sweep',
} as const;
export interface PlaydateJobData {
  playdateId: number;
}

export interface PlaydatesDeps extends Pick<Platform, 'db' | 'now' | 'realtime' | 'log' | 'mailer' | 'mediaUrls' | 'config'> {
  jobs: Pick<JobQueue, 'send'>;
  coins: Pick<CoinsService, 'bookPlaydate' | 'balance' | 'playdateSplitOf'>;
  cameras: Pick<CamerasService, 'infoById' | 'infoByModel'>;
  media: Pick<MediaService, 'imageUrl'>;
  users: Pick<UsersService, 'lawLimitations'>;
  chatSessions: Pick<ChatSessionsService, 'isBanned'>;
  cameraChat: Pick<CameraChatService, 'postSystemMessage'>;
}

// The rooms' port (playdate-rooms/playdates-port.ts, tier 9) is implemented structurally: a module imports only lower
// tiers, so these mirror its types and the composition root, which hands this service to the rooms, checks they fit.

/** A playdate as the rooms decide access and media by. Times are Dates (UTC). */
export interface PlaydateRecord {
  id: number;
  kind: PlaydateKind;
  status: PlaydateStatus;
  title: string;
  model_id: number;
  camera_id: number | null;
  model_user_ids: number[];
  member_id: number | null;
  starts_at: Date | null;
  ends_at: Date | null;
  model_joined_at: Date | null;
}

export interface PlaydateStatusChange {
  record: PlaydateRecord;
  previous: PlaydateStatus;
}

type Viewer = AuthContext | null;
const MINUTE = 60_000;
/** The public list ends with the shows of the last week (at most this many), for their chat replay. */
const RECENT_PUBLIC_DAYS = 7;
const RECENT_PUBLIC_MAX = 6;
const unix = (d: Date | string) => Math.floor(new Date(d).getTime() / 1000);
const unixOrNull = (d: Date | string | null) => (d === null ? null : unix(d));
const endOf = (row: Pick<PlaydateRow, 'starts_at' | 'duration_minutes'>) =>
  row.starts_at === null ? null : new Date(new Date(row.starts_at).getTime() + row.duration_minutes * MINUTE);

const fail = (status: number, code: string, message: string, fields?: Record<string, string>) => new HttpError(status, code, message, fields);
const wrongStatus = (status: PlaydateStatus) => fail(409, PLAYDATE_ERROR_CODES.wrongStatus, `This playdate is ${status}`);
const notAvailable = () => fail(409, PLAYDATE_ERROR_CODES.notAvailable, 'She takes no private playdate requests now');
const slotTaken = () => fail(409, PLAYDATE_ERROR_CODES.slotTaken, 'This start is no longer free: choose another', { starts_at: 'Not a free start' });
const blocked = () => fail(403, PLAYDATE_ERROR_CODES.blocked, 'The model has blocked you');
const unprocessable = (message: string, fields: Record<string, string>) => fail(422, 'UNPROCESSABLE', message, fields);
const insufficient = (balance: number, needed: number) => fail(409, INSUFFICIENT_COINS, `You have ${balance} coins; this needs ${needed}.`);
const noPlaydate = () => notFound('There is no such playdate');

const splitOf = (coins: number, limits: PlaydateLimits) => {
  const house = Math.floor((coins * limits.house_share_percent) / 100);
  return { model: coins - house, house };
};

export function createPlaydatesService(deps: PlaydatesDeps) {
  const { db, now, realtime, log, coins } = deps;
  const listeners = new Set<(change: PlaydateStatusChange) => void | Promise<void>>();
  let replayPathOf: ((playdateId: number) => string | null) | null = null;

  // ---- Views ----

  async function viewRow(id: number): Promise<PlaydateViewRow | null> {
    return repo.view(db, id);
  }

  function extendableUntil(row: PlaydateRow, limits: PlaydateLimits): number | null {
    if (row.kind !== 'private' || row.status !== 'finished' || row.ended_at === null) return null;
    const until = new Date(row.ended_at).getTime() + limits.extension_window_seconds * 1000;
    return until > now().getTime() ? Math.floor(until / 1000) : null;
  }

  async function toView(row: PlaydateViewRow, viewer: Viewer, limits?: PlaydateLimits): Promise<Playdate> {
    const lim = limits ?? (await repo.limits(db));
    const imageId = row.image_variant + 1;
    return {
      id: row.id,
      kind: row.kind,
      status: row.status,
      title: row.title,
      model: {
        id: row.model_id,
        name: row.model_name,
        avatar: deps.media.imageUrl('model', row.model_id, '400x400', viewer),
        camera_id: row.camera_id,
        camera_name: row.camera_name,
        user_id: row.model_user_ids[0] ?? null,
      },
      member:
        row.member_id === null ? null : { id: row.member_id, name: row.member_name ?? '', avatar: deps.mediaUrls.avatar(row.member_id, row.member_avatar) },
      starts_at: unixOrNull(row.starts_at),
      ends_at: unixOrNull(endOf(row)),
      duration_minutes: row.duration_minutes,
      price_per_minute: row.price_per_minute,
      coins: row.coins,
      expires_at: row.status === 'requested' ? unixOrNull(row.expires_at) : null,
      message: row.message,
      extensions: row.extensions,
      image: deps.media.imageUrl('playdate', imageId, '900x500', viewer),
      image_small: deps.media.imageUrl('playdate', imageId, '370x206', viewer),
      reminder: viewer ? await repo.hasReminder(db, row.id, viewer.userId) : false,
      replay_path: row.kind === 'public' && row.status === 'finished' && replayPathOf ? replayPathOf(row.id) : null,
      extendable_until: extendableUntil(row, lim),
      created_at: unix(row.created_at),
    };
  }

  async function toViews(rows: PlaydateViewRow[], viewer: Viewer): Promise<Playdate[]> {
    const limits = await repo.limits(db);
    return Promise.all(rows.map((r) => toView(r, viewer, limits)));
  }

  function statusView(row: PlaydateRow, limits: PlaydateLimits): PlaydateStatusView {
    return {
      id: row.id,
      kind: row.kind,
      status: row.status,
      starts_at: unixOrNull(row.starts_at),
      ends_at: unixOrNull(endOf(row)),
      expires_at: row.status === 'requested' ? unixOrNull(row.expires_at) : null,
      extendable_until: extendableUntil(row, limits),
      model_present: row.status === 'live' && row.model_joined_at !== null,
      now: unix(now()),
    };
  }

  const isModelOf = (viewer: AuthContext, row: Pick<PlaydateRow, 'model_id'>) => viewer.modelId !== null && viewer.modelId === row.model_id;

  /** A private playdate is its member's and its model's; a public one anyone's. 404 otherwise (no probing of ids). */
  async function visible(id: number, viewer: AuthContext, kind?: PlaydateKind): Promise<PlaydateViewRow> {
    const row = await viewRow(id);
    if (!row || (kind && row.kind !== kind)) throw noPlaydate();
    if (row.kind === 'private' && row.member_id !== viewer.userId && !isModelOf(viewer, row)) throw noPlaydate();
    return row;
  }

  function toRecord(row: PlaydateViewRow): PlaydateRecord {
    return {
      id: row.id,
      kind: row.kind,
      status: row.status,
      title: row.title,
      model_id: row.model_id,
      camera_id: row.camera_id,
      model_user_ids: row.model_user_ids,
      member_id: row.member_id,
      starts_at: row.starts_at === null ? null : new Date(row.starts_at),
      ends_at: endOf(row),
      model_joined_at: row.model_joined_at === null ? null : new Date(row.model_joined_at),
    };
  }

  // ---- Jobs ----

  async function queue(name: string, playdateId: number, at: Date | null): Promise<void> {
    if (at === null) return;
    try {
      await deps.jobs.send<PlaydateJobData>(name, { playdateId }, { startAfter: at, singletonKey: `${playdateId}:${at.getTime()}` });
    } catch (err) {
      // The sweep finds the playdate within a minute and does what the job would have.
      log.error({ err, job: name, playdateId }, 'playdate job not queued');
    }
  }

  async function queueAfter(row: PlaydateRow): Promise<void> {
    const limits = await repo.limits(db);
    if (row.status === 'requested') await queue(PLAYDATE_JOBS.expire, row.id, row.expires_at && new Date(row.expires_at));
    if (row.status === 'scheduled' && row.starts_at) {
      const starts = new Date(row.starts_at);
      await queue(PLAYDATE_JOBS.reminder, row.id, new Date(Math.max(now().getTime(), starts.getTime() - PLAYDATE_REMINDER_MINUTES * MINUTE)));
      await queue(PLAYDATE_JOBS.start, row.id, starts);
    }
    if (row.status === 'live') {
      await queue(PLAYDATE_JOBS.end, row.id, endOf(row));
      if (row.kind === 'private' && row.model_joined_at === null && row.started_at) {
        await queue(PLAYDATE_JOBS.missed, row.id, new Date(new Date(row.started_at).getTime() + limits.start_grace_minutes * MINUTE));
      }
    }
  }

  // ---- Status changes ----

  /** After a commit: the pushes to both people and the room, the listeners (failures logged), the next jobs. */
  async function announce(row: PlaydateRow, previous: PlaydateStatus): Promise<void> {
    try {
      const view = await viewRow(row.id);
      if (!view) return;
      const limits = await repo.limits(db);
      const event: PlaydateStatusEvent = { playdate: await toView(view, null, limits), status: statusView(view, limits) };
      const users = new Set([...view.model_user_ids, ...(view.member_id === null ? [] : [view.member_id])]);
      for (const userId of users) realtime.toUser(userId, PLAYDATE_EVENTS.status, event);
      realtime.toRoom(roomName('playdate', view.id), PLAYDATE_EVENTS.status, event);
      const change: PlaydateStatusChange = { record: toRecord(view), previous };
      for (const listener of listeners) {
        try {
          await listener(change);
        } catch (err) {
          log.error({ err, playdateId: row.id }, 'playdate status listener failed');
        }
      }
      await mailAnswer(view, previous);
    } catch (err) {
      log.error({ err, playdateId: row.id }, 'playdate status push failed');
    }
    await queueAfter(row);
  }

  /** The member hears by mail how his request was answered (accepted, declined, expired), if he wants playdate mails. */
  async function mailAnswer(view: PlaydateViewRow, previous: PlaydateStatus): Promise<void> {
    if (view.kind !== 'private' || view.member_id === null || previous !== 'requested') return;
    const answer = ({ scheduled: 'accepted', declined: 'declined', expired: 'expired' } as const)[view.status as 'scheduled' | 'declined' | 'expired'];
    if (!answer) return;
    const person = await repo.mailContact(db, view.member_id);
    if (!person?.email || !person.mail) return;
    const url = `${deps.config.publicUrl}${answer === 'accepted' ? playdateRoomPath('private', view.id) : '/playdates'}`;
    try {
      await deps.mailer.send(
        playdateAnswerMail(
          { email: person.email, username: person.username, language: person.language },
          { kind: 'private', title: view.title, modelName: view.model_name, startsAt: view.starts_at ? new Date(view.starts_at) : null, url, coins: view.coins },
          answer,
        ),
      );
    } catch (err) {
      log.error({ err, playdateId: view.id }, 'playdate answer mail failed');
    }
  }

  /**
   * One status change in one transaction: the row's lock, the conditional UPDATE, the money; then announced. Null
   * when the playdate was not in a status it may leave this way (another instance, job or person was first).
   */
  async function change(
    id: number,
    from: readonly PlaydateStatus[],
    to: PlaydateStatus,
    extra: Parameters<typeof repo.transition>[5],
    book?: (tx: Queryable, row: PlaydateRow, at: Date) => Promise<void>,
  ): Promise<PlaydateRow | null> {
    const at = now();
    const done = await db.transaction(async (tx) => {
      const [locked] = await tx.query<{ status: PlaydateStatus }>('SELECT status FROM playdates WHERE id = $1 FOR UPDATE', [id]);
      if (!locked || !from.includes(locked.status)) return null;
      const row = await repo.transition(tx, id, from, to, at, extra);
      if (!row) return null;
      if (book) await book(tx, row, at);
      return { row, previous: locked.status };
    });
    if (!done) return null;
    await announce(done.row, done.previous);
    return done.row;
  }

  async function book(tx: Queryable, b: PlaydateBooking): Promise<void> {
    const booked = await coins.bookPlaydate(tx, b);
    if (!booked.ok) throw insufficient(booked.balance, Math.abs(b.member ?? 0));
  }

  // In the caller's transaction: PGlite has one connection, so a query beside an open transaction would wait for it.
  const described = async (tx: Queryable, row: PlaydateRow, what: string) => {
    const name = (await tx.query<{ name_en: string }>('SELECT name_en FROM models WHERE id = $1', [row.model_id]))[0]?.name_en ?? 'a model';
    return `${what} with ${name}`;
  };

  const release = async (tx: Queryable, row: PlaydateRow) => {
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
  };

  // The time-driven steps: each a no-op unless it is due (a job early or late, twice, or the sweep's).

  async function expireIfDue(id: number) {
    return change(id, ['requested'], 'expired', { where: 'p.expires_at <= $2' }, release);
  }

  async function startIfDue(id: number) {
    const limits = await repo.limits(db);
    return change(id, ['scheduled'], 'live', { set: 'started_at = $2', where: 'p.starts_at <= $2' }, async (tx, row) => {
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
    });
  }

  const refund = async (tx: Queryable, row: PlaydateRow) => {
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
  };

  async function missedIfDue(id: number) {
    const limits = await repo.limits(db);
    // The model never came: by the grace's end, or by the end of a playdate shorter than the grace.
    return change(
      id,
      ['live'],
      'missed',
      {
        set: 'ended_at = $2',
        where: `p.kind = 'private' AND p.model_joined_at IS NULL AND (p.started_at + make_interval(mins => $4::int) <= $2 OR p.starts_at + make_interval(mins => p.duration_minutes) <= $2)`,
        params: [limits.start_grace_minutes],
      },
      refund,
    );
  }

  async function endIfDue(id: number) {
    const missed = await missedIfDue(id);
    if (missed) return missed;
    return change(id, ['live'], 'finished', { set: 'ended_at = $2', where: 'p.starts_at + make_interval(mins => p.duration_minutes) <= $2' });
  }

  async function remindIfDue(id: number): Promise<number> {
    const at = now();
    const row = await viewRow(id);
    if (!row || row.starts_at === null || !['scheduled', 'live'].includes(row.status)) return 0;
    const starts = new Date(row.starts_at).getTime();
    if (starts - PLAYDATE_REMINDER_MINUTES * MINUTE > at.getTime() || endOf(row)!.getTime() <= at.getTime()) return 0;
    const limits = await repo.limits(db);
    const playdate = await toView(row, null, limits);
    const once = `playdate:${row.id}:reminder`;
    try {
      if (row.camera_id !== null && row.kind === 'public') {
        await deps.cameraChat.postSystemMessage({
          cameraId: row.camera_id,
          kind: 'pub_reminders',
          key: 'playdate_reminder',
          params: { model: row.model_name, playdate_id: row.id, title: row.title, starts_at: unix(row.starts_at) },
          text: `${row.model_name}'s public playdate "${row.title}" starts at ${new Date(starts).toISOString().slice(11, 16)} UTC.`,
          onceKey: once,
        });
      } else if (row.camera_id !== null && row.member_id !== null) {
        await deps.cameraChat.postSystemMessage({
          cameraId: row.camera_id,
          kind: 'pr_reminders',
          key: 'private_playdate_reminder',
          params: { model: row.model_name, playdate_id: row.id, starts_at: unix(row.starts_at) },
          text: `Your private playdate with ${row.model_name} starts at ${new Date(starts).toISOString().slice(11, 16)} UTC.`,
          toUserId: row.member_id,
          onceKey: once,
        });
      }
    } catch (err) {
      log.error({ err, playdateId: id }, 'playdate reminder chat message failed');
    }
    const claimed = await repo.claimReminders(db, row.id, at);
    for (const person of claimed) {
      realtime.toUser(person.user_id, PLAYDATE_EVENTS.reminder, playdate);
      if (!person.mail || !person.email) continue;
      try {
        await deps.mailer.send(
          playdateReminderMail(
            { email: person.email, username: person.username, language: person.language },
            { kind: row.kind, title: row.title, modelName: row.model_name, startsAt: new Date(starts), url: `${deps.config.publicUrl}${playdateRoomPath(row.kind, row.id)}` },
          ),
        );
      } catch (err) {
        log.error({ err, playdateId: id }, 'playdate reminder mail failed');
      }
    }
    return claimed.length;
  }

  // ---- Offers, slots ----

  function settingsView(s: SettingsRow | null, limits: PlaydateLimits): PlaydateSettings {
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

  async function busyOf(q: Queryable, modelId: number, from: Date, to: Date, exceptId: number | null = null): Promise<Interval[]> {
    return (await repo.busy(q, modelId, from, to, exceptId)).map((b) => ({ start: new Date(b.starts_at).getTime(), end: new Date(b.ends_at).getTime() }));
  }

  async function slotsOf(q: Queryable, s: SettingsRow, duration: number): Promise<number[]> {
    const at = now().getTime();
    const busy = await busyOf(q, s.model_id, new Date(at), new Date(at + 15 * 24 * 60 * MINUTE));
    return freeSlots(at, duration, settingsView(s, await repo.limits(q)).hours, busy);
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

  async function refusalOf(camera: CameraInfo, viewer: AuthContext, s: SettingsRow | null): Promise<PlaydateRefusal | null> {
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
  }

  async function offerOf(cameraId: number, viewer: AuthContext): Promise<{ camera: CameraInfo; s: SettingsRow }> {
    const camera = await cameraOf(cameraId);
    if (viewer.modelId === camera.modelId) throw notAvailable();
    if (await deps.chatSessions.isBanned(camera.id, viewer.userId)) throw blocked();
    const s = await repo.settings(db, camera.modelId);
    if (!s?.private_enabled) throw notAvailable();
    return { camera, s };
  }

  async function modelView(camera: CameraInfo, viewer: Viewer) {
    const users = (await db.query<{ id: number }>('SELECT id FROM users WHERE model_id = $1 ORDER BY id LIMIT 1', [camera.modelId]))[0];
    return {
      id: camera.modelId,
      name: camera.displayName,
      avatar: deps.media.imageUrl('model', camera.modelId, '400x400', viewer),
      camera_id: camera.id,
      camera_name: camera.name,
      user_id: users ? Number(users.id) : null,
    };
  }

  async function one(where: string, params: unknown[], order: string, viewer: AuthContext): Promise<MaybePlaydate> {
    const [row] = await repo.views(db, where, params, `${order} LIMIT 1`);
    return { playdate: row ? await toView(row, viewer) : null };
  }

  async function ownModel(viewer: AuthContext): Promise<number> {
    if (viewer.modelId === null) throw forbidden('Only model accounts have playdates to run');
    return viewer.modelId;
  }

  async function hers(id: number, viewer: AuthContext): Promise<PlaydateViewRow> {
    const modelId = await ownModel(viewer);
    const row = await viewRow(id);
    if (!row || row.model_id !== modelId) throw noPlaydate();
    return row;
  }

  async function answer(row: PlaydateRow | null, id: number, viewer: AuthContext): Promise<Playdate> {
    const view = await viewRow(row?.id ?? id);
    if (!view) throw noPlaydate();
    if (!row) throw wrongStatus(view.status);
    return toView(view, viewer);
  }

  const service = {
    // ---- The port (decision record 040) ----

    async record(id: number): Promise<PlaydateRecord | null> {
      const row = await viewRow(id);
      return row ? toRecord(row) : null;
    },

    async toPlaydate(id: number, viewer: AuthContext): Promise<Playdate> {
      const row = await viewRow(id);
      if (!row) throw noPlaydate();
      return toView(row, viewer);
    },

    async modelPublished(id: number): Promise<void> {
      await repo.markModelJoined(db, id, now());
    },

    onStatusChanged(listener: (change: PlaydateStatusChange) => void | Promise<void>): () => void {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },

    /** The replay links of finished public playdates (the rooms module makes their tokens). */
    setReplayPaths(fn: (playdateId: number) => string | null): void {
      replayPathOf = fn;
    },

    // ---- Private: offers and requests ----

    async privateOffer(cameraId: number, viewer: AuthContext): Promise<PrivatePlaydateOffer> {
      const camera = await cameraOf(cameraId);
      const s = await repo.settings(db, camera.modelId);
      const limits = await repo.limits(db);
      const view = settingsView(s, limits);
      const available =
        s?.private_enabled === true && viewer.modelId !== camera.modelId && !(await deps.chatSessions.isBanned(camera.id, viewer.userId));
      const pendingId = await repo.pendingOf(db, viewer.userId, camera.modelId);
      const pending = pendingId === null ? null : await viewRow(pendingId);
      return {
        camera_id: camera.id,
        camera_name: camera.name,
        model: await modelView(camera, viewer),
        available,
        price_per_minute: view.price_per_minute,
        durations: view.durations,
        live: camera.live,
        pending: pending ? await toView(pending, viewer, limits) : null,
      };
    },

    async quote(cameraId: number, viewer: AuthContext, duration: number | undefined): Promise<PlaydateQuote> {
      const { camera, s } = await offerOf(cameraId, viewer);
      const durations = [...s.durations].map(Number);
      const chosen = duration ?? durations[0]!;
      if (!durations.includes(chosen)) throw badRequest(`Invalid query: duration (must be one of ${durations.join(', ')})`, { duration: `Must be one of ${durations.join(', ')}` });
      const price = s.price_per_minute * chosen;
      const balance = await coins.balance(viewer.userId);
      return {
        camera_id: camera.id,
        model: await modelView(camera, viewer),
        duration: chosen,
        durations,
        price_per_minute: s.price_per_minute,
        coins: price,
        balance,
        can_afford: balance >= price,
        slots: (await slotsOf(db, s, chosen)).map((at) => ({ starts_at: Math.floor(at / 1000) })),
        asap: await asapFree(db, camera, chosen),
      };
    },

    async requestCheck(cameraId: number, viewer: AuthContext): Promise<PlaydateRequestCheck> {
      const camera = await cameraOf(cameraId);
      const s = await repo.settings(db, camera.modelId);
      const refusal = await refusalOf(camera, viewer, s);
      let pending: Playdate | null = null;
      if (refusal === 'pending_request') {
        const row = await viewRow((await repo.pendingOf(db, viewer.userId, camera.modelId))!);
        pending = row ? await toView(row, viewer) : null;
      }
      return { allowed: refusal === null, refusal, pending };
    },

    async request(cameraId: number, viewer: AuthContext, body: PlaydateRequestBody): Promise<Playdate> {
      if (!isPremium(viewer)) throw fail(403, PLAYDATE_ERROR_CODES.notPremium, 'Private playdates are for premium members');
      const { camera, s } = await offerOf(cameraId, viewer);
      const durations = [...s.durations].map(Number);
      if (!durations.includes(body.duration)) throw unprocessable('She does not offer this duration', { duration: `Must be one of ${durations.join(', ')}` });
      if (body.price_per_minute !== s.price_per_minute) {
        throw fail(409, PLAYDATE_ERROR_CODES.priceChanged, `Her price is now ${s.price_per_minute} coins a minute`, { price_per_minute: 'Changed' });
      }
      const limits = await repo.limits(db);
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
            if (!(await asapFree(tx, camera, body.duration))) throw slotTaken();
          } else {
            const wanted = body.starts_at * 1000;
            if (!(await slotsOf(tx, s, body.duration)).includes(wanted)) throw slotTaken();
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
          await book(tx, {
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
      await queueAfter(row);
      const view = (await viewRow(row.id))!;
      const playdate = await toView(view, viewer, limits);
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
      const row = await visible(id, viewer, 'private');
      if (row.member_id !== viewer.userId) throw noPlaydate();
      const done = await change(id, ['requested', 'scheduled'], 'cancelled', { where: `p.status = 'requested' OR p.starts_at > $2` }, release);
      return answer(done, id, viewer);
    },

    async status(id: number, viewer: AuthContext): Promise<PlaydateStatusView> {
      const row = await visible(id, viewer, 'private');
      return statusView(row, await repo.limits(db));
    },

    async privateList(viewer: AuthContext): Promise<PlaydateList> {
      const active = await repo.views(db, `p.member_id = $1 AND p.kind = 'private' AND p.status IN ('requested', 'scheduled', 'live')`, [viewer.userId], 'ORDER BY p.starts_at NULLS FIRST, p.id');
      const past = await repo.views(db, `p.member_id = $1 AND p.kind = 'private' AND p.status NOT IN ('requested', 'scheduled', 'live')`, [viewer.userId], 'ORDER BY p.updated_at DESC, p.id DESC LIMIT 20');
      return { items: await toViews([...active, ...past], viewer) };
    },

    async cameras(requestedPage: number, viewer: AuthContext): Promise<PlaydateCameraList> {
      const page = capPage(requestedPage);
      const { total, rows } = await repo.offering(db, PLAYDATE_CAMERAS_PER_PAGE, offsetOf(page, PLAYDATE_CAMERAS_PER_PAGE));
      const items = await Promise.all(
        rows.map(async (r) => {
          const durations = [...r.durations].map(Number).sort((a, b) => a - b);
          const camera: CameraInfo = { id: r.camera_id, name: r.camera_name, displayName: r.model_name, modelId: r.model_id, live: r.live, liveSince: null, chatMode: 'free', pricePerMinute: null };
          const next = (await slotsOf(db, r, durations[0]!))[0];
          return {
            camera_id: r.camera_id,
            camera_name: r.camera_name,
            model: await modelView(camera, viewer),
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

    async extendOffer(id: number, viewer: AuthContext): Promise<PlaydateExtendOffer> {
      const row = await visible(id, viewer, 'private');
      if (row.member_id !== viewer.userId) throw noPlaydate();
      const limits = await repo.limits(db);
      const s = await repo.settings(db, row.model_id);
      const openUntil = extendableUntil(row, limits);
      const durations = s ? [...s.durations].map(Number) : limits.durations;
      const at = now().getTime();
      const options = await Promise.all(
        durations.map(async (d) => ({
          duration: d,
          coins: row.price_per_minute! * d,
          available: openUntil !== null && (await busyOf(db, row.model_id, new Date(at), new Date(at + d * MINUTE), row.id)).length === 0,
        })),
      );
      return { playdate: await toView(row, viewer, limits), options, balance: await coins.balance(viewer.userId), open_until: openUntil };
    },

    async extend(id: number, viewer: AuthContext, duration: number): Promise<Playdate> {
      const row = await visible(id, viewer, 'private');
      if (row.member_id !== viewer.userId) throw noPlaydate();
      const limits = await repo.limits(db);
      const s = await repo.settings(db, row.model_id);
      const durations = s ? [...s.durations].map(Number) : limits.durations;
      if (!durations.includes(duration)) throw unprocessable('This extension is not offered', { duration: `Must be one of ${durations.join(', ')}` });
      if (row.status !== 'finished') throw wrongStatus(row.status);
      if (extendableUntil(row, limits) === null) throw fail(409, PLAYDATE_ERROR_CODES.extensionClosed, 'The time to extend this playdate is over');
      const at = now();
      if ((await busyOf(db, row.model_id, at, new Date(at.getTime() + duration * MINUTE), row.id)).length > 0) throw slotTaken();
      const cost = row.price_per_minute! * duration;
      const split = splitOf(cost, limits);
      // ends_at is starts_at + the booked minutes: the minutes run from now, so the gap since the end is booked too (free).
      const minutes = Math.ceil((at.getTime() + duration * MINUTE - new Date(row.starts_at!).getTime()) / MINUTE);
      const done = await change(
        id,
        ['finished'],
        'live',
        {
          set: 'ended_at = NULL, duration_minutes = $5, extensions = p.extensions + 1, coins = p.coins + $6',
          where: `p.ended_at + make_interval(secs => $4::int) >= $2`,
          params: [limits.extension_window_seconds, minutes, cost],
        },
        async (tx, updated) => {
          await book(tx, {
            kind: 'private_playdate',
            key: `playdate:${updated.id}:extend:${updated.extensions}`,
            userId: viewer.userId,
            modelId: updated.model_id,
            description: await described(tx, updated, `Private playdate extended by ${duration} minutes`),
            member: -cost,
            ...(split.model > 0 ? { model: split.model } : {}),
            ...(split.house > 0 ? { house: split.house } : {}),
          });
        },
      );
      if (!done) throw fail(409, PLAYDATE_ERROR_CODES.extensionClosed, 'The time to extend this playdate is over');
      return answer(done, id, viewer);
    },

    // ---- A model's camera ----

    async closestPublic(cameraId: number, viewer: AuthContext): Promise<MaybePlaydate> {
      const camera = await cameraOf(cameraId);
      return one(`p.model_id = $1 AND p.kind = 'public' AND p.status IN ('scheduled', 'live')`, [camera.modelId], `ORDER BY (p.status = 'live') DESC, p.starts_at`, viewer);
    },

    async closestPrivate(cameraId: number, viewer: AuthContext): Promise<MaybePlaydate> {
      const camera = await cameraOf(cameraId);
      return one(
        `p.model_id = $1 AND p.member_id = $2 AND p.kind = 'private' AND p.status IN ('scheduled', 'live')`,
        [camera.modelId, viewer.userId],
        `ORDER BY (p.status = 'live') DESC, p.starts_at`,
        viewer,
      );
    },

    async pendingRequest(cameraId: number, viewer: AuthContext): Promise<MaybePlaydate> {
      const camera = await cameraOf(cameraId);
      return one(`p.model_id = $1 AND p.member_id = $2 AND p.status = 'requested'`, [camera.modelId, viewer.userId], 'ORDER BY p.id', viewer);
    },

    async publicList(viewer: AuthContext): Promise<PlaydateList> {
      const rows = await repo.views(db, `p.kind = 'public' AND p.status IN ('scheduled', 'live')`, [], `ORDER BY (p.status = 'live') DESC, p.starts_at, p.id LIMIT 50`);
      // The last week's shows follow, newest first: their chat can still be read from the replay link.
      const since = new Date(now().getTime() - RECENT_PUBLIC_DAYS * 24 * 60 * MINUTE);
      const recent = await repo.views(db, `p.kind = 'public' AND p.status = 'finished' AND p.ended_at >= $1`, [since], `ORDER BY p.ended_at DESC, p.id DESC LIMIT ${RECENT_PUBLIC_MAX}`);
      return { items: await toViews([...rows, ...recent], viewer) };
    },

    // ---- Reminders ----

    async reminderOn(kind: PlaydateKind, id: number, viewer: AuthContext): Promise<PlaydateReminder> {
      const row = await visible(id, viewer, kind);
      if (!['scheduled', 'live', 'requested'].includes(row.status)) throw wrongStatus(row.status);
      await repo.remind(db, id, viewer.userId, now());
      // Turned on inside the reminder's window: the reminder goes out now.
      if (row.starts_at && new Date(row.starts_at).getTime() - PLAYDATE_REMINDER_MINUTES * MINUTE <= now().getTime()) await queue(PLAYDATE_JOBS.reminder, id, now());
      return { playdate_id: id, reminder: true };
    },

    async reminderOff(kind: PlaydateKind, id: number, viewer: AuthContext): Promise<PlaydateReminder> {
      await visible(id, viewer, kind);
      await repo.unremind(db, id, viewer.userId);
      return { playdate_id: id, reminder: false };
    },

    // ---- The studio ----

    async studio(viewer: AuthContext): Promise<StudioPlaydates> {
      const modelId = await ownModel(viewer);
      const limits = await repo.limits(db);
      const [s, requests, upcoming, recent, earned] = await Promise.all([
        repo.settings(db, modelId),
        repo.views(db, `p.model_id = $1 AND p.status = 'requested'`, [modelId], 'ORDER BY p.expires_at, p.id'),
        repo.views(db, `p.model_id = $1 AND p.status IN ('scheduled', 'live')`, [modelId], 'ORDER BY p.starts_at, p.id'),
        repo.views(db, `p.model_id = $1 AND p.status NOT IN ('requested', 'scheduled', 'live')`, [modelId], 'ORDER BY p.updated_at DESC, p.id DESC LIMIT 20'),
        repo.modelEarned(db, modelId),
      ]);
      return {
        settings: settingsView(s, limits),
        limits,
        requests: await toViews(requests, viewer),
        upcoming: await toViews(upcoming, viewer),
        recent: await toViews(recent, viewer),
        earned,
      };
    },

    async saveSettings(viewer: AuthContext, body: PlaydateSettings): Promise<StudioPlaydates> {
      const modelId = await ownModel(viewer);
      const limits = await repo.limits(db);
      if (body.price_per_minute < limits.price_per_minute_min || body.price_per_minute > limits.price_per_minute_max) {
        const range = `${limits.price_per_minute_min} to ${limits.price_per_minute_max}`;
        throw unprocessable(`The price per minute must be ${range} coins`, { price_per_minute: `Must be ${range}` });
      }
      const outside = body.durations.filter((d) => !limits.durations.includes(d));
      if (outside.length > 0) throw unprocessable('Offer only durations the team allows', { durations: `Must be among ${limits.durations.join(', ')}` });
      await repo.saveSettings(
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
      return service.studio(viewer);
    },

    async schedule(viewer: AuthContext, body: PublicPlaydateBody): Promise<Playdate> {
      const modelId = await ownModel(viewer);
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
      await queueAfter(row);
      return service.toPlaydate(row.id, viewer);
    },

    async accept(id: number, viewer: AuthContext, body: PlaydateAcceptBody): Promise<Playdate> {
      const row = await hers(id, viewer);
      if (row.status !== 'requested') throw wrongStatus(row.status);
      const at = now().getTime();
      if (body.starts_at !== null && body.starts_at * 1000 < at - MINUTE) throw badRequest('Invalid body: starts_at (must be now or later)', { starts_at: 'Must be now or later' });
      const start = Math.max(at, body.starts_at !== null ? body.starts_at * 1000 : row.starts_at ? new Date(row.starts_at).getTime() : at);
      const done = await db.transaction(async (tx) => {
        await repo.lockModel(tx, row.model_id);
        if ((await busyOf(tx, row.model_id, new Date(start), new Date(start + row.duration_minutes * MINUTE), row.id)).length > 0) throw slotTaken();
        return repo.transition(tx, id, ['requested'], 'scheduled', now(), { set: 'starts_at = $4', params: [new Date(start)] });
      });
      if (!done) throw wrongStatus((await viewRow(id))?.status ?? 'expired');
      await announce(done, 'requested');
      // Accepted for now: it starts at once, not at the next job tick.
      if (start <= now().getTime()) await startIfDue(id);
      return service.toPlaydate(id, viewer);
    },

    async decline(id: number, viewer: AuthContext, body: PlaydateDeclineBody): Promise<Playdate> {
      await hers(id, viewer);
      const done = await change(id, ['requested'], 'declined', { set: 'decline_reason = $4', params: [body.reason ? body.reason : null] }, release);
      return answer(done, id, viewer);
    },

    async cancelByModel(id: number, viewer: AuthContext): Promise<Playdate> {
      await hers(id, viewer);
      const done = await change(id, ['requested', 'scheduled'], 'cancelled', {}, release);
      return answer(done, id, viewer);
    },

    async endPublic(id: number, viewer: AuthContext): Promise<Playdate> {
      const row = await hers(id, viewer);
      if (row.kind !== 'public') throw wrongStatus(row.status);
      const done = await change(id, ['live'], 'finished', {
        set: 'ended_at = $2, duration_minutes = GREATEST(1, CEIL(EXTRACT(EPOCH FROM ($2 - p.starts_at)) / 60)::int)',
      });
      return answer(done, id, viewer);
    },

    // ---- The team ----

    limits: (): Promise<PlaydateLimits> => repo.limits(db),

    async setLimits(limits: PlaydateLimits): Promise<PlaydateLimits> {
      await db.transaction((tx) => repo.saveLimits(tx, limits, now()));
      return repo.limits(db);
    },

    // ---- The durable steps (jobs and the sweep) ----

    expireIfDue,
    startIfDue,
    missedIfDue,
    endIfDue,
    remindIfDue,

    /** Every overdue step of every playdate: the backstop of lost jobs and restarts. Answers the steps done. */
    async sweep(): Promise<number> {
      const limits = await repo.limits(db);
      const due = await repo.dueIds(db, now(), limits.start_grace_minutes, PLAYDATE_REMINDER_MINUTES);
      let done = 0;
      const run = async (ids: number[], step: (id: number) => Promise<unknown>) => {
        for (const id of ids) {
          try {
            if (await step(id)) done += 1;
          } catch (err) {
            log.error({ err, playdateId: id }, 'playdate sweep step failed');
          }
        }
      };
      await run(due.expire, expireIfDue);
      await run(due.start, startIfDue);
      await run(due.missed, missedIfDue);
      await run(due.end, endIfDue);
      await run(due.remind, remindIfDue);
      return done;
    },
  };

  return service;
}

export type PlaydatesService = ReturnType<typeof createPlaydatesService>;
