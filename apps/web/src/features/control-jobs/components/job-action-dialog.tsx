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
import { jobActionSchema, type FailedJob } from '@app/shared/schemas/operations';
import { serverErrorText, useZodForm } from '../../../components/form/form';
import { FormTextField } from '../../../components/form/form-fields';
import { useJobAction, type JobActionKind } from '../api/job-actions';

/** Confirms a retry or a discard, with an optional reason that goes to the audit log. */
export function JobActionDialog({
  job,
  kind,
  onClose,
  onDone,
}: {
  job: FailedJob;
  kind: JobActionKind;
  onClose: () => void;
  onDone: (kind: JobActionKind) => void;
}) {
  const { t } = useTranslation('operations');
  const act = useJobAction();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useZodForm(jobActionSchema, { reason: '' });

  const onSubmit = form.handleSubmit(async ({ reason }) => {
    setFormError(null);
    try {
      await act.mutateAsync({ id: job.id, kind, body: reason ? { reason } : {} });
      onDone(kind);
    } catch (error) {
      setFormError(serverErrorText(t, error, form.setError, ['reason']));
    }
  });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" data-testid="job-action-dialog">
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle>{t(`jobs.action.${kind}Title`)}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>{t(`jobs.action.${kind}Text`, { queue: job.queue })}</DialogContentText>
            {formError && <Alert severity="error">{formError}</Alert>}
            <FormTextField
              control={form.control}
              name="reason"
              label={t('jobs.action.reason')}
              multiline
              minRows={2}
              autoFocus
              slotProps={{ htmlInput: { 'data-testid': 'job-action-reason' } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button color="inherit" onClick={onClose}>
            {t('jobs.action.cancel')}
          </Button>
          <Button
            type="submit"
            color={kind === 'discard' ? 'error' : 'primary'}
            variant="contained"
            disabled={form.formState.isSubmitting}
            data-testid="job-action-confirm"
          >
            {t(`jobs.failed.${kind}`)}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
