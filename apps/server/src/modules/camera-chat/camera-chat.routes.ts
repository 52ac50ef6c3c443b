import type { FastifyPluginAsync } from 'fastify';
import { CHAT_CLIENT_EVENTS, ENDPOINTS } from '@velora/shared';
import { route } from '../../http/register-endpoint';
import type { BindableRealtimeHub } from '../../lib/realtime-hub';
import { requireAuth } from '../../plugins/auth';
import type { CameraChatService } from './camera-chat.service';

// Camera chat messages (decision record 036): the realtime send event, history and the model's removal. The room kind
// `chat` (who may join) is chat sessions'.
export const cameraChatRoutes: FastifyPluginAsync<{ cameraChat: CameraChatService; realtime: BindableRealtimeHub }> = async (app, { cameraChat, realtime }) => {
  // The hub is the platform's: a second app over the same platform (tests) finds the event defined already.
  if (!realtime.clientEvent(CHAT_CLIENT_EVENTS.send.name)) {
    realtime.defineEvent(CHAT_CLIENT_EVENTS.send, (context, payload) => cameraChat.send(context, payload));
  }

  route(app, ENDPOINTS['cameras.chat.messages'], async (request) => cameraChat.history(request.params.name, requireAuth(request), request.query.before));
  route(app, ENDPOINTS['studio.chat.removeMessage'], async (request) => {
    await cameraChat.removeMessage(requireAuth(request), request.params.message_id);
  });
};
