import { chatEntry } from './chat-entry';
import { chatModeration } from './chat-moderation';
import { chatRoomAccess } from './chat-room-access';
import { createChatSessionsContext, type ChatSessionsDeps, type ChatSessionsOptions } from './chat-sessions-context';
import { chatSessionsUpkeep } from './chat-sessions-upkeep';

// Chat sessions on cameras (decision record 037): a member's stay in a camera's chat, free (a daily allowance) or paid
// (the price per minute, fixed at entry, charged minute by minute through the coin ledger by durable jobs keyed by
// session and minute), every way a session ends with its product §4 code, and the people rules of a room (bans, mutes,
// kicks, slow mode, word filter). Implements ChatAccess for the camera-chat module. Each part is a use-case file of
// this folder; the service assembles them around one shared context.

export {
  CHAT_FREE_END_JOB,
  CHAT_PRESENCE_JOB,
  CHAT_SWEEP_JOB,
  type ChatSessionJobData,
  type ChatSessionsDeps,
  type ChatSessionsOptions,
  type ChatViewerControl,
} from './chat-sessions-context';

export function createChatSessionsService(deps: ChatSessionsDeps, options: ChatSessionsOptions = {}) {
  const ctx = createChatSessionsContext(deps, options);
  return {
    ...chatRoomAccess(ctx),
    ...chatEntry(ctx),
    ...chatModeration(ctx),
    ...chatSessionsUpkeep(ctx),
  };
}
export type ChatSessionsService = ReturnType<typeof createChatSessionsService>;
