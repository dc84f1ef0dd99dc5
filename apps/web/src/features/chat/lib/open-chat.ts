import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { startConversation } from '../api/start-conversation';
import { conversationKey } from '../api/keys';

/** The address that opens (or starts) the chat with a user: for links, e.g. a profile's "Message". */
export const chatWithHref = (userId: number) => `/chat?with=${userId}`;

/**
 * Starting a chat from another screen (a hand card's "Message", the meeting screen): returns
 * `(userId) => Promise<void>`, which creates the conversation if needed (POST /chat/conversations)
 * and opens it. It rejects with the ApiError (USER_BLOCKED, NOT_FOUND, SELF_ACTION_NOT_ALLOWED):
 * show it with translateError. `replace` takes the place of the current history entry.
 */
export function useOpenChat({ replace = false }: { replace?: boolean } = {}): (userId: number) => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    async (userId: number) => {
      const conversation = await startConversation(userId);
      queryClient.setQueryData(conversationKey(conversation.id), conversation);
      await navigate(`/chat/${conversation.id}`, { replace });
    },
    [navigate, queryClient, replace],
  );
}
