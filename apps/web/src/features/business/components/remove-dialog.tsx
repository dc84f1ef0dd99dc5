import { useState } from 'react';
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
import { useRemoveCompany } from '../api/save-company';

/** Removing the company, once confirmed: what happens to its promotions is said before (decision 031). */
export function RemoveDialog({ open, name, onClose }: { open: boolean; name: string; onClose: () => void }) {
  const { t } = useTranslation('business');
  const remove = useRemoveCompany();
  const [error, setError] = useState<string | null>(null);
  async function confirm() {
    setError(null);
    try {
      await remove.mutateAsync();
      onClose();
    } catch (e) {
      setError(translateError(t, e instanceof ApiError ? e : { code: 'UNKNOWN_ERROR' }));
    }
  }
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth data-testid="remove-dialog">
      <DialogTitle>{t('remove.title', { name })}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('remove.text')}</DialogContentText>
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={onClose}>
          {t('remove.cancel')}
        </Button>
        <Button
          color="error"
          variant="contained"
          onClick={() => void confirm()}
          disabled={remove.isPending}
          data-testid="remove-confirm"
        >
          {t('remove.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
