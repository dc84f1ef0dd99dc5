import type { Conversation } from '@app/shared/schemas/chat';
import { api } from '../../../lib/api-client';

/** POST /chat/conversations: the conversation with a user, created on first use. */
export const startConversation = (userId: number) =>
  api<Conversation>('/chat/conversations', { method: 'POST', body: { userId } });
