import { PROVIDER_INBOX_SEGMENT, REALTIME_EVENTS, type Message, type NewMessageEvent, type SiteMessageGroup, type TransactionalPopup, type UnsubscribedGroups } from '@velora/shared';
import type { AuthContext } from '../sessions/sessions.service';
import { UNREAD, cleanMessageText, ms, toMessage, type MessagesContext } from './messages-context';
import { messagesRepository as repo } from './messages.repository';

// Messages from the site to a member's inbox (/messages/velora): sent by other modules, shown once as a popup when
// asked, and the groups a member unsubscribed from.

export interface SiteMessageInput {
  group: SiteMessageGroup;
  subject: string | null;
  text: string;
  /** Also shown once as the transactional popup (GET /messages/transactional/popup). */
  popup?: boolean;
}

export function siteMessages(ctx: MessagesContext) {
  const { deps, push, countUnread } = ctx;
  const { db, now } = deps;

  return {
    /** The newest popup site message not shown yet; taking it marks it shown, so it shows once. */
    async takePopup(viewer: AuthContext): Promise<TransactionalPopup> {
      const row = await repo.takePopup(db, viewer.userId, now());
      return {
        message: row ? { id: row.id, subject: row.subject, text: row.body, group: row.site_group, created_at: ms(row.created_at) } : null,
      };
    },

    async setGroupSubscription(viewer: AuthContext, group: SiteMessageGroup, subscribe: boolean): Promise<UnsubscribedGroups> {
      if (subscribe) await repo.resubscribe(db, viewer.userId, group);
      else await repo.unsubscribe(db, viewer.userId, group, now());
      return { unsubscribed_groups: await repo.unsubscribedGroups(db, viewer.userId) };
    },

    /**
     * A message from the site to a user's inbox (/messages/velora), for other modules (welcome, receipts). Skipped
     * (null) when the user unsubscribed from the group; account messages always arrive.
     */
    async sendSiteMessage(userId: number, input: SiteMessageInput): Promise<Message | null> {
      const body = cleanMessageText(input.text);
      if (input.group !== 'account' && (await repo.isUnsubscribed(db, userId, input.group))) return null;
      const row = await db.transaction(async (tx) => {
        const conversationId = await repo.ensureSite(tx, userId);
        await repo.addParticipants(tx, conversationId, [userId]);
        return repo.insertMessage(tx, {
          conversationId,
          senderId: null,
          body,
          subject: input.subject,
          group: input.group,
          popup: input.popup ?? false,
          createdAt: now(),
        });
      });
      const message = toMessage(row, userId, PROVIDER_INBOX_SEGMENT, null, UNREAD);
      push(userId, REALTIME_EVENTS.messageNew, { message, unread_total: await countUnread(userId) } satisfies NewMessageEvent);
      return message;
    },
  };
}
