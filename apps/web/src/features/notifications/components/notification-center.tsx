import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import type { PushItem } from '@app/shared/socket-events';
import { useSocket } from '../../../lib/socket';

/** Shows the push items of SPEC.md section 3 that arrive over the socket, one at a time. */
export function NotificationCenter() {
  const { t } = useTranslation();
  const socket = useSocket();
  const [queue, setQueue] = useState<PushItem[]>([]);
  const current = queue[0];

  useEffect(() => {
    if (!socket) return;
    const onItem = (item: PushItem) => {
      if (item.show) setQueue((q) => [...q, item]);
    };
    socket.on('notification', onItem);
    return () => {
      socket.off('notification', onItem);
    };
  }, [socket]);

  const dismiss = () => setQueue((q) => q.slice(1));

  return (
    <Snackbar
      key={current?.timestamp}
      open={Boolean(current)}
      autoHideDuration={current?.timeout ? current.timeout : null}
      onClose={(_event, reason) => reason !== 'clickaway' && dismiss()}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      {current ? (
        <Alert severity={current.color} variant="filled" onClose={dismiss} data-testid="notification">
          {t(current.text, { ...current.values, defaultValue: current.text })}
        </Alert>
      ) : undefined}
    </Snackbar>
  );
}
