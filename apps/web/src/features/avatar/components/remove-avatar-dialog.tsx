import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

export interface RemoveAvatarDialogProps {
  open: boolean;
  removing: boolean;
  error: string | null;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Asks before the photo goes: its files are deleted on the server, there is no undo. */
export function RemoveAvatarDialog({ open, removing, error, onCancel, onConfirm }: RemoveAvatarDialogProps) {
  const { t } = useTranslation('avatar');
  return (
    <Dialog
      open={open}
      onClose={removing ? undefined : onCancel}
      aria-labelledby="avatar-remove-title"
      aria-describedby="avatar-remove-text"
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id="avatar-remove-title">{t('remove.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="avatar-remove-text">{t('remove.text')}</DialogContentText>
        {error && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} disabled={removing} autoFocus>
          {t('remove.cancel')}
        </Button>
        <Button color="error" variant="contained" onClick={onConfirm} loading={removing}>
          {t('remove.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
