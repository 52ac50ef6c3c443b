import {
  CHAT_END_CODES,
  CHAT_ERROR_CODES,
  CHAT_MESSAGE_MAX,
  REALTIME_CHAT_EVENTS,
  roomName,
  type ChatMutedEvent,
  type ChatParticipant,
  type ChatSettingsEvent,
  type StudioChat,
  type StudioChatSettingsBody,
} from '@velora/shared';
import { badRequest, forbidden, notFound } from '../../lib/http-error';
import { isDbId } from '../../lib/paging';
import type { CameraInfo } from '../cameras/cameras.service';
import type { AuthContext } from '../sessions/sessions.service';
import { unix, type ChatSessionsContext } from './chat-sessions-context';
import { chatSessionsRepository as repo } from './chat-sessions.repository';

// The model's side of her chat room, in the studio (decision records 037, 039): who is in it and what she earned,
// its settings, and the people rules (mutes, kicks, bans).

export function chatModeration(ctx: ChatSessionsContext) {
  const { deps, listeners, settingsOf, tellModel, endSession } = ctx;
  const { db, now, realtime, log } = deps;

  async function ownCamera(viewer: AuthContext): Promise<CameraInfo> {
    if (viewer.modelId === null) throw forbidden('Only model accounts have a chat room');
    const camera = await deps.cameras.infoByModel(viewer.modelId);
    if (!camera) throw notFound('You have no camera yet: open your studio to make it');
    return camera;
  }

  async function requireOtherUser(viewer: AuthContext, userId: number): Promise<void> {
    if (userId === viewer.userId) throw badRequest('Invalid params: user_id (Must be someone else than you)', { user_id: 'Must be someone else than you' });
    if (!isDbId(userId) || !(await repo.userExists(db, userId))) throw notFound(`No user with id ${userId}`);
  }

  async function removeFromRooms(cameraId: number, userId: number, reason: { code: string; message: string }): Promise<void> {
    realtime.removeUserFromRoom(userId, roomName('chat', cameraId), reason);
    realtime.removeUserFromRoom(userId, roomName('camera', cameraId), reason);
  }

  async function studioChat(camera: CameraInfo): Promise<StudioChat> {
    const at = now();
    const [presence, open, settings, bans, mutes] = await Promise.all([
      realtime.presence(roomName('chat', camera.id)),
      repo.openOfCamera(db, camera.id),
      settingsOf(camera.id),
      repo.bans(db, camera.id),
      repo.mutes(db, camera.id, at),
    ]);
    const modelUsers = new Set(await repo.modelUserIds(db, camera.modelId));
    const sessionOf = new Map(open.map((s) => [s.user_id, s]));
    const ids = [...new Set([...presence.members.filter((id) => !modelUsers.has(id)), ...open.map((s) => s.user_id)])];
    const names = await repo.names(db, ids);
    const participants: ChatParticipant[] = ids.map((userId) => {
      const s = sessionOf.get(userId);
      const muted = mutes.get(userId);
      return {
        user_id: userId,
        name: names.get(userId) ?? '',
        session_kind: s?.kind ?? null,
        since: s ? unix(s.started_at) : null,
        minutes_charged: s?.minutes_charged ?? 0,
        coins_charged: s ? Number(s.coins_charged) : 0,
        muted_until: muted ? unix(muted) : null,
      };
    });
    const since = camera.liveSince === null ? null : new Date(camera.liveSince * 1000);
    const earned = since ? await repo.earnings(db, camera.id, camera.modelId, since) : null;
    return {
      camera_id: camera.id,
      participants,
      readers: presence.visitors + participants.filter((p) => p.session_kind === null).length,
      settings,
      bans: bans.map((b) => ({ user_id: Number(b.user_id), name: b.name, banned_at: unix(b.banned_at) })),
      earnings: {
        since: camera.liveSince,
        paid_minutes: earned?.paid_minutes ?? 0,
        chat_coins: Number(earned?.chat_coins ?? 0),
        tip_coins: Number(earned?.tip_coins ?? 0),
        model_coins: Number(earned?.chat_model_coins ?? 0) + Number(earned?.tip_model_coins ?? 0),
      },
    };
  }

  return {
    async studio(viewer: AuthContext): Promise<StudioChat> {
      return studioChat(await ownCamera(viewer));
    },

    async saveSettings(viewer: AuthContext, body: StudioChatSettingsBody): Promise<StudioChat> {
      const camera = await ownCamera(viewer);
      // One entry per word, case-insensitively: the filter matches without case.
      const words = [...new Map(body.banned_words.map((w) => [w.toLowerCase(), w])).values()];
      await repo.saveSettings(db, camera.id, { slow_mode_seconds: body.slow_mode_seconds, banned_words: words });
      const event: ChatSettingsEvent = { camera_id: camera.id, settings: { slow_mode_seconds: body.slow_mode_seconds, message_max: CHAT_MESSAGE_MAX } };
      realtime.toRoom(roomName('chat', camera.id), REALTIME_CHAT_EVENTS.settings, event);
      return studioChat(camera);
    },

    async mute(viewer: AuthContext, userId: number, minutes: number): Promise<void> {
      const camera = await ownCamera(viewer);
      await requireOtherUser(viewer, userId);
      const until = minutes === 0 ? null : new Date(now().getTime() + minutes * 60_000);
      if (until) await repo.mute(db, camera.id, userId, until);
      else await repo.unmute(db, camera.id, userId);
      const event: ChatMutedEvent = { camera_id: camera.id, muted_until: until ? unix(until) : null };
      realtime.toUser(userId, REALTIME_CHAT_EVENTS.muted, event);
      await tellModel(camera.id, camera.modelId);
    },

    async kick(viewer: AuthContext, userId: number): Promise<void> {
      const camera = await ownCamera(viewer);
      await requireOtherUser(viewer, userId);
      const open = await repo.open(db, camera.id, userId);
      if (open) await endSession(open.id, CHAT_END_CODES.hostKick);
      await removeFromRooms(camera.id, userId, { code: 'CHAT_KICKED', message: 'The model has taken you out of her chat' });
      await tellModel(camera.id, camera.modelId);
    },

    async ban(viewer: AuthContext, userId: number): Promise<void> {
      const camera = await ownCamera(viewer);
      await requireOtherUser(viewer, userId);
      // The ban first: from here on neither entering nor joining lets him back while his session ends.
      await repo.ban(db, camera.id, userId, now());
      const open = await repo.open(db, camera.id, userId);
      if (open) await endSession(open.id, CHAT_END_CODES.hostKick);
      await removeFromRooms(camera.id, userId, { code: CHAT_ERROR_CODES.banned, message: 'The model has banned you from her chat' });
      for (const listener of listeners.banned) {
        try {
          listener(camera.id, userId);
        } catch (err) {
          log.error({ err, cameraId: camera.id, userId }, 'chat ban listener failed');
        }
      }
      await tellModel(camera.id, camera.modelId);
    },

    async unban(viewer: AuthContext, userId: number): Promise<void> {
      const camera = await ownCamera(viewer);
      if (!isDbId(userId) || !(await repo.unban(db, camera.id, userId))) throw notFound(`User ${userId} is not banned from your chat`);
      await tellModel(camera.id, camera.modelId);
    },
  };
}
