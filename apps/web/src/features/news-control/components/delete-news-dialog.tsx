import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

interface DeleteNewsDialogProps {
  open: boolean;
  title: string;
  deleting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Deleting cannot be undone (the image goes too), so it asks first, naming the item. */
export function DeleteNewsDialog({ open, title, deleting, onCancel, onConfirm }: DeleteNewsDialogProps) {
  const { t } = useTranslation('news');
  return (
    <Dialog open={open} onClose={deleting ? undefined : onCancel} aria-labelledby="delete-news-title">
      <DialogTitle id="delete-news-title">{t('delete.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('delete.body', { title })}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={deleting}>
          {t('delete.cancel')}
        </Button>
        <Button
          color="error"
          variant="contained"
          onClick={onConfirm}
          disabled={deleting}
          data-testid="news-delete-confirm"
        >
          {t('delete.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
