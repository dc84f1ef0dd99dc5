import { useCallback, useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { markRead } from '../api/mark-read';
import { applyReadResult } from './apply-events';

/** Reads seen in quick succession (scrolling through many) go out as one request. */
const READ_DELAY_MS = 300;

/**
 * Returns what a message calls when the reader has seen it (on screen, tab visible): the read mark
 * moves up to the newest such message, one request at a time, never backwards.
 */
export function useMarkRead(conversationId: number, lastReadMessageId: number | undefined) {
  const queryClient = useQueryClient();
  const state = useRef({
    sent: 0,
    wanted: 0,
    busy: false,
    timer: undefined as ReturnType<typeof setTimeout> | undefined,
  });

  useEffect(() => {
    const s = state.current;
    s.sent = 0;
    s.wanted = 0;
    return () => clearTimeout(s.timer);
  }, [conversationId]);

  const flush = useCallback(async () => {
    const s = state.current;
    if (s.busy) return;
    s.busy = true;
    // Messages seen while a request was out go in the next one.
    while (s.wanted > Math.max(s.sent, lastReadMessageId ?? 0)) {
      const upTo = s.wanted;
      try {
        const result = await markRead(conversationId, upTo);
        s.sent = Math.max(s.sent, upTo);
        applyReadResult(queryClient, result);
      } catch {
        // Not marked: the next message seen, or the next visit, tries again.
        break;
      }
    }
    s.busy = false;
  }, [conversationId, lastReadMessageId, queryClient]);

  return useCallback(
    (messageId: number) => {
      const s = state.current;
      if (messageId <= Math.max(s.wanted, s.sent, lastReadMessageId ?? 0)) return;
      s.wanted = messageId;
      clearTimeout(s.timer);
      s.timer = setTimeout(() => void flush(), READ_DELAY_MS);
    },
    [lastReadMessageId, flush],
  );
}
