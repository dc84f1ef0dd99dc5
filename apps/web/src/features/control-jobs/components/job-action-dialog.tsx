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
import { jobActionSchema, type JobAction } from '@app/shared/schemas/operations';
import { serverErrorText, useZodForm } from '../../../components/form/form';
import { FormTextField } from '../../../components/form/form-fields';
import type { JobActionKind } from '../api/job-actions';

/**
 * Confirms a retry or a discard (of a failed job, or a retrying worker row), with an optional
 * reason that goes to the audit log. `title` and `text` say what is acted on; `run` does it.
 */
export function JobActionDialog({
  kind,
  title,
  text,
  run,
  onClose,
  onDone,
}: {
  kind: JobActionKind;
  title: string;
  text: string;
  run: (body: JobAction) => Promise<unknown>;
  onClose: () => void;
  onDone: (kind: JobActionKind) => void;
}) {
  const { t } = useTranslation('operations');
  const [formError, setFormError] = useState<string | null>(null);
  const form = useZodForm(jobActionSchema, { reason: '' });

  const onSubmit = form.handleSubmit(async ({ reason }) => {
    setFormError(null);
    try {
      await run(reason ? { reason } : {});
      onDone(kind);
    } catch (error) {
      setFormError(serverErrorText(t, error, form.setError, ['reason']));
    }
  });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" data-testid="job-action-dialog">
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>{text}</DialogContentText>
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
