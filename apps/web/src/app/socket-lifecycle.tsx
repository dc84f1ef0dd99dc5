import { useEffect } from 'react';
import { session, useSession } from '../lib/session';
import { connectSocket, disconnectSocket } from '../lib/socket';

const SESSION_ERRORS = new Set(['AUTH_REQUIRED', 'TOKEN_INVALID', 'SESSION_ENDED']);

/** Keeps one socket open while someone is signed in; a refused or revoked session logs out. */
export function SocketLifecycle() {
  const token = useSession()?.token;

  useEffect(() => {
    if (!token) {
      disconnectSocket();
      return;
    }
    let cleanup = () => {};
    let cancelled = false;
    void connectSocket(token).then((socket) => {
      if (cancelled) return;
      const onError = (error: Error) => {
        if (SESSION_ERRORS.has(error.message)) session.clear();
      };
      const onRevoked = () => session.clear();
      socket.on('connect_error', onError);
      socket.on('session:revoked', onRevoked);
      cleanup = () => {
        socket.off('connect_error', onError);
        socket.off('session:revoked', onRevoked);
      };
    });
    return () => {
      cancelled = true;
      cleanup();
    };
  }, [token]);

  return null;
}
