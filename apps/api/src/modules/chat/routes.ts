import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  blockListSchema,
  blockSchema,
  chatMessageSchema,
  conversationListQuerySchema,
  conversationListSchema,
  conversationParamsSchema,
  conversationSchema,
  messageListQuerySchema,
  messageListSchema,
  readRequestSchema,
  readResultSchema,
  sendMessageRequestSchema,
  startConversationRequestSchema,
  unreadSchema,
  userParamsSchema,
} from '@app/shared/schemas/chat';
import { okSchema } from '@app/shared/schemas/auth';
import { blockUser, listBlocks, unblockUser } from '../people/blocks';
import { meetGate } from '../people/meet-gate';
import type { Db } from '../../db/client';
import type { Realtime } from '../../realtime/socket-server';
import {
  getConversation,
  listConversations,
  listMessages,
  markRead,
  sendMessage,
  startConversation,
  unreadTotal,
  type ChatContext,
} from './service';

const bearer = [{ bearer: [] }];

/** The chat (PRODUCT.md "Messaging"). Routes only parse, call one service function and answer. */
export const chatRoutes: FastifyPluginAsyncZod<{ db: Db; realtime: Realtime; minAge: number }> = async (
  app,
  { db, realtime, minAge },
) => {
  const tags = ['chat'];
  const ctx: ChatContext = { db, emit: realtime.toUser };
  const userId = (request: { auth?: { id: number } }) => request.auth!.id;
  app.addHook('preHandler', app.authenticate);
  // Chat is part of meet and play: the same gate as raising a hand.
  app.addHook('preHandler', meetGate(db, minAge));

  app.get(
    '/conversations',
    {
      schema: {
        tags,
        summary: 'The caller’s conversations, most recent first',
        security: bearer,
        querystring: conversationListQuerySchema,
        response: { 200: conversationListSchema },
      },
    },
    async (request) => listConversations(db, userId(request), request.query),
  );
  app.post(
    '/conversations',
    {
      schema: {
        tags,
        summary: 'The conversation with a user, created on first use',
        security: bearer,
        body: startConversationRequestSchema,
        response: { 200: conversationSchema },
      },
    },
    async (request) => startConversation(db, userId(request), request.body.userId),
  );
  app.get(
    '/conversations/:id',
    {
      schema: {
        tags,
        summary: 'One conversation of the caller',
        security: bearer,
        params: conversationParamsSchema,
        response: { 200: conversationSchema },
      },
    },
    async (request) => getConversation(db, userId(request), request.params.id),
  );
  app.get(
    '/conversations/:id/messages',
    {
      schema: {
        tags,
        summary: 'Messages, newest first; older pages with ?before=<message id>',
        security: bearer,
        params: conversationParamsSchema,
        querystring: messageListQuerySchema,
        response: { 200: messageListSchema },
      },
    },
    async (request) => listMessages(db, userId(request), request.params.id, request.query),
  );
  app.post(
    '/conversations/:id/messages',
    {
      schema: {
        tags,
        summary: 'Send a message (a retry with the same clientMessageId returns the same message)',
        security: bearer,
        params: conversationParamsSchema,
        body: sendMessageRequestSchema,
        response: { 200: chatMessageSchema },
      },
    },
    async (request) => sendMessage(ctx, userId(request), request.params.id, request.body),
  );
  app.post(
    '/conversations/:id/read',
    {
      schema: {
        tags,
        summary: 'Mark read up to a message; the sender hears chat:read',
        security: bearer,
        params: conversationParamsSchema,
        body: readRequestSchema,
        response: { 200: readResultSchema },
      },
    },
    async (request) => markRead(ctx, userId(request), request.params.id, request.body.upToMessageId),
  );
  app.get(
    '/unread',
    {
      schema: {
        tags,
        summary: 'Unread messages over all conversations (header badge)',
        security: bearer,
        response: { 200: unreadSchema },
      },
    },
    async (request) => ({ total: await unreadTotal(db, userId(request)) }),
  );

  app.get(
    '/blocks',
    { schema: { tags, summary: 'The users the caller blocked', security: bearer, response: { 200: blockListSchema } } },
    async (request) => listBlocks(db, userId(request)),
  );
  app.post(
    '/blocks/:userId',
    {
      schema: {
        tags,
        summary: 'Block a user: no messages either way',
        security: bearer,
        params: userParamsSchema,
        response: { 200: blockSchema },
      },
    },
    async (request) => blockUser(db, userId(request), request.params.userId),
  );
  app.delete(
    '/blocks/:userId',
    {
      schema: {
        tags,
        summary: 'Lift the caller’s block of a user',
        security: bearer,
        params: userParamsSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await unblockUser(db, userId(request), request.params.userId);
      return { ok: true as const };
    },
  );
};
