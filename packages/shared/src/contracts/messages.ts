import { z } from 'zod';
import { clampPage } from '../rules/page-query';
import { hasControlCharacters } from '../rules/plain-text';
import { NOT_VALID_UNICODE, plainLine, plainLines, wellFormed } from './common';

// Messages (product §7 Messages). A conversation is seen from the viewer's side: `with` names the other
// party by the path segment the app uses, `/messages/{with}`. Times are unix milliseconds, so the
// polling cursor (`last_message_timestamp`) can tell two messages of the same second apart.

/** The provider's own inbox of site messages: `/messages/velora`. Reserved as a username. */
export const PROVIDER_INBOX_SEGMENT = 'velora';
/** Path segments under /messages that are calls, not people: none of them can be a username. */
export const RESERVED_MESSAGE_SEGMENTS = [
  PROVIDER_INBOX_SEGMENT,
  'new_messages',
  'playdate',
  'playdate_cameras',
  'recipients',
  'transactional',
  'unsubscribe',
] as const;

export const MESSAGE_TEXT_MAX = 2000;
export const INBOX_PER_PAGE = 20;
export const CONVERSATION_PAGE_SIZE = 50;

/** Site-message groups a user may unsubscribe from. `account` messages (receipts, security) always arrive. */
export const SITE_MESSAGE_GROUPS = ['news', 'offers', 'playdates', 'account'] as const;
export type SiteMessageGroup = (typeof SITE_MESSAGE_GROUPS)[number];
export const UNSUBSCRIBABLE_GROUPS = ['news', 'offers', 'playdates'] as const satisfies readonly SiteMessageGroup[];

const pageParam = z
  .string()
  .regex(/^-?\d+$/, 'Must be a whole number')
  .optional()
  .transform((v) => clampPage(v));

/** Plain text; trimmed; never HTML (the app renders it as text). */
export const MessageText = z
  .string()
  .trim()
  .min(1, 'Write a message first')
  .max(MESSAGE_TEXT_MAX, `Must be at most ${MESSAGE_TEXT_MAX} characters`)
  .check(...plainLines());

export const CorrespondentKind = z.enum(['member', 'model', 'site']);
export const Correspondent = z
  .object({
    kind: CorrespondentKind,
    /** The path segment: a username, or PROVIDER_INBOX_SEGMENT for the site. */
    name: z.string(),
    /** What to show: the chat name or username; a model's name; the product name for the site. */
    display_name: z.string(),
    /** Avatar URL (product §3 avatar rule), null for the site. */
    avatar: z.string().nullable(),
    model_id: z.number().int().nullable(),
  })
  .meta({ id: 'Correspondent' });
export type Correspondent = z.infer<typeof Correspondent>;

export const Message = z
  .object({
    id: z.number().int(),
    /** The other party's segment, as in Correspondent.name. */
    with: z.string(),
    /** Set for the offline messages of a playdate (`/playdate-messages/{id}`). */
    playdate_id: z.number().int().nullable(),
    from_me: z.boolean(),
    text: z.string(),
    /** Site messages only. */
    subject: z.string().nullable(),
    group: z.enum(SITE_MESSAGE_GROUPS).nullable(),
    /** Unix ms. */
    created_at: z.number().int(),
    /** To me: I have read it. From me: the other party has read it. */
    read: z.boolean(),
  })
  .meta({ id: 'Message' });
export type Message = z.infer<typeof Message>;

export const ConversationSummary = z
  .object({
    with: Correspondent,
    playdate_id: z.number().int().nullable(),
    last_message: Message.nullable(),
    unread: z.number().int(),
    /** Unix ms of the last message. */
    updated_at: z.number().int(),
  })
  .meta({ id: 'ConversationSummary' });
export type ConversationSummary = z.infer<typeof ConversationSummary>;

/** GET /messages?page */
export const InboxQuery = z.object({ page: pageParam });
export const Inbox = z
  .object({
    conversations: z.array(ConversationSummary),
    page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
    pages: z.number().int(),
    unread_total: z.number().int(),
  })
  .meta({ id: 'Inbox' });
export type Inbox = z.infer<typeof Inbox>;

/** GET /messages/new_messages?last_message_timestamp (unix ms; 0 or absent: just the unread total). */
export const NewMessagesQuery = z.object({
  last_message_timestamp: z
    .string()
    .regex(/^\d{1,15}$/, 'Must be unix milliseconds')
    .optional()
    .transform((v) => (v === undefined ? 0 : Number(v))),
});
export const NewMessages = z
  .object({
    /** Messages to the viewer newer than the timestamp, oldest first, at most 100. */
    messages: z.array(Message),
    unread_total: z.number().int(),
    /** Unix ms: pass it back as the next last_message_timestamp. */
    server_time: z.number().int(),
  })
  .meta({ id: 'NewMessages' });
export type NewMessages = z.infer<typeof NewMessages>;

export const PlaydateRef = z.object({
  id: z.number().int(),
  title: z.string(),
  kind: z.enum(['public', 'private']),
  starts_at: z.number().int().describe('Unix ms'),
  model: z.object({ id: z.number().int(), name_en: z.string() }),
});
export type PlaydateRef = z.infer<typeof PlaydateRef>;

/** GET /messages/{name}?before, GET /messages/playdate/{id}?before: newest page, oldest first. */
export const ConversationQuery = z.object({
  before: z
    .string()
    .regex(/^\d{1,15}$/, 'Must be a message id')
    .optional()
    .transform((v) => (v === undefined ? undefined : Number(v))),
});
export const Conversation = z
  .object({
    with: Correspondent,
    playdate: PlaydateRef.nullable(),
    messages: z.array(Message),
    /** Older messages exist: ask again with before = the first message's id. */
    has_more: z.boolean(),
    /** False for the site inbox (it takes no replies) and for someone who cannot be written to. */
    can_reply: z.boolean(),
    /** Site inbox only: the groups the viewer has unsubscribed from. */
    unsubscribed_groups: z.array(z.enum(SITE_MESSAGE_GROUPS)),
  })
  .meta({ id: 'Conversation' });
export type Conversation = z.infer<typeof Conversation>;

export const ConversationNameParam = z.object({
  // A control character names nobody, and a NUL would reach PostgreSQL as a 500.
  name: z
    .string()
    .min(1)
    .max(64)
    .refine((v) => !hasControlCharacters(v), 'Must be a username')
    .refine(wellFormed, NOT_VALID_UNICODE),
});
/** POST /messages/{name}/send, POST /messages/playdate/{id} */
export const SendMessageBody = z.object({ text: MessageText });
export type SendMessageBody = z.infer<typeof SendMessageBody>;
/** POST /messages/{name}/read: marks everything up to now read. */
export const UnreadTotal = z.object({ unread_total: z.number().int() }).meta({ id: 'UnreadTotal' });
export type UnreadTotal = z.infer<typeof UnreadTotal>;

/** GET /messages/transactional/popup: the newest unshown popup message, marked shown by this call. */
export const TransactionalPopup = z
  .object({
    message: z
      .object({
        id: z.number().int(),
        subject: z.string().nullable(),
        text: z.string(),
        group: z.enum(SITE_MESSAGE_GROUPS),
        created_at: z.number().int(),
      })
      .nullable(),
  })
  .meta({ id: 'TransactionalPopup' });
export type TransactionalPopup = z.infer<typeof TransactionalPopup>;

/** PUT /messages/unsubscribe/{group}; body `{subscribe: true}` undoes it. */
export const UnsubscribeGroupParam = z.object({ group: z.enum(UNSUBSCRIBABLE_GROUPS) });
export const UnsubscribeGroupBody = z.object({ subscribe: z.boolean().optional().default(false) }).optional();
export const UnsubscribedGroups = z.object({ unsubscribed_groups: z.array(z.enum(SITE_MESSAGE_GROUPS)) });
export type UnsubscribedGroups = z.infer<typeof UnsubscribedGroups>;

/** GET /messages/recipients?q: the models a member can start a conversation with, searched by name. */
export const MESSAGE_RECIPIENTS_MAX = 20;
export const RecipientsQuery = z.object({
  q: z
    .string()
    .trim()
    .max(60, 'Must be at most 60 characters')
    .check(...plainLine())
    .optional()
    .transform((v) => v ?? ''),
});
export const MessageRecipient = z
  .object({
    model_id: z.number().int(),
    display_name: z.string(),
    /** 400x400 portrait. */
    avatar: z.string(),
    /** The model account's username, to write to at /messages/{name}; null while she has no account (no inbox yet). */
    name: z.string().nullable(),
  })
  .meta({ id: 'MessageRecipient' });
export type MessageRecipient = z.infer<typeof MessageRecipient>;
export const MessageRecipients = z
  .object({
    /** At most MESSAGE_RECIPIENTS_MAX: names starting with q first, then names containing it; those with an inbox first. */
    recipients: z.array(MessageRecipient),
  })
  .meta({ id: 'MessageRecipients' });
export type MessageRecipients = z.infer<typeof MessageRecipients>;

/** GET /messages/playdate_cameras?id: who the offline messages of playdate `id` go to. */
export const PlaydateCamerasQuery = z.object({ id: z.coerce.number().int().positive('Must be a playdate id') });
export const PlaydateCameras = z.object({
  playdate: PlaydateRef,
  cameras: z.array(
    z.object({
      /** Segment to write to: the model account's username. */
      name: z.string(),
      display_name: z.string(),
      model_id: z.number().int(),
      avatar: z.string().nullable(),
      is_online: z.boolean(),
    }),
  ),
});
export type PlaydateCameras = z.infer<typeof PlaydateCameras>;

// ---- Realtime payloads (event names: REALTIME_EVENTS in contracts/realtime) ----

export const NewMessageEvent = z.object({ message: Message, unread_total: z.number().int() });
export type NewMessageEvent = z.infer<typeof NewMessageEvent>;
export const MessagesReadEvent = z.object({ with: z.string(), playdate_id: z.number().int().nullable(), up_to_id: z.number().int() });
export type MessagesReadEvent = z.infer<typeof MessagesReadEvent>;

/** DELETE /messages/{name}/{messageId}: one message of the conversation with {name}. */
export const MessageParams = ConversationNameParam.extend({
  messageId: z
    .string()
    .regex(/^\d{1,15}$/, 'Must be a message id')
    .transform(Number),
});
