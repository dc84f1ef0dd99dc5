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
import { staffReasonRequestSchema } from '@app/shared/schemas/people-control';
import { serverErrorText, useZodForm } from './form/form';
import { FormTextField } from './form/form-fields';

export interface ReasonDialogProps {
  title: string;
  text: string;
  label: string;
  confirm: string;
  cancel: string;
  /** Red for what takes something away (block, dismiss). */
  danger?: boolean;
  testId: string;
  onConfirm(reason: string): Promise<unknown>;
  onClose(): void;
}

/** A staff action that asks why: the reason is checked by the server's rule and goes to the audit log. */
export function ReasonDialog({
  title,
  text,
  label,
  confirm,
  cancel,
  danger,
  testId,
  onConfirm,
  onClose,
}: ReasonDialogProps) {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useZodForm(staffReasonRequestSchema, { reason: '' });

  const onSubmit = form.handleSubmit(async ({ reason }) => {
    setFormError(null);
    try {
      await onConfirm(reason);
      onClose();
    } catch (error) {
      setFormError(serverErrorText(t, error, form.setError, ['reason']));
    }
  });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" data-testid={testId}>
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>{text}</DialogContentText>
            {formError && (
              <Alert severity="error" data-testid={`${testId}-error`}>
                {formError}
              </Alert>
            )}
            <FormTextField
              control={form.control}
              name="reason"
              label={label}
              multiline
              minRows={2}
              autoFocus
              slotProps={{ htmlInput: { 'data-testid': `${testId}-reason` } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button color="inherit" onClick={onClose}>
            {cancel}
          </Button>
          <Button
            type="submit"
            color={danger ? 'error' : 'primary'}
            variant="contained"
            disabled={form.formState.isSubmitting}
            data-testid={`${testId}-confirm`}
          >
            {confirm}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
