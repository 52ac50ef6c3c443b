import type { RealtimeAck, ChatSession, ChatMode, StudioChatSettings, ChatMessage } from '@velora/shared';
import { CHAT_CLIENT_EVENTS } from '@velora/shared';
import type { Socket as ClientSocket } from 'socket.io-client';
import { asModel, createCamera, createModel, goLive, type CameraOverrides, type CameraRow, type LoggedIn } from '../factories';
import type { TestApp } from '../test-app';
import type { ChatAccess, ChatRoomInfo, ChatWritePermit } from '../../src/modules/chat-sessions/chat-access';

// Camera chat's tests stand in a small ChatAccess of their own for chat sessions' (decision record 036): the rooms
// are the real cameras (live while a camera session is open), the model is the account naming the camera's model,
// and sessions, mutes, bans, law limits and room settings are what each test sets. It also declares the room kind
// `chat` on the app's hub the way chat sessions will: whoever may read may join.

const key = (cameraId: number, userId: number) => `${cameraId}:${userId}`;

export interface TestChatAccess {
  access: ChatAccess;
  /** Binds it to an app (its database and hub); call after buildTestApp, before connections join rooms. */
  attach(t: TestApp): void;
  openSession(cameraId: number, userId: number, kind?: ChatMode): ChatSession;
  /** Ends the open session `seconds` after it began and tells the listeners, as chat sessions will. */
  endSession(cameraId: number, userId: number, seconds: number, code?: number): ChatSession;
  mute(cameraId: number, userId: number, on?: boolean): void;
  /** Bans and tells the listeners. */
  ban(cameraId: number, userId: number): void;
  lawLimit(userId: number): void;
  setSettings(cameraId: number, settings: Partial<StudioChatSettings>): void;
}

let sessionIds = 0;

export function createTestChatAccess(): TestChatAccess {
  const apps: TestApp[] = [];
  const sessions = new Map<string, ChatSession>();
  const muted = new Set<string>();
  const banned = new Set<string>();
  const lawLimited = new Set<number>();
  const settings = new Map<number, StudioChatSettings>();
  const onBanned: Array<(cameraId: number, userId: number) => void> = [];
  const onEnded: Array<(session: ChatSession, userId: number) => void> = [];

  const db = () => {
    const app = apps[0];
    if (!app) throw new Error('attach the test chat access to an app first');
    return app.deps.db;
  };
  const nowSeconds = () => Math.floor(apps[0]!.deps.now().getTime() / 1000);

  async function room(where: 'id' | 'name', value: number | string): Promise<ChatRoomInfo | null> {
    const rows = await db().query<{
      id: number;
      name: string;
      display_name: string;
      model_id: number;
      model_user_id: number | null;
      live: boolean;
      chat_mode: ChatMode;
      price_per_minute: number | null;
    }>(
      `SELECT c.id, c.name, m.name_en AS display_name, c.model_id, c.chat_mode, c.price_per_minute,
         (SELECT u.id FROM users u WHERE u.model_id = c.model_id ORDER BY u.id LIMIT 1) AS model_user_id,
         EXISTS (SELECT 1 FROM camera_sessions s WHERE s.camera_id = c.id AND s.ended_at IS NULL) AS live
       FROM cameras c JOIN models m ON m.id = c.model_id WHERE c.${where} = $1`,
      [value],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      cameraId: row.id,
      name: row.name,
      displayName: row.display_name,
      modelId: row.model_id,
      modelUserId: row.model_user_id ?? 0,
      live: row.live,
      chatMode: row.chat_mode,
      pricePerMinute: row.price_per_minute,
    };
  }

  async function nameOf(userId: number): Promise<string> {
    const rows = await db().query<{ name: string }>("SELECT coalesce(nullif(chatname, ''), username) AS name FROM users WHERE id = $1", [userId]);
    return rows[0]?.name ?? '?';
  }

  const settingsOf = (cameraId: number): StudioChatSettings => settings.get(cameraId) ?? { slow_mode_seconds: 0, banned_words: [] };

  const access: ChatAccess = {
    roomByName: (name) => room('name', name),
    roomById: (id) => room('id', id),
    async writePermit(userId, cameraId): Promise<ChatWritePermit> {
      const info = await room('id', cameraId);
      if (!info) return { ok: false, code: 'NOT_FOUND', message: `No camera with id ${cameraId}` };
      if (userId === info.modelUserId) {
        return { ok: true, writer: { userId, name: info.displayName, role: 'model' }, room: info, settings: settingsOf(cameraId), session: null };
      }
      if (lawLimited.has(userId)) return { ok: false, code: 'LAW_LIMITED', message: 'Live cams are not available where you are' };
      if (banned.has(key(cameraId, userId))) return { ok: false, code: 'CHAT_BANNED', message: 'The model banned you from her chat room' };
      if (!info.live) return { ok: false, code: 'CAMERA_OFFLINE', message: 'This camera is not live now' };
      const session = sessions.get(key(cameraId, userId));
      if (!session || session.state !== 'open') return { ok: false, code: 'CHAT_NO_SESSION', message: 'Enter the chat first: writing needs a chat session' };
      if (muted.has(key(cameraId, userId))) return { ok: false, code: 'CHAT_MUTED', message: 'The model muted you: you can read but not write for now' };
      return { ok: true, writer: { userId, name: await nameOf(userId), role: 'member' }, room: info, settings: settingsOf(cameraId), session };
    },
    async mayRead(userId, cameraId) {
      if (userId !== null && (lawLimited.has(userId) || banned.has(key(cameraId, userId)))) return false;
      return (await room('id', cameraId)) !== null;
    },
    onBanned: (listener) => void onBanned.push(listener),
    onSessionEnded: (listener) => void onEnded.push(listener),
  };

  return {
    access,
    attach(t) {
      apps.push(t);
      t.deps.realtime.replaceRoomKind('chat', {
        visitorsMayJoin: true,
        authorize: (viewer, id) => access.mayRead(viewer?.userId ?? null, id),
      });
    },
    openSession(cameraId, userId, kind = 'free') {
      const started = nowSeconds();
      const session: ChatSession = {
        id: ++sessionIds,
        camera_id: cameraId,
        kind,
        state: 'open',
        price_per_minute: kind === 'paid' ? 5 : null,
        started_at: started,
        ended_at: null,
        end_code: null,
        minutes_charged: kind === 'paid' ? 1 : 0,
        coins_charged: kind === 'paid' ? 5 : 0,
        paid_until: kind === 'paid' ? started + 60 : null,
        free_seconds_left: kind === 'free' ? 600 : null,
      };
      sessions.set(key(cameraId, userId), session);
      return session;
    },
    endSession(cameraId, userId, seconds, code = 202) {
      const open = sessions.get(key(cameraId, userId));
      if (!open) throw new Error('no session to end');
      const ended: ChatSession = { ...open, state: 'ended', ended_at: open.started_at + seconds, end_code: code };
      sessions.set(key(cameraId, userId), ended);
      for (const listener of onEnded) listener(ended, userId);
      return ended;
    },
    mute(cameraId, userId, on = true) {
      if (on) muted.add(key(cameraId, userId));
      else muted.delete(key(cameraId, userId));
    },
    ban(cameraId, userId) {
      banned.add(key(cameraId, userId));
      sessions.delete(key(cameraId, userId));
      for (const listener of onBanned) listener(cameraId, userId);
    },
    lawLimit: (userId) => void lawLimited.add(userId),
    setSettings(cameraId, changes) {
      settings.set(cameraId, { ...settingsOf(cameraId), ...changes });
    },
  };
}

export type SendAck = RealtimeAck<{ message: ChatMessage }>;

/** Sends a chat message and waits for its acknowledgement. */
export function sendChat(socket: ClientSocket, payload: unknown): Promise<SendAck> {
  return socket.timeout(5_000).emitWithAck(CHAT_CLIENT_EVENTS.send.name, payload) as Promise<SendAck>;
}

/** Joins a camera's chat room; throws when refused. */
export async function joinChat(socket: ClientSocket, cameraId: number): Promise<void> {
  const ack = (await socket.timeout(5_000).emitWithAck('room:join', { room: `chat:${cameraId}` })) as RealtimeAck;
  if (!ack.ok) throw new Error(`join chat:${cameraId} refused: ${ack.error.code} ${ack.error.message}`);
}

export interface ChatRoomFixture {
  camera: CameraRow;
  /** The model's account: the room's model. */
  model: LoggedIn;
  displayName: string;
}

/** A model with an account and a camera, live unless asked otherwise. */
export async function createChatRoom(t: TestApp, o: CameraOverrides & { live?: boolean; displayName?: string } = {}): Promise<ChatRoomFixture> {
  const modelRow = await createModel(t, o.displayName ? { name: o.displayName } : {});
  const model = await asModel(t, { modelId: modelRow.id });
  const camera = await createCamera(t, { ...o, modelId: modelRow.id });
  if (o.live !== false) await goLive(t, camera.id);
  return { camera, model, displayName: modelRow.name_en };
}
