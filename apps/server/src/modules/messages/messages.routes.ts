import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Conversation,
  ConversationNameParam,
  ConversationQuery,
  ErrorBody,
  IdParam,
  Inbox,
  InboxQuery,
  Message,
  NewMessages,
  NewMessagesQuery,
  PlaydateCameras,
  PlaydateCamerasQuery,
  SendMessageBody,
  TransactionalPopup,
  UnreadTotal,
  UnsubscribeGroupBody,
  UnsubscribeGroupParam,
  UnsubscribedGroups,
} from '@velora/shared';
import { requireAuth } from '../../plugins/auth';
import type { MessagesService } from './messages.service';

const errors = { 400: ErrorBody, 401: ErrorBody };
const security = [{ bearer: [] }];
const tags = ['messages'];

/** DELETE /messages/{name}/{messageId}: one message of the conversation with {name}. */
const MessageParams = ConversationNameParam.extend({
  messageId: z
    .string()
    .regex(/^\d{1,15}$/, 'Must be a message id')
    .transform(Number),
});

// Static segments (new_messages, playdate, playdate_cameras, transactional, unsubscribe) win over /messages/:name in
// Fastify's router whatever the order of registration; none of them can be a username (RESERVED_MESSAGE_SEGMENTS).
export const messagesRoutes: FastifyPluginAsyncZod<{ messages: MessagesService }> = async (app, { messages }) => {
  app.get('/messages', {
    config: { access: 'member' },
    schema: {
      tags,
      summary: 'The inbox: conversations with a message the viewer sees, the newest first, with unread counts',
      security,
      querystring: InboxQuery,
      response: { 200: Inbox, ...errors },
    },
    handler: async (request) => messages.inbox(requireAuth(request), request.query.page),
  });

  app.get('/messages/new_messages', {
    config: { access: 'member' },
    schema: {
      tags,
      summary: 'Messages to the viewer newer than last_message_timestamp (unix ms), oldest first, and the unread total',
      security,
      querystring: NewMessagesQuery,
      response: { 200: NewMessages, ...errors },
    },
    handler: async (request) => messages.newMessages(requireAuth(request), request.query.last_message_timestamp),
  });

  app.get('/messages/playdate_cameras', {
    config: { access: 'member' },
    schema: {
      tags,
      summary: 'The playdate and the model accounts its offline messages go to (participants only)',
      security,
      querystring: PlaydateCamerasQuery,
      response: { 200: PlaydateCameras, ...errors, 404: ErrorBody },
    },
    handler: async (request) => messages.playdateCameras(requireAuth(request), request.query.id),
  });

  app.get('/messages/transactional/popup', {
    config: { access: 'member' },
    schema: {
      tags,
      summary: 'The newest popup site message not shown yet; answering marks it shown, so it shows once',
      security,
      response: { 200: TransactionalPopup, 401: ErrorBody },
    },
    handler: async (request) => messages.takePopup(requireAuth(request)),
  });

  app.put('/messages/unsubscribe/:group', {
    config: { access: 'member' },
    schema: {
      tags,
      summary: 'Stop site messages of a group; body {subscribe: true} undoes it',
      security,
      params: UnsubscribeGroupParam,
      // No body at all (Fastify hands null) means unsubscribe, as an empty one does.
      body: UnsubscribeGroupBody.nullable(),
      response: { 200: UnsubscribedGroups, ...errors },
    },
    handler: async (request) => messages.setGroupSubscription(requireAuth(request), request.params.group, request.body?.subscribe ?? false),
  });

  // ---- Offline messages of a private playdate ----

  app.get('/messages/playdate/:id', {
    config: { access: 'member' },
    schema: {
      tags,
      summary: 'A page of the offline messages of a private playdate, oldest first (does not mark them read)',
      security,
      params: IdParam,
      querystring: ConversationQuery,
      response: { 200: Conversation, ...errors, 404: ErrorBody },
    },
    handler: async (request) => messages.playdateConversation(requireAuth(request), request.params.id, request.query.before),
  });

  app.post('/messages/playdate/:id', {
    config: { access: 'member' },
    schema: {
      tags,
      summary: 'Write an offline message of a private playdate',
      security,
      params: IdParam,
      body: SendMessageBody,
      response: { 201: Message, ...errors, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody },
    },
    handler: async (request, reply) => reply.status(201).send(await messages.sendToPlaydate(requireAuth(request), request.params.id, request.body.text)),
  });

  app.post('/messages/playdate/:id/read', {
    config: { access: 'member' },
    schema: { tags, summary: 'Mark the offline messages of a playdate read', security, params: IdParam, response: { 200: UnreadTotal, ...errors, 404: ErrorBody } },
    handler: async (request) => messages.markPlaydateRead(requireAuth(request), request.params.id),
  });

  app.delete('/messages/playdate/:id', {
    config: { access: 'member' },
    schema: {
      tags,
      summary: 'Delete the offline messages of a playdate for the viewer (the other party keeps them)',
      security,
      params: IdParam,
      response: { 200: UnreadTotal, ...errors, 404: ErrorBody },
    },
    handler: async (request) => messages.clearPlaydate(requireAuth(request), request.params.id),
  });

  // ---- Conversations with a person, or the site inbox (/messages/velora) ----

  app.get('/messages/:name', {
    config: { access: 'member' },
    schema: {
      tags,
      summary: 'A page of the conversation with a member or model account (or the site inbox), oldest first; does not mark read',
      security,
      params: ConversationNameParam,
      querystring: ConversationQuery,
      response: { 200: Conversation, ...errors, 404: ErrorBody },
    },
    handler: async (request) => messages.conversation(requireAuth(request), request.params.name, request.query.before),
  });

  app.post('/messages/:name/send', {
    config: { access: 'member' },
    schema: {
      tags,
      summary: 'Write to a member or model account; the first message starts the conversation',
      security,
      params: ConversationNameParam,
      body: SendMessageBody,
      response: { 201: Message, ...errors, 403: ErrorBody, 404: ErrorBody, 429: ErrorBody },
    },
    handler: async (request, reply) => reply.status(201).send(await messages.send(requireAuth(request), request.params.name, request.body.text)),
  });

  app.post('/messages/:name/read', {
    config: { access: 'member' },
    schema: {
      tags,
      summary: 'Mark the conversation read up to its newest message',
      security,
      params: ConversationNameParam,
      response: { 200: UnreadTotal, ...errors, 404: ErrorBody },
    },
    handler: async (request) => messages.markRead(requireAuth(request), request.params.name),
  });

  app.delete('/messages/:name/all', {
    config: { access: 'member' },
    schema: {
      tags,
      summary: 'Delete the conversation for the viewer: it leaves the inbox until a new message arrives',
      security,
      params: ConversationNameParam,
      response: { 200: UnreadTotal, ...errors, 404: ErrorBody },
    },
    handler: async (request) => messages.clear(requireAuth(request), request.params.name),
  });

  app.delete('/messages/:name/:messageId', {
    config: { access: 'member' },
    schema: {
      tags,
      summary: 'Delete one message for the viewer (the other party keeps it)',
      security,
      params: MessageParams,
      response: { 200: UnreadTotal, ...errors, 404: ErrorBody },
    },
    handler: async (request) => messages.deleteMessage(requireAuth(request), request.params.name, request.params.messageId),
  });
};
