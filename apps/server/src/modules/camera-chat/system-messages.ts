import type { ChatType } from '@velora/shared';

// The messages the server writes into a camera's chat room (decision record 036). Each has a key (the browser shows
// `chat.system.<key>` with its params in the reader's language) and an English text, the fallback stored with it.

export type SystemParams = Record<string, string | number>;

/** The kinds only the server writes. */
export const SYSTEM_CHAT_TYPES = ['advertisement', 'feedback', 'pub_reminders', 'pr_reminders', 'pr_requesting'] as const satisfies readonly ChatType[];
export type SystemChatType = (typeof SYSTEM_CHAT_TYPES)[number];

/** Between two advertisements of one room at least this long … */
export const ADVERTISEMENT_INTERVAL_MS = 15 * 60_000;
/** … and at least this many members' messages: a quiet room gets none, a busy one at most four an hour. */
export const ADVERTISEMENT_AFTER_MESSAGES = 10;
/** A session this long or longer earns the feedback ask when it ends. */
export const FEEDBACK_MIN_SESSION_SECONDS = 60;

const isoMinute = (unixSeconds: number) => `${new Date(unixSeconds * 1000).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** The server's messages of this module: key, params and the English text. */
export const systemMessages = {
  /** advertisement: in a free-chat room, the tip and paid-chat offer. params: { model } */
  advertisement: (p: { model: string }) => ({
    key: 'advertisement',
    params: { model: p.model },
    text: `Enjoying ${p.model}'s show? Send her a tip with the tip button, or meet a model one to one in paid chat.`,
  }),
  /** pub_reminders: her next planned show, to a member entering her room. params: { model, show_id, starts_at, ends_at } (unix seconds) */
  showReminder: (p: { model: string; showId: number; startsAt: number; endsAt: number }) => ({
    key: 'pub_reminder',
    params: { model: p.model, show_id: p.showId, starts_at: p.startsAt, ends_at: p.endsAt },
    text: `${p.model}'s next show starts ${isoMinute(p.startsAt)}.`,
  }),
  /** feedback: to a member whose session ended after a minute or more. params: { model, camera } (camera: its URL name) */
  feedback: (p: { model: string; camera: string }) => ({
    key: 'feedback',
    params: { model: p.model, camera: p.camera },
    text: `How was your chat with ${p.model}? Tell us in a short camera feedback.`,
  }),
} as const;
