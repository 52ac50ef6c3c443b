import { RealtimeError } from '../../lib/realtime-error';
import type { RoomKindDefinition } from '../../lib/realtime-hub';
import type { ChatAccess, ChatWritePermit } from './chat-access';
import { toSession, type ChatSessionsContext } from './chat-sessions-context';
import { chatSessionsRepository as repo } from './chat-sessions.repository';

// Who may read and write in a camera's chat room: the ChatAccess camera chat asks, and the realtime room kind
// `chat:<camera id>` (decision record 037).

export function chatRoomAccess(ctx: ChatSessionsContext) {
  const { deps, listeners, toRoomInfo, settingsOf, isModelOf, isLawLimited } = ctx;
  const { db, now } = deps;

  const roomKind: RoomKindDefinition = {
    // The realtime handshake carries no visit, so the law cannot be judged for a visitor: visitors read nothing.
    visitorsMayJoin: false,
    async authorize(viewer, id) {
      if (!viewer) return false;
      const camera = await deps.cameras.infoById(id);
      if (!camera) throw new RealtimeError('NOT_FOUND', 'There is no such camera');
      if (await isModelOf(viewer.userId, camera)) return true;
      if (await isLawLimited(viewer.userId)) return false;
      return !(await repo.isBanned(db, id, viewer.userId));
    },
  };

  const access: ChatAccess = {
    async roomByName(name) {
      const camera = await deps.cameras.infoByName(name);
      return camera ? toRoomInfo(camera) : null;
    },
    async roomById(cameraId) {
      const camera = await deps.cameras.infoById(cameraId);
      return camera ? toRoomInfo(camera) : null;
    },
    async writePermit(userId, cameraId): Promise<ChatWritePermit> {
      const camera = await deps.cameras.infoById(cameraId);
      if (!camera) return { ok: false, code: 'NOT_FOUND', message: 'There is no such camera' };
      const room = await toRoomInfo(camera);
      const settings = await settingsOf(cameraId);
      if (await isModelOf(userId, camera)) {
        return { ok: true, writer: { userId, name: camera.displayName, role: 'model' }, room, settings, session: null };
      }
      if (await isLawLimited(userId)) return { ok: false, code: 'LAW_LIMITED', message: 'Live cams are not available where you are' };
      if (await repo.isBanned(db, cameraId, userId)) return { ok: false, code: 'CHAT_BANNED', message: 'The model has banned you from her chat' };
      if (!camera.live) return { ok: false, code: 'CAMERA_OFFLINE', message: 'This camera is not live now' };
      const session = await repo.open(db, cameraId, userId);
      if (!session) return { ok: false, code: 'CHAT_NO_SESSION', message: 'Enter the chat first' };
      const mutedUntil = await repo.mutedUntil(db, cameraId, userId, now());
      if (mutedUntil) return { ok: false, code: 'CHAT_MUTED', message: `The model has muted you until ${mutedUntil.toISOString()}` };
      const name = (await repo.names(db, [userId])).get(userId) ?? '';
      return { ok: true, writer: { userId, name, role: 'member' }, room, settings, session: toSession(session) };
    },
    async mayRead(userId, cameraId) {
      if (userId === null) return false;
      const camera = await deps.cameras.infoById(cameraId);
      if (!camera) return false;
      if (await isModelOf(userId, camera)) return true;
      if (await isLawLimited(userId)) return false;
      return !(await repo.isBanned(db, cameraId, userId));
    },
    onBanned(listener) {
      listeners.banned.push(listener);
    },
    onSessionEnded(listener) {
      listeners.ended.push(listener);
    },
  };

  return {
    ...access,

    /** The realtime room kind `chat:<camera id>`. */
    roomKind,
  };
}
