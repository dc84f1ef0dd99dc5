import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import type { PushItem } from '@app/shared/socket-events';
import { useSocket } from '../../../lib/socket';

/** The chat's new-message item (NEW_MESSAGE_NOTIFICATION; not imported: the shared chat schemas are heavy). */
const NEW_MESSAGE = 'notifications.newMessage';

const NotificationToast = lazy(() => import('./notification-toast').then((m) => ({ default: m.NotificationToast })));

/**
 * Shows the push items of SPEC.md section 3 that arrive over the socket, one at a time. Only a
 * signed-in tab has a socket, and the snackbar's code loads with the first item.
 */
export function NotificationCenter() {
  const socket = useSocket();
  const [queue, setQueue] = useState<PushItem[]>([]);
  const [received, setReceived] = useState(false);
  const { pathname } = useLocation();
  const path = useRef(pathname);
  useEffect(() => {
    path.current = pathname;
  }, [pathname]);

  useEffect(() => {
    if (!socket) return;
    const onItem = (item: PushItem) => {
      if (!item.show) return;
      // On the chat's screens a new message already shows (in the list or the open conversation).
      if (item.text === NEW_MESSAGE && (path.current === '/chat' || path.current.startsWith('/chat/'))) return;
      setReceived(true);
      setQueue((q) => [...q, item]);
    };
    socket.on('notification', onItem);
    return () => {
      socket.off('notification', onItem);
    };
  }, [socket]);

  const dismiss = () => setQueue((q) => q.slice(1));

  return received ? (
    <Suspense fallback={null}>
      <NotificationToast current={queue[0]} onDismiss={dismiss} />
    </Suspense>
  ) : null;
}
