import { INBOX_PER_PAGE, MESSAGE_RECIPIENTS_MAX, type Inbox, type MessageRecipients, type NewMessages, type PlaydateCameras } from '@velora/shared';
import { capPage, offsetOf, pagesOf } from '../../lib/paging';
import type { AuthContext } from '../sessions/sessions.service';
import { conversationResolution } from './conversation-resolution';
import { UNREAD, ms, toMessage, toPlaydateRef, type MessagesContext } from './messages-context';
import { messagesRepository as repo, type ConversationRow, type MessageRow } from './messages.repository';

// The views over all of a member's conversations: the inbox, what is new since the app last looked, whom he may
// start a conversation with, and a playdate's model cameras.

/** GET /messages/new_messages answers at most this many messages. */
export const NEW_MESSAGES_MAX = 100;

export function inbox(ctx: MessagesContext) {
  const { deps, counterparts, countUnread, unreadTotal } = ctx;
  const { db, now, media } = deps;
  const { loadPlaydate } = conversationResolution(ctx);

  return {
    async inbox(viewer: AuthContext, requestedPage: number): Promise<Inbox> {
      const page = capPage(requestedPage);
      const [total, rows, unread] = await Promise.all([
        repo.inboxCount(db, viewer.userId),
        repo.inboxPage(db, viewer.userId, INBOX_PER_PAGE, offsetOf(page, INBOX_PER_PAGE)),
        countUnread(viewer.userId),
      ]);
      const others = await counterparts(viewer.userId, rows, viewer);
      const conversations = rows.flatMap((r) => {
        const other = others.get(r.id);
        if (!other) return [];
        const last: MessageRow = {
          id: r.last_id,
          conversation_id: r.id,
          sender_id: r.last_sender_id,
          body: r.last_body,
          subject: r.last_subject,
          site_group: r.last_site_group,
          created_at: r.last_created_at,
        };
        return [
          {
            with: other,
            playdate_id: r.playdate_id,
            last_message: toMessage(last, viewer.userId, other.name, r.playdate_id, r),
            unread: r.unread,
            updated_at: ms(r.last_created_at),
          },
        ];
      });
      return { conversations, page, per_page: INBOX_PER_PAGE, total, pages: pagesOf(total, INBOX_PER_PAGE), unread_total: unread };
    },

    /** Models the viewer may start a conversation with, by name; a model's own accounts do not list her. */
    async recipients(viewer: AuthContext, search: string): Promise<MessageRecipients> {
      const rows = await repo.recipients(db, search, viewer.modelId, MESSAGE_RECIPIENTS_MAX);
      return {
        recipients: rows.map((r) => ({
          model_id: r.model_id,
          display_name: r.name_en,
          avatar: media.imageUrl('model', r.model_id, '400x400', viewer),
          name: r.username,
        })),
      };
    },

    /** Messages to the viewer strictly newer than `sinceMs`, oldest first; 0 asks for the unread total only. */
    async newMessages(viewer: AuthContext, sinceMs: number): Promise<NewMessages> {
      const serverTime = now().getTime();
      const rows = sinceMs > 0 ? await repo.newMessages(db, viewer.userId, sinceMs, NEW_MESSAGES_MAX + 1) : [];
      const page = rows.slice(0, NEW_MESSAGES_MAX);
      const conversations = new Map<number, ConversationRow>();
      for (const r of page) {
        conversations.set(r.conversation_id, { id: r.conversation_id, kind: r.kind, user_low: r.user_low, user_high: r.user_high, playdate_id: r.playdate_id });
      }
      const others = await counterparts(viewer.userId, [...conversations.values()], viewer);
      const messages = page.map((r) => ({
        ...toMessage(r, viewer.userId, others.get(r.conversation_id)?.name ?? '', r.playdate_id, UNREAD),
        read: r.read,
      }));
      // More than fit: the cursor continues after the last one handed out instead of skipping the rest.
      const cursor = rows.length > NEW_MESSAGES_MAX ? messages[messages.length - 1]!.created_at : serverTime;
      return { messages, unread_total: await countUnread(viewer.userId), server_time: cursor };
    },

    async playdateCameras(viewer: AuthContext, id: number): Promise<PlaydateCameras> {
      const playdate = await loadPlaydate(viewer, id);
      const [accounts, onAir] = await Promise.all([repo.modelAccounts(db, playdate.model_id), repo.modelOnAir(db, playdate.model_id)]);
      return {
        playdate: toPlaydateRef(playdate),
        cameras: accounts.map((a) => ({
          name: a.username,
          display_name: playdate.model_name,
          model_id: playdate.model_id,
          avatar: media.imageUrl('model', playdate.model_id, '400x400', viewer),
          is_online: onAir,
        })),
      };
    },

    unreadTotal,
  };
}
