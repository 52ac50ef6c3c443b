import type { FastifyPluginAsync } from 'fastify';
import { ENDPOINTS } from '@velora/shared';
import { route } from '../../http/register-endpoint';
import { requireAuth } from '../../plugins/auth';
import type { MessagesService } from './messages.service';

// Static segments (new_messages, playdate, playdate_cameras, recipients, transactional, unsubscribe) win over /messages/:name in
// Fastify's router whatever the order of registration; none of them can be a username (RESERVED_MESSAGE_SEGMENTS).
export const messagesRoutes: FastifyPluginAsync<{ messages: MessagesService }> = async (app, { messages }) => {
  route(app, ENDPOINTS['messages.inbox'], async (request) => messages.inbox(requireAuth(request), request.query.page));
  route(app, ENDPOINTS['messages.new'], async (request) => messages.newMessages(requireAuth(request), request.query.last_message_timestamp));
  route(app, ENDPOINTS['messages.playdateCameras'], async (request) => messages.playdateCameras(requireAuth(request), request.query.id));
  route(app, ENDPOINTS['messages.recipients'], async (request) => messages.recipients(requireAuth(request), request.query.q));
  route(app, ENDPOINTS['messages.popup'], async (request) => messages.takePopup(requireAuth(request)));
  // No body at all (Fastify hands null) means unsubscribe, as an empty one does.
  route(app, ENDPOINTS['messages.unsubscribe'], async (request) =>
    messages.setGroupSubscription(requireAuth(request), request.params.group, request.body?.subscribe ?? false),
  );

  // ---- Offline messages of a private playdate ----

  route(app, ENDPOINTS['messages.playdate.get'], async (request) =>
    messages.playdateConversation(requireAuth(request), request.params.id, request.query.before),
  );
  route(app, ENDPOINTS['messages.playdate.send'], async (request) =>
    messages.sendToPlaydate(requireAuth(request), request.params.id, request.body.text),
  );
  route(app, ENDPOINTS['messages.playdate.read'], async (request) => messages.markPlaydateRead(requireAuth(request), request.params.id));
  route(app, ENDPOINTS['messages.playdate.clear'], async (request) => messages.clearPlaydate(requireAuth(request), request.params.id));

  // ---- Conversations with a person, or the site inbox (/messages/velora) ----

  route(app, ENDPOINTS['messages.conversation'], async (request) =>
    messages.conversation(requireAuth(request), request.params.name, request.query.before),
  );
  route(app, ENDPOINTS['messages.send'], async (request) => messages.send(requireAuth(request), request.params.name, request.body.text));
  route(app, ENDPOINTS['messages.read'], async (request) => messages.markRead(requireAuth(request), request.params.name));
  route(app, ENDPOINTS['messages.clear'], async (request) => messages.clear(requireAuth(request), request.params.name));
  route(app, ENDPOINTS['messages.delete'], async (request) =>
    messages.deleteMessage(requireAuth(request), request.params.name, request.params.messageId),
  );
};
