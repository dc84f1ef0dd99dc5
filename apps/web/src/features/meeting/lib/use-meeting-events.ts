import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { MeetingView, MintResult } from '@app/shared/schemas/meet';
import { useSocket, useSocketConnected } from '../../../lib/socket';
import { getMeetingQueryOptions } from '../api/get-meeting';

/**
 * Live meeting: each 'meeting:update' about this peer replaces the cached view (it is the whole
 * view), and a 'mint:result' is handed to `onMint` (both users hear it, so the one who did not
 * press the button celebrates too). The socket's user room needs no joining; after a reconnect
 * the view is fetched again, since updates sent meanwhile are lost. Returns whether the socket is
 * connected, so the screen polls only while it is not.
 */
export function useMeetingEvents(peerId: number, onMint: (result: MintResult) => void): boolean {
  const socket = useSocket();
  const queryClient = useQueryClient();
  const onMintRef = useRef(onMint);
  useEffect(() => {
    onMintRef.current = onMint;
  }, [onMint]);

  useEffect(() => {
    if (!socket) return;
    const { queryKey } = getMeetingQueryOptions(peerId);
    const onUpdate = (update: { peerId: number; view: MeetingView }) => {
      if (update.peerId !== peerId) return;
      // A GET that left before this push would answer with older facts and overwrite it (the peer
      // "not here" until the next poll): drop it first, then take the push.
      void queryClient.cancelQueries({ queryKey }).then(() => queryClient.setQueryData(queryKey, update.view));
    };
    const onMintResult = (event: { peerId: number; result: MintResult }) => {
      if (event.peerId !== peerId) return;
      queryClient.setQueryData(queryKey, (view) => (view ? { ...view, lastMint: event.result } : view));
      void queryClient.invalidateQueries({ queryKey });
      onMintRef.current(event.result);
    };
    const onReconnect = () => void queryClient.invalidateQueries({ queryKey });
    socket.on('meeting:update', onUpdate);
    socket.on('mint:result', onMintResult);
    socket.on('connect', onReconnect);
    return () => {
      socket.off('meeting:update', onUpdate);
      socket.off('mint:result', onMintResult);
      socket.off('connect', onReconnect);
    };
  }, [socket, queryClient, peerId]);

  return useSocketConnected();
}
