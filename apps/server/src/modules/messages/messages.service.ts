import { conversations } from './conversations';
import { inbox } from './inbox';
import { createMessagesContext, type MessagesDeps } from './messages-context';
import { siteMessages } from './site-messages';

// Messages between members and models, about playdates, and from the site. Each part is a use-case file of this
// folder; the service assembles them around one shared context (its push and cached unread totals).

export {
  NO_SUCH_MEMBER,
  NO_SUCH_PLAYDATE,
  NOT_TO_YOURSELF,
  PUBLIC_PLAYDATE_HAS_NO_MESSAGES,
  type ConversationAddress,
} from './conversation-resolution';
export { NO_SUCH_MESSAGE, SITE_IS_READ_ONLY } from './conversations';
export { NEW_MESSAGES_MAX } from './inbox';
export {
  UNREAD_TOTAL_CACHE,
  UNREAD_TOTAL_TABLES,
  WRITE_SOMETHING,
  cleanMessageText,
  type ErrorLog,
  type MessagesDeps,
} from './messages-context';
export type { SiteMessageInput } from './site-messages';
export { welcomeSiteMessage } from './welcome-message';

export function createMessagesService(deps: MessagesDeps) {
  const ctx = createMessagesContext(deps);
  return {
    ...inbox(ctx),
    ...conversations(ctx),
    ...siteMessages(ctx),
  };
}
export type MessagesService = ReturnType<typeof createMessagesService>;
