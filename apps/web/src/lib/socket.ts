import { useCallback, useSyncExternalStore } from 'react';
import type { Socket } from 'socket.io-client';
import {
  SOCKET_RECONNECTION_DELAY_MAX_MS,
  SOCKET_RECONNECTION_DELAY_MS,
  SOCKET_TIMEOUT_MS,
  HEADERS,
} from '@app/shared/constants';
import type { ClientToServerEvents, ServerToClientEvents } from '@app/shared/socket-events';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socket: AppSocket | null = null;
const listeners = new Set<() => void>();
const emitChange = () => listeners.forEach((l) => l());

/**
 * One socket per signed-in tab, authenticated with the access key (SPEC.md section 7). The client
 * library loads only for signed-in people, so guests never download it.
 */
export async function connectSocket(accessKey: string): Promise<AppSocket> {
  if (socket) {
    if ((socket.auth as { accessKey?: string }).accessKey === accessKey) return socket;
    disconnectSocket();
  }
  const { io } = await import('socket.io-client');
  socket = io({
    path: '/socket.io',
    auth: { accessKey },
    // Straight to a websocket; long-polling only where a network blocks websockets.
    transports: ['websocket', 'polling'],
    tryAllTransports: true,
    // Sent on the polling handshake; websockets from a browser cannot carry headers.
    extraHeaders: { [HEADERS.accessKey]: accessKey },
    reconnectionDelay: SOCKET_RECONNECTION_DELAY_MS,
    reconnectionDelayMax: SOCKET_RECONNECTION_DELAY_MAX_MS,
    timeout: SOCKET_TIMEOUT_MS,
  });
  emitChange();
  return socket;
}

export function getSocket(): AppSocket | null {
  return socket;
}

export function disconnectSocket() {
  if (!socket) return;
  socket.disconnect();
  socket = null;
  emitChange();
}

/** The current socket (null while logged out), re-rendering when it changes. */
export function useSocket(): AppSocket | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSocket,
    () => null,
  );
}

/**
 * Whether the socket is connected now (false while logged out), re-rendering on each connect and
 * disconnect: a screen that gets its updates as events polls only while this is false.
 */
export function useSocketConnected(): boolean {
  const socket = useSocket();
  const subscribe = useCallback(
    (listener: () => void) => {
      if (!socket) return () => {};
      socket.on('connect', listener);
      socket.on('disconnect', listener);
      return () => {
        socket.off('connect', listener);
        socket.off('disconnect', listener);
      };
    },
    [socket],
  );
  return useSyncExternalStore(
    subscribe,
    () => socket?.connected ?? false,
    () => false,
  );
}
