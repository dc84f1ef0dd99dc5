import type { ReadResult } from '@app/shared/schemas/chat';
import { api } from '../../../lib/api-client';

/** POST .../read: the read mark moves up to the message (never back); the peer hears chat:read. */
export const markRead = (conversationId: number, upToMessageId: number) =>
  api<ReadResult>(`/chat/conversations/${conversationId}/read`, { method: 'POST', body: { upToMessageId } });
