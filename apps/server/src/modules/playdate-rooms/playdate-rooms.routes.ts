import type { FastifyPluginAsync } from 'fastify';
import { ENDPOINTS, PLAYDATE_CHAT_RATE_LIMIT, PLAYDATE_CLIENT_EVENTS } from '@velora/shared';
import { route } from '../../http/register-endpoint';
import type { BindableRealtimeHub } from '../../lib/realtime-hub';
import { requireAuth } from '../../plugins/auth';
import type { PlaydateRoomsService } from './playdate-rooms.service';

// The rooms of playdates (decision record 041): the room for the member, viewers and the model, the chat's realtime
// event, the public replay and the feedback popup's calls. Capabilities and law limits come from the endpoint table.
export const playdateRoomsRoutes: FastifyPluginAsync<{ playdateRooms: PlaydateRoomsService; realtime: BindableRealtimeHub }> = async (
  app,
  { playdateRooms, realtime },
) => {
  // The hub is the platform's: a second app over the same platform (tests) finds the kind and event declared already.
  if (!realtime.roomKind('playdate')) realtime.defineRoomKind('playdate', playdateRooms.roomKind);
  if (!realtime.clientEvent(PLAYDATE_CLIENT_EVENTS.send.name)) {
    // The service counts every attempt itself (the model is exempt), so the channel's own limit only stops floods.
    realtime.defineEvent(PLAYDATE_CLIENT_EVENTS.send, (context, payload) => playdateRooms.send(context, payload), {
      rateLimit: { points: PLAYDATE_CHAT_RATE_LIMIT.points * 4, windowMs: PLAYDATE_CHAT_RATE_LIMIT.windowMs },
    });
  }

  route(app, ENDPOINTS['playdates.public.chatHistory'], async (request) => playdateRooms.chatHistory(request.query.token));
  route(app, ENDPOINTS['playdates.feedback.list'], async (request) => playdateRooms.feedbackAsks(requireAuth(request)));
  route(app, ENDPOINTS['playdates.feedback.send'], async (request) => {
    await playdateRooms.sendFeedback(request.params.id, requireAuth(request), request.body);
  });
  route(app, ENDPOINTS['playdates.feedback.close'], async (request) => {
    await playdateRooms.closeFeedback(request.params.id, requireAuth(request));
  });
  route(app, ENDPOINTS['playdates.room'], async (request) => playdateRooms.room(request.params.type, request.params.id, requireAuth(request)));
  route(app, ENDPOINTS['studio.playdates.room'], async (request) => playdateRooms.studioRoom(request.params.id, requireAuth(request)));
};
