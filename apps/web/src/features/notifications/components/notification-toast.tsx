import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import CloseIcon from '@mui/icons-material/Close';
import Snackbar from '@mui/material/Snackbar';
import type { PushItem } from '@app/shared/socket-events';
import { readStartParams } from '../../../lib/start-params';

/** The snackbar of NotificationCenter, in its own chunk: most visits never receive a push item. */
export function NotificationToast({ current, onDismiss }: { current: PushItem | undefined; onDismiss: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // A new chat message opens its conversation (the item names it: NEW_MESSAGE_NOTIFICATION's values).
  const chatId = current?.text === 'notifications.newMessage' ? current.values?.conversationId : undefined;
  // A token minted from a meeting opens on the market.
  const tokenId = current?.text === 'notifications.mintSucceeded' ? current.values?.id : undefined;
  const link =
    chatId !== undefined
      ? { href: `/chat/${chatId}`, label: 'notifications.openChat' }
      : tokenId
        ? { href: `/market?nft=${tokenId}`, label: 'notifications.seeToken' }
        : null;
  // Values that name a token level are shown translated ("Silver", "Серебро"), not as the API's code.
  const values = Object.fromEntries(
    Object.entries(current?.values ?? {}).map(([name, value]) => [
      name,
      name === 'level' ? t(`levels.${value}`, { defaultValue: String(value) }) : value,
    ]),
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
        <Alert
          severity={current.color}
          variant="standard"
          onClose={onDismiss}
          data-testid="notification"
          sx={{ boxShadow: 6, border: 1, borderColor: `${current.color}.main`, alignItems: 'center' }}
          action={
            link ? (
              <>
                <Button
                  color="inherit"
                  size="small"
                  onClick={() => {
                    onDismiss();
                    // The market offers the token a ?nft= link names (read at app start): keep it for this visit.
                    if (tokenId) readStartParams(`?nft=${tokenId}`);
                    void navigate(link.href);
                  }}
                >
                  {t(link.label)}
                </Button>
                {/* An action replaces the Alert's own close button: keep one. */}
                <IconButton color="inherit" size="small" aria-label={t('notifications.dismiss')} onClick={onDismiss}>
                  <CloseIcon fontSize="small" />
                </IconButton>
              </>
            ) : undefined
          }
        >
          {t(current.text, { ...values, defaultValue: current.text })}
        </Alert>
      ) : undefined}
    </Snackbar>
  );
}
