import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import type { PushItem } from '@app/shared/socket-events';

/** The snackbar of NotificationCenter, in its own chunk: most visits never receive a push item. */
export function NotificationToast({ current, onDismiss }: { current: PushItem | undefined; onDismiss: () => void }) {
  const { t } = useTranslation();
  // Values that name a token level are shown translated ("Silver", "Серебро"), not as the API's code.
  const values = Object.fromEntries(
    Object.entries(current?.values ?? {}).map(([name, value]) => [name, name === 'level' ? t(`levels.${value}`, { defaultValue: String(value) }) : value]),
  );
  return (
    <Snackbar
      key={current?.timestamp}
      open={Boolean(current)}
      autoHideDuration={current?.timeout ? current.timeout : null}
      onClose={(_event, reason) => reason !== 'clickaway' && onDismiss()}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      {current ? (
        <Alert severity={current.color} variant="standard" onClose={onDismiss} data-testid="notification" sx={{ boxShadow: 6, border: 1, borderColor: `${current.color}.main` }}>
          {t(current.text, { ...values, defaultValue: current.text })}
        </Alert>
      ) : undefined}
    </Snackbar>
  );
}
