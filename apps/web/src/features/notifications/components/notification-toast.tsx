import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import type { PushItem } from '@app/shared/socket-events';

/** The snackbar of NotificationCenter, in its own chunk: most visits never receive a push item. */
export function NotificationToast({ current, onDismiss }: { current: PushItem | undefined; onDismiss: () => void }) {
  const { t } = useTranslation();
  return (
    <Snackbar
      key={current?.timestamp}
      open={Boolean(current)}
      autoHideDuration={current?.timeout ? current.timeout : null}
      onClose={(_event, reason) => reason !== 'clickaway' && onDismiss()}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      {current ? (
        <Alert severity={current.color} variant="filled" onClose={onDismiss} data-testid="notification">
          {t(current.text, { ...current.values, defaultValue: current.text })}
        </Alert>
      ) : undefined}
    </Snackbar>
  );
}
