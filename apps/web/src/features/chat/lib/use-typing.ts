import { useCallback, useEffect, useRef, useState } from 'react';
import type { ChatMessage, ChatTyping } from '@app/shared/schemas/chat';
import { useSocket } from '../../../lib/socket';

/** How often a typist repeats 'chat:typing' (the server relays at most one a second). */
const TYPING_REPEAT_MS = 3000;
/** The peer counts as typing this long after their last event: a little more than one repeat. */
const TYPING_SHOWN_MS = 4500;

/** Returns what the composer calls on every keystroke: it tells the peer, at most every few seconds. */
export function useTypingNotifier(conversationId: number) {
  const socket = useSocket();
  const last = useRef(0);
  useEffect(() => {
    last.current = 0;
  }, [conversationId]);
  return useCallback(() => {
    const now = Date.now();
    if (!socket?.connected || now - last.current < TYPING_REPEAT_MS) return;
    last.current = now;
    socket.emit('chat:typing', { conversationId });
  }, [socket, conversationId]);
}

/** Whether the peer is typing in this conversation; their message ends it at once. */
export function usePeerTyping(conversationId: number, peerId: number | undefined): boolean {
  const socket = useSocket();
  const [typing, setTyping] = useState(false);

  // The thread is mounted anew per conversation, so "typing" starts false for each.
  useEffect(() => {
    if (!socket || peerId === undefined) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = () => {
      clearTimeout(timer);
      setTyping(false);
    };
    const onTyping = (event: ChatTyping) => {
      if (event.conversationId !== conversationId || event.userId !== peerId) return;
      setTyping(true);
      clearTimeout(timer);
      timer = setTimeout(stop, TYPING_SHOWN_MS);
    };
    const onMessage = (message: ChatMessage) => {
      if (message.conversationId === conversationId && message.senderId === peerId) stop();
    };
    socket.on('chat:typing', onTyping);
    socket.on('chat:message', onMessage);
    socket.on('disconnect', stop);
    return () => {
      clearTimeout(timer);
      socket.off('chat:typing', onTyping);
      socket.off('chat:message', onMessage);
      socket.off('disconnect', stop);
    };
  }, [socket, conversationId, peerId]);

  return typing;
}
