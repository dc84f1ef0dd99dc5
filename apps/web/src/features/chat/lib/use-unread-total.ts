import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ChatMessage } from '@app/shared/schemas/chat';
import { isProfileComplete } from '@app/shared/profile-complete';
import { session, useSession } from '../../../lib/session';
import { useSocket } from '../../../lib/socket';
import { useUnread } from '../api/get-unread';
import { UNREAD_KEY } from '../api/keys';

/**
 * The header badge: unread messages over all conversations, live. A message from someone else or
 * a read receipt refetches the total (one small query), as does every (re)connect. Chat opens with
 * a complete profile (the server's meet gate): before that there is nothing to count, and asking
 * would only be refused.
 */
export function useUnreadTotal(): number {
  const current = useSession();
  const loggedIn = Boolean(current?.token) && (!current?.user || isProfileComplete(current.user.profile));
  const socket = useSocket();
  const queryClient = useQueryClient();
  const { data } = useUnread(loggedIn);

  useEffect(() => {
    if (!socket) return;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: UNREAD_KEY });
    const onMessage = (message: ChatMessage) => {
      if (message.senderId !== session.get()?.user?.id) refresh();
    };
    socket.on('chat:message', onMessage);
    socket.on('chat:read', refresh);
    socket.on('session:ready', refresh);
    return () => {
      socket.off('chat:message', onMessage);
      socket.off('chat:read', refresh);
      socket.off('session:ready', refresh);
    };
  }, [socket, queryClient]);

  return loggedIn ? (data?.total ?? 0) : 0;
}
