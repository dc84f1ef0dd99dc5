import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { ApiError } from '../../../lib/api-client';
import { translateError } from '../../../lib/i18n';

/** "Block @anna?": what blocking does, said before it is done. */
export function BlockDialog({
  open,
  name,
  pending,
  error,
  onConfirm,
  onClose,
}: {
  open: boolean;
  name: string;
  pending: boolean;
  error: unknown;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('chat');
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby="block-title"
      data-testid="block-dialog"
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id="block-title">{t('block.title', { name })}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('block.text')}</DialogContentText>
        {error ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {translateError(t, error instanceof ApiError ? error : {})}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{t('block.cancel')}</Button>
        <Button variant="contained" color="error" onClick={onConfirm} loading={pending} data-testid="confirm-block">
          {t('block.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
