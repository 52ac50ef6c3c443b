import type { FastifyPluginAsync } from 'fastify';
import { ENDPOINTS } from '@velora/shared';
import { route } from '../../http/register-endpoint';
import type { BindableRealtimeHub } from '../../lib/realtime-hub';
import { requireAuth } from '../../plugins/auth';
import type { ChatSessionsService } from './chat-sessions.service';

// Chat sessions on cameras (decision record 037). Law limits, capabilities, idempotency and rate-limit declarations
// come from the endpoint table.
export const chatSessionsRoutes: FastifyPluginAsync<{ chatSessions: ChatSessionsService; realtime: BindableRealtimeHub }> = async (
  app,
  { chatSessions, realtime },
) => {
  // The hub is the platform's: a second app over the same platform (tests) finds the kind declared already.
  if (!realtime.roomKind('chat')) realtime.defineRoomKind('chat', chatSessions.roomKind);

  route(app, ENDPOINTS['cameras.chat.room'], async (request) => chatSessions.room(request.params.name, requireAuth(request)));
  route(app, ENDPOINTS['cameras.chat.enter'], async (request) => chatSessions.enter(request.params.name, requireAuth(request), request.body));
  route(app, ENDPOINTS['cameras.chat.leave'], async (request) => chatSessions.leave(request.params.name, requireAuth(request), request.body.code));

  route(app, ENDPOINTS['studio.chat.get'], async (request) => chatSessions.studio(requireAuth(request)));
  route(app, ENDPOINTS['studio.chat.settings'], async (request) => chatSessions.saveSettings(requireAuth(request), request.body));
  route(app, ENDPOINTS['studio.chat.mute'], async (request) => {
    await chatSessions.mute(requireAuth(request), request.params.user_id, request.body.minutes);
  });
  route(app, ENDPOINTS['studio.chat.kick'], async (request) => {
    await chatSessions.kick(requireAuth(request), request.params.user_id);
  });
  route(app, ENDPOINTS['studio.chat.ban'], async (request) => {
    await chatSessions.ban(requireAuth(request), request.params.user_id);
  });
  route(app, ENDPOINTS['studio.chat.unban'], async (request) => {
    await chatSessions.unban(requireAuth(request), request.params.user_id);
  });
};
