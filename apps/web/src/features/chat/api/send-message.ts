import type { ChatMessage, SendMessageRequest } from '@app/shared/schemas/chat';
import { api } from '../../../lib/api-client';

/**
 * POST .../messages. The client message id is made once per message and sent again on every
 * retry: the server answers the stored message instead of storing a double (decision 011).
 * The outbox (lib/outbox.ts) drives it; there is no mutation hook, because a message outlives
 * the component that sent it.
 */
export const sendMessage = (conversationId: number, request: SendMessageRequest) =>
  api<ChatMessage>(`/chat/conversations/${conversationId}/messages`, { method: 'POST', body: request });
