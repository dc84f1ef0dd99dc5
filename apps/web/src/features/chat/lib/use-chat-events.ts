import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ChatMessage } from '@app/shared/schemas/chat';
import { useSocket } from '../../../lib/socket';
import { CHAT_KEY } from '../api/keys';
import { applyMessage, applyRead } from './apply-events';
import { confirmSent, retryNetworkFailures } from './outbox';

/**
 * Keeps the chat screens live: 'chat:message' and 'chat:read' go into the caches, and every
 * (re)connect ('session:ready') refetches what may have been missed meanwhile — the socket is a
 * hint, the API is the truth (decision 011) — and sends again what failed for want of a network.
 */
export function useChatEvents() {
  const socket = useSocket();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!socket) return;
    const onMessage = (message: ChatMessage) => {
      applyMessage(queryClient, message);
      // My own message from this or another tab: whatever waits in the outbox under its id is sent.
      confirmSent(message.clientMessageId);
    };
    const onRead = (read: Parameters<typeof applyRead>[1]) => applyRead(queryClient, read);
    const onReady = () => {
      void queryClient.invalidateQueries({ queryKey: CHAT_KEY });
      retryNetworkFailures(queryClient);
    };
    const onOnline = () => retryNetworkFailures(queryClient);
    socket.on('chat:message', onMessage);
    socket.on('chat:read', onRead);
    socket.on('session:ready', onReady);
    window.addEventListener('online', onOnline);
    return () => {
      socket.off('chat:message', onMessage);
      socket.off('chat:read', onRead);
      socket.off('session:ready', onReady);
      window.removeEventListener('online', onOnline);
    };
  }, [socket, queryClient]);
}
