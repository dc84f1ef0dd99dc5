import { useEffect, useState } from 'react';
import type { ChatMessage, ChatTyping } from '@app/shared/schemas/chat';
import { useSocket } from '../../../lib/socket';

const TYPING_SHOWN_MS = 4500;

/** The conversations whose peer is typing right now, for "typing…" in the list. */
export function useTypingConversations(): ReadonlySet<number> {
  const socket = useSocket();
  const [typing, setTyping] = useState<ReadonlySet<number>>(new Set());

  useEffect(() => {
    if (!socket) return;
    const timers = new Map<number, ReturnType<typeof setTimeout>>();
    const stop = (conversationId: number) => {
      clearTimeout(timers.get(conversationId));
      timers.delete(conversationId);
      setTyping((current) => {
        if (!current.has(conversationId)) return current;
        const next = new Set(current);
        next.delete(conversationId);
        return next;
      });
    };
    const onTyping = ({ conversationId }: ChatTyping) => {
      clearTimeout(timers.get(conversationId));
      timers.set(
        conversationId,
        setTimeout(() => stop(conversationId), TYPING_SHOWN_MS),
      );
      setTyping((current) => (current.has(conversationId) ? current : new Set(current).add(conversationId)));
    };
    // Only the peer's own typing events arrive here; any message in that conversation ends "typing…".
    const onMessage = (message: ChatMessage) => stop(message.conversationId);
    socket.on('chat:typing', onTyping);
    socket.on('chat:message', onMessage);
    return () => {
      timers.forEach(clearTimeout);
      socket.off('chat:typing', onTyping);
      socket.off('chat:message', onMessage);
    };
  }, [socket]);

  return typing;
}
