import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { cpaDecisionSchema, type CpaPartnerRow } from '@app/shared/schemas/cpa-programme';
import { serverErrorText, useZodForm } from '../../../components/form/form';
import { FormTextField } from '../../../components/form/form-fields';
import { useDecidePartner } from '../api/decide-partner';

/** The reason field of a rejection, checked by the same rule the server uses. */
const reasonSchema = cpaDecisionSchema.options[1].omit({ decision: true });

/**
 * Rejects an application, or withdraws a partner's approval (`revoke`), with a reason the person
 * reads in their cabinet.
 */
export function RejectDialog({
  partner,
  mode = 'reject',
  onClose,
  onDone,
}: {
  partner: CpaPartnerRow;
  mode?: 'reject' | 'revoke';
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('cpa');
  const decide = useDecidePartner();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useZodForm(reasonSchema, { reason: '' });

  const onSubmit = form.handleSubmit(async ({ reason }) => {
    setFormError(null);
    try {
      await decide.mutateAsync({ userId: partner.userId, decision: { decision: 'reject', reason } });
      onDone();
    } catch (error) {
      setFormError(serverErrorText(t, error, form.setError, ['reason']));
    }
  });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" data-testid="cpa-reject-dialog">
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle>{t(`control.${mode}.title`, { name: partner.username ?? partner.email })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>{t(`control.${mode}.text`)}</DialogContentText>
            {formError && <Alert severity="error">{formError}</Alert>}
            <FormTextField
              control={form.control}
              name="reason"
              label={t('control.reject.reason')}
              multiline
              minRows={3}
              autoFocus
              slotProps={{ htmlInput: { 'data-testid': 'cpa-reject-reason' } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button color="inherit" onClick={onClose}>
            {t('control.reject.cancel')}
          </Button>
          <Button
            type="submit"
            color="error"
            variant="contained"
            disabled={form.formState.isSubmitting}
            data-testid="cpa-reject-confirm"
          >
            {t(`control.${mode}.confirm`)}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
