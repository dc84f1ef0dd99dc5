import { lazy, Suspense, useEffect, useState } from 'react';
import type { PushItem } from '@app/shared/socket-events';
import { useSocket } from '../../../lib/socket';

const NotificationToast = lazy(() => import('./notification-toast').then((m) => ({ default: m.NotificationToast })));

/**
 * Shows the push items of SPEC.md section 3 that arrive over the socket, one at a time. Only a
 * signed-in tab has a socket, and the snackbar's code loads with the first item.
 */
export function NotificationCenter() {
  const socket = useSocket();
  const [queue, setQueue] = useState<PushItem[]>([]);
  const [received, setReceived] = useState(false);

  useEffect(() => {
    if (!socket) return;
    const onItem = (item: PushItem) => {
      if (!item.show) return;
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
