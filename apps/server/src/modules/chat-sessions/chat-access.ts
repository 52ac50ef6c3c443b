import type { ChatMode, ChatSession, StudioChatSettings } from '@velora/shared';

// What the camera-chat module (messages, tier 7) asks of chat sessions (tier 6, decision record 037): whether someone
// may read or write in a camera's chat room now, the room's rules, and what happened to people (a ban, an ended
// session). The chat-sessions service implements it; camera-chat depends on this interface only.

/** The camera behind a chat room, as the chat needs it. */
export interface ChatRoomInfo {
  cameraId: number;
  name: string;
  displayName: string;
  modelId: number;
  /** The model's user account (her messages' author). */
  modelUserId: number;
  live: boolean;
  chatMode: ChatMode;
  pricePerMinute: number | null;
}

/** Who writes, as the room shows them. */
export interface ChatWriter {
  userId: number;
  /** The member's chat name (username when he set none), the model's stage name. */
  name: string;
  role: 'member' | 'model';
}

export type ChatWriteRefusalCode = 'NOT_FOUND' | 'CAMERA_OFFLINE' | 'CHAT_BANNED' | 'CHAT_MUTED' | 'CHAT_NO_SESSION' | 'LAW_LIMITED';

export type ChatWritePermit =
  | {
      ok: true;
      writer: ChatWriter;
      room: ChatRoomInfo;
      /** The room's slow mode and word filter (the model is never slowed or filtered). */
      settings: StudioChatSettings;
      /** Paid or free session of a member; null for the model. */
      session: ChatSession | null;
    }
  | { ok: false; code: ChatWriteRefusalCode; message: string };

export interface ChatAccess {
  /** The room of a camera by its URL name; null when there is no such camera. */
  roomByName(name: string): Promise<ChatRoomInfo | null>;
  roomById(cameraId: number): Promise<ChatRoomInfo | null>;
  /**
   * Whether the user may write in the camera's room now: the model of the camera always (live or not); a member with
   * an open session who is neither banned nor muted, while the camera is live. A law-limited member never.
   */
  writePermit(userId: number, cameraId: number): Promise<ChatWritePermit>;
  /** Whether the user (null: a visitor) may read the room's messages: not banned, not law-limited. */
  mayRead(userId: number | null, cameraId: number): Promise<boolean>;
  /** Told after the model banned a member (camera-chat removes his messages from the room). */
  onBanned(listener: (cameraId: number, userId: number) => void): void;
  /** Told after any session ended, with its code (camera-chat may write a system message). */
  onSessionEnded(listener: (session: ChatSession, userId: number) => void): void;
}
