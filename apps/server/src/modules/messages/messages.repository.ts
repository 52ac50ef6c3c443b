import type { SiteMessageGroup } from '@velora/shared';
import type { Queryable } from '../../db/database';

export type ConversationKind = 'direct' | 'site' | 'playdate';

export interface ConversationRow {
  id: number;
  kind: ConversationKind;
  user_low: number | null;
  user_high: number | null;
  playdate_id: number | null;
}

export interface MessageRow {
  id: number;
  conversation_id: number;
  sender_id: number | null;
  body: string;
  subject: string | null;
  site_group: SiteMessageGroup | null;
  created_at: Date;
}

/** A participant's own view of a conversation. */
export interface ParticipantState {
  last_read_id: number;
  cleared_up_to_id: number;
  /** How far the other participants have read (the highest of them): whether my messages were read. */
  others_read_id: number;
}

export interface RecipientRow {
  model_id: number;
  name_en: string;
  username: string | null;
}

export interface InboxRow extends ConversationRow, ParticipantState {
  unread: number;
  last_id: number;
  last_sender_id: number | null;
  last_body: string;
  last_subject: string | null;
  last_site_group: SiteMessageGroup | null;
  last_created_at: Date;
}

/** A message with its conversation (whose id is conversation_id) and whether the user has read it. */
export type NewMessageRow = MessageRow & Omit<ConversationRow, 'id'> & { read: boolean };

export interface UserRow {
  id: number;
  username: string;
  chatname: string | null;
  avatar: number | null;
  model_id: number | null;
  model_name: string | null;
}

export interface PlaydateRow {
  id: number;
  model_id: number;
  model_name: string;
  /** The model's first account: whom the member writes to. */
  model_account_id: number | null;
  kind: 'public' | 'private';
  member_id: number | null;
  title: string;
  starts_at: Date;
}

export interface PopupRow {
  id: number;
  subject: string | null;
  body: string;
  site_group: SiteMessageGroup;
  created_at: Date;
}

export interface NewMessage {
  conversationId: number;
  senderId: number | null;
  body: string;
  subject?: string | null;
  group?: SiteMessageGroup | null;
  popup?: boolean;
  createdAt: Date;
}

const MESSAGE_COLUMNS = 'm.id, m.conversation_id, m.sender_id, m.body, m.subject, m.site_group, m.created_at';
const CONVERSATION_COLUMNS = 'c.kind, c.user_low, c.user_high, c.playdate_id';

/** `m` is visible to user `$u`: not before what they cleared and not hidden by them. */
const visibleTo = (user: string, participant: string) =>
  `m.id > ${participant}.cleared_up_to_id AND NOT EXISTS (SELECT 1 FROM hidden_messages h WHERE h.user_id = ${user} AND h.message_id = m.id)`;

const USER_COLUMNS = 'u.id, u.username, u.chatname, u.avatar, u.model_id, mo.name_en AS model_name';

export const messagesRepository = {
  // ---- People and playdates ----

  async userByName(db: Queryable, name: string): Promise<UserRow | null> {
    const rows = await db.query<UserRow>(
      `SELECT ${USER_COLUMNS} FROM users u LEFT JOIN models mo ON mo.id = u.model_id WHERE lower(u.username) = lower($1)`,
      [name],
    );
    return rows[0] ?? null;
  },

  usersByIds(db: Queryable, ids: number[]): Promise<UserRow[]> {
    return db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users u LEFT JOIN models mo ON mo.id = u.model_id WHERE u.id = ANY($1::int[])`, [ids]);
  },

  /** The accounts of a model (users whose model_id is it), oldest first: the first one is the model's message name. */
  modelAccounts(db: Queryable, modelId: number): Promise<UserRow[]> {
    return db.query<UserRow>(
      `SELECT ${USER_COLUMNS} FROM users u JOIN models mo ON mo.id = u.model_id WHERE u.model_id = $1 ORDER BY u.id`,
      [modelId],
    );
  },

  /**
   * Models whose name contains `search` (any case; empty: all), for starting a conversation: those with an account
   * first, then names starting with it, then by name. `username` is the model's first account, null when she has none.
   */
  recipients(db: Queryable, search: string, excludeModelId: number | null, limit: number): Promise<RecipientRow[]> {
    const pattern = search.replace(/[\\%_]/g, (c) => `\\${c}`);
    return db.query<RecipientRow>(
      `SELECT * FROM (
         SELECT m.id AS model_id, m.name_en,
                (SELECT u.username FROM users u WHERE u.model_id = m.id ORDER BY u.id LIMIT 1) AS username
           FROM models m
          WHERE m.name_en ILIKE '%' || $1 || '%' AND ($2::int IS NULL OR m.id <> $2::int)
       ) r
       ORDER BY (r.username IS NULL), (r.name_en ILIKE $1 || '%') DESC, lower(r.name_en), r.model_id
       LIMIT $3`,
      [pattern, excludeModelId, limit],
    );
  },

  /** Whether the model's live cam is on air (an open session; the cameras module's tables). */
  async modelOnAir(db: Queryable, modelId: number): Promise<boolean> {
    const rows = await db.query<{ on_air: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM cameras c JOIN camera_sessions s ON s.camera_id = c.id AND s.ended_at IS NULL WHERE c.model_id = $1) AS on_air`,
      [modelId],
    );
    return rows[0]?.on_air ?? false;
  },

  playdatesByIds(db: Queryable, ids: number[]): Promise<PlaydateRow[]> {
    return db.query<PlaydateRow>(
      `SELECT p.id, p.model_id, mo.name_en AS model_name, p.kind, p.member_id, p.title, p.starts_at,
              (SELECT u.id FROM users u WHERE u.model_id = p.model_id ORDER BY u.id LIMIT 1) AS model_account_id
         FROM playdates p JOIN models mo ON mo.id = p.model_id
        WHERE p.id = ANY($1::int[])`,
      [ids],
    );
  },

  async insertPlaydate(
    db: Queryable,
    p: {
      modelId: number;
      kind: 'public' | 'private';
      memberId: number | null;
      title: string;
      startsAt: Date;
      durationMinutes: number;
      createdAt: Date;
      /** A private playdate has a price (migration 0015); default 10 coins a minute. */
      pricePerMinute?: number;
      status?: 'scheduled' | 'finished';
    },
  ): Promise<number> {
    const price = p.kind === 'private' ? (p.pricePerMinute ?? 10) : null;
    const rows = await db.query<{ id: number }>(
      `INSERT INTO playdates (model_id, kind, member_id, title, starts_at, duration_minutes, created_at, price_per_minute, status)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
      [p.modelId, p.kind, p.memberId, p.title, p.startsAt, p.durationMinutes, p.createdAt, price, p.status ?? 'scheduled'],
    );
    return rows[0]!.id;
  },

  // ---- Conversations ----

  async findDirect(db: Queryable, a: number, b: number): Promise<ConversationRow | null> {
    const rows = await db.query<ConversationRow>(
      `SELECT c.id, ${CONVERSATION_COLUMNS} FROM conversations c WHERE c.kind = 'direct' AND c.user_low = $1 AND c.user_high = $2`,
      [Math.min(a, b), Math.max(a, b)],
    );
    return rows[0] ?? null;
  },

  async findSite(db: Queryable, userId: number): Promise<ConversationRow | null> {
    const rows = await db.query<ConversationRow>(
      `SELECT c.id, ${CONVERSATION_COLUMNS} FROM conversations c WHERE c.kind = 'site' AND c.user_low = $1`,
      [userId],
    );
    return rows[0] ?? null;
  },

  async findPlaydate(db: Queryable, playdateId: number): Promise<ConversationRow | null> {
    const rows = await db.query<ConversationRow>(
      `SELECT c.id, ${CONVERSATION_COLUMNS} FROM conversations c WHERE c.kind = 'playdate' AND c.playdate_id = $1`,
      [playdateId],
    );
    return rows[0] ?? null;
  },

  /**
   * The conversation between two users, created if needed. ON CONFLICT lets two first messages race: the loser's insert
   * waits for the winner's and then finds its row (a separate statement, so it sees the committed row).
   */
  async ensureDirect(db: Queryable, a: number, b: number): Promise<number> {
    const [low, high] = [Math.min(a, b), Math.max(a, b)];
    const inserted = await db.query<{ id: number }>(
      `INSERT INTO conversations (kind, user_low, user_high) VALUES ('direct', $1, $2)
       ON CONFLICT (user_low, user_high) WHERE kind = 'direct' DO NOTHING RETURNING id`,
      [low, high],
    );
    return inserted[0]?.id ?? (await messagesRepository.findDirect(db, low, high))!.id;
  },

  async ensureSite(db: Queryable, userId: number): Promise<number> {
    const inserted = await db.query<{ id: number }>(
      `INSERT INTO conversations (kind, user_low) VALUES ('site', $1) ON CONFLICT (user_low) WHERE kind = 'site' DO NOTHING RETURNING id`,
      [userId],
    );
    return inserted[0]?.id ?? (await messagesRepository.findSite(db, userId))!.id;
  },

  async ensurePlaydate(db: Queryable, playdateId: number): Promise<number> {
    const inserted = await db.query<{ id: number }>(
      `INSERT INTO conversations (kind, playdate_id) VALUES ('playdate', $1) ON CONFLICT (playdate_id) WHERE kind = 'playdate' DO NOTHING RETURNING id`,
      [playdateId],
    );
    return inserted[0]?.id ?? (await messagesRepository.findPlaydate(db, playdateId))!.id;
  },

  async addParticipants(db: Queryable, conversationId: number, userIds: number[]): Promise<void> {
    await db.query(
      `INSERT INTO conversation_participants (conversation_id, user_id)
       SELECT $1, u FROM unnest($2::int[]) AS u ON CONFLICT DO NOTHING`,
      [conversationId, userIds],
    );
  },

  async participantIds(db: Queryable, conversationId: number): Promise<number[]> {
    const rows = await db.query<{ user_id: number }>('SELECT user_id FROM conversation_participants WHERE conversation_id = $1 ORDER BY user_id', [
      conversationId,
    ]);
    return rows.map((r) => r.user_id);
  },

  async participantState(db: Queryable, conversationId: number, userId: number): Promise<ParticipantState | null> {
    const rows = await db.query<ParticipantState>(
      `SELECT p.last_read_id, p.cleared_up_to_id,
              (SELECT coalesce(max(o.last_read_id), 0) FROM conversation_participants o
                WHERE o.conversation_id = p.conversation_id AND o.user_id <> p.user_id) AS others_read_id
         FROM conversation_participants p
        WHERE p.conversation_id = $1 AND p.user_id = $2`,
      [conversationId, userId],
    );
    return rows[0] ?? null;
  },

  // ---- Messages ----

  async insertMessage(db: Queryable, m: NewMessage): Promise<MessageRow> {
    const rows = await db.query<MessageRow>(
      `INSERT INTO messages AS m (conversation_id, sender_id, body, subject, site_group, popup, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       RETURNING ${MESSAGE_COLUMNS}`,
      [m.conversationId, m.senderId, m.body, m.subject ?? null, m.group ?? null, m.popup ?? false, m.createdAt],
    );
    return rows[0]!;
  },

  /** A page of what `userId` sees of a conversation, newest first, one more than `limit` to tell whether more exist. */
  page(db: Queryable, conversationId: number, userId: number, clearedUpTo: number, before: number | null, limit: number): Promise<MessageRow[]> {
    return db.query<MessageRow>(
      `SELECT ${MESSAGE_COLUMNS} FROM messages m
        WHERE m.conversation_id = $1 AND m.id > $3 AND ($4::bigint IS NULL OR m.id < $4)
          AND NOT EXISTS (SELECT 1 FROM hidden_messages h WHERE h.user_id = $2 AND h.message_id = m.id)
        ORDER BY m.id DESC
        LIMIT $5`,
      [conversationId, userId, clearedUpTo, before, limit + 1],
    );
  },

  async messageInConversation(db: Queryable, conversationId: number, messageId: number): Promise<boolean> {
    const rows = await db.query<{ found: boolean }>('SELECT EXISTS (SELECT 1 FROM messages WHERE id = $1 AND conversation_id = $2) AS found', [
      messageId,
      conversationId,
    ]);
    return rows[0]?.found ?? false;
  },

  async hide(db: Queryable, userId: number, messageId: number, at: Date): Promise<void> {
    await db.query('INSERT INTO hidden_messages (user_id, message_id, hidden_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [userId, messageId, at]);
  },

  /** Reads everything up to the newest message; never moves backwards. Returns the pointer before and after. */
  async markRead(db: Queryable, conversationId: number, userId: number): Promise<{ before: number; after: number } | null> {
    const rows = await db.query<{ before: number; after: number }>(
      `UPDATE conversation_participants p
          SET last_read_id = greatest(p.last_read_id, coalesce((SELECT max(m.id) FROM messages m WHERE m.conversation_id = p.conversation_id), 0))
         FROM conversation_participants old
        WHERE p.conversation_id = $1 AND p.user_id = $2 AND old.conversation_id = p.conversation_id AND old.user_id = p.user_id
        RETURNING old.last_read_id AS before, p.last_read_id AS after`,
      [conversationId, userId],
    );
    return rows[0] ?? null;
  },

  /** "Delete conversation" for one participant: everything up to the newest message leaves their view. */
  async clear(db: Queryable, conversationId: number, userId: number): Promise<void> {
    const rows = await db.query<{ cleared_up_to_id: number }>(
      `UPDATE conversation_participants p
          SET cleared_up_to_id = greatest(p.cleared_up_to_id, coalesce((SELECT max(m.id) FROM messages m WHERE m.conversation_id = p.conversation_id), 0))
        WHERE p.conversation_id = $1 AND p.user_id = $2
        RETURNING p.cleared_up_to_id`,
      [conversationId, userId],
    );
    const upTo = rows[0]?.cleared_up_to_id;
    if (upTo === undefined) return;
    // Hiding one of them too is no longer needed.
    await db.query(
      `DELETE FROM hidden_messages h USING messages m
        WHERE h.user_id = $1 AND h.message_id = m.id AND m.conversation_id = $2 AND m.id <= $3`,
      [userId, conversationId, upTo],
    );
  },

  // ---- Inbox, counts, polling ----

  async inboxCount(db: Queryable, userId: number): Promise<number> {
    const rows = await db.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM conversation_participants p
        WHERE p.user_id = $1
          AND EXISTS (SELECT 1 FROM messages m WHERE m.conversation_id = p.conversation_id AND ${visibleTo('$1', 'p')})`,
      [userId],
    );
    return rows[0]?.total ?? 0;
  },

  /** Conversations with a message the user sees, the newest last message first, each with it and its unread count. */
  inboxPage(db: Queryable, userId: number, limit: number, offset: number): Promise<InboxRow[]> {
    return db.query<InboxRow>(
      `SELECT c.id, ${CONVERSATION_COLUMNS}, p.last_read_id, p.cleared_up_to_id,
              (SELECT coalesce(max(o.last_read_id), 0) FROM conversation_participants o
                WHERE o.conversation_id = p.conversation_id AND o.user_id <> p.user_id) AS others_read_id,
              (SELECT count(*) FROM messages m
                WHERE m.conversation_id = p.conversation_id AND m.id > greatest(p.last_read_id, p.cleared_up_to_id)
                  AND m.sender_id IS DISTINCT FROM $1
                  AND NOT EXISTS (SELECT 1 FROM hidden_messages h WHERE h.user_id = $1 AND h.message_id = m.id))::int AS unread,
              lm.id AS last_id, lm.sender_id AS last_sender_id, lm.body AS last_body, lm.subject AS last_subject,
              lm.site_group AS last_site_group, lm.created_at AS last_created_at
         FROM conversation_participants p
         JOIN conversations c ON c.id = p.conversation_id
         CROSS JOIN LATERAL (
           SELECT m.id, m.sender_id, m.body, m.subject, m.site_group, m.created_at FROM messages m
            WHERE m.conversation_id = p.conversation_id AND ${visibleTo('$1', 'p')}
            ORDER BY m.id DESC LIMIT 1
         ) lm
        WHERE p.user_id = $1
        ORDER BY lm.id DESC
        LIMIT $2 OFFSET $3`,
      [userId, limit, offset],
    );
  },

  /** Messages to the user they have not read (nor cleared, nor hidden), over all their conversations. */
  async unreadTotal(db: Queryable, userId: number): Promise<number> {
    const rows = await db.query<{ total: number }>(
      `SELECT count(*)::int AS total
         FROM conversation_participants p
         JOIN messages m ON m.conversation_id = p.conversation_id AND m.id > greatest(p.last_read_id, p.cleared_up_to_id)
        WHERE p.user_id = $1 AND m.sender_id IS DISTINCT FROM $1
          AND NOT EXISTS (SELECT 1 FROM hidden_messages h WHERE h.user_id = $1 AND h.message_id = m.id)`,
      [userId],
    );
    return rows[0]?.total ?? 0;
  },

  /** Messages to the user created after `sinceMs` (unix ms, compared exactly), oldest first, at most `limit`. */
  newMessages(db: Queryable, userId: number, sinceMs: number, limit: number): Promise<NewMessageRow[]> {
    return db.query<NewMessageRow>(
      `SELECT ${MESSAGE_COLUMNS}, ${CONVERSATION_COLUMNS}, (m.id <= p.last_read_id) AS read
         FROM conversation_participants p
         JOIN conversations c ON c.id = p.conversation_id
         JOIN messages m ON m.conversation_id = p.conversation_id
                          AND m.created_at > timestamptz 'epoch' + $2::bigint * interval '1 millisecond'
        WHERE p.user_id = $1 AND m.sender_id IS DISTINCT FROM $1 AND ${visibleTo('$1', 'p')}
        ORDER BY m.created_at, m.id
        LIMIT $3`,
      [userId, sinceMs, limit],
    );
  },

  // ---- Site messages ----

  async unsubscribedGroups(db: Queryable, userId: number): Promise<SiteMessageGroup[]> {
    const rows = await db.query<{ site_group: SiteMessageGroup }>(
      'SELECT site_group FROM site_message_unsubscriptions WHERE user_id = $1 ORDER BY site_group',
      [userId],
    );
    return rows.map((r) => r.site_group);
  },

  async isUnsubscribed(db: Queryable, userId: number, group: SiteMessageGroup): Promise<boolean> {
    const rows = await db.query<{ found: boolean }>(
      'SELECT EXISTS (SELECT 1 FROM site_message_unsubscriptions WHERE user_id = $1 AND site_group = $2) AS found',
      [userId, group],
    );
    return rows[0]?.found ?? false;
  },

  async unsubscribe(db: Queryable, userId: number, group: SiteMessageGroup, at: Date): Promise<void> {
    await db.query('INSERT INTO site_message_unsubscriptions (user_id, site_group, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
      userId,
      group,
      at,
    ]);
  },

  async resubscribe(db: Queryable, userId: number, group: SiteMessageGroup): Promise<void> {
    await db.query('DELETE FROM site_message_unsubscriptions WHERE user_id = $1 AND site_group = $2', [userId, group]);
  },

  /**
   * Takes the newest popup site message of the user that was not shown yet, marking it shown in the same statement:
   * of two concurrent calls one gets it, the other finds popup_shown_at set when it re-checks the locked row.
   */
  async takePopup(db: Queryable, userId: number, at: Date): Promise<PopupRow | null> {
    const rows = await db.query<PopupRow>(
      `UPDATE messages SET popup_shown_at = $2
        WHERE popup_shown_at IS NULL AND id = (
          SELECT m.id FROM conversations c
            JOIN conversation_participants p ON p.conversation_id = c.id AND p.user_id = $1
            JOIN messages m ON m.conversation_id = c.id
           WHERE c.kind = 'site' AND c.user_low = $1 AND m.popup AND m.popup_shown_at IS NULL AND ${visibleTo('$1', 'p')}
           ORDER BY m.id DESC LIMIT 1)
        RETURNING id, subject, body, site_group, created_at`,
      [userId, at],
    );
    return rows[0] ?? null;
  },
};
