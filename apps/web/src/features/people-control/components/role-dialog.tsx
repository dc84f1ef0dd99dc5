import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Controller, useWatch } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ROLES } from '@app/shared/constants';
import { SALE_LEVELS } from '@app/shared/constants';
import { setRoleRequestSchema, type PersonRow, type SetRoleRequest } from '@app/shared/schemas/people-control';
import { fieldText, serverErrorText, useZodForm } from '../../../components/form/form';
import { FormTextField } from '../../../components/form/form-fields';
import { usePersonAction } from '../api/person-actions';

/** Sets the role (user, moderator, admin) and a moderator's level, with the reason for the audit log. */
export function RoleDialog({
  person,
  name,
  onClose,
  onDone,
}: {
  person: PersonRow;
  name: string;
  onClose(): void;
  onDone(): void;
}) {
  const { t } = useTranslation('moderation');
  const act = usePersonAction();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useZodForm<SetRoleRequest>(setRoleRequestSchema, {
    role: person.role,
    level: person.level ?? undefined,
    reason: '',
  });
  const role = useWatch({ control: form.control, name: 'role' });

  const onSubmit = form.handleSubmit(async (body) => {
    setFormError(null);
    try {
      await act.mutateAsync({
        kind: 'role',
        id: person.id,
        body: { ...body, level: body.role === 'moderator' ? body.level : undefined },
      });
      onDone();
    } catch (error) {
      setFormError(serverErrorText(t, error, form.setError, ['role', 'level', 'reason']));
    }
  });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" data-testid="person-role-dialog">
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle>{t('person.roleDialog.title', { name })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <DialogContentText>{t('person.roleDialog.text')}</DialogContentText>
            {formError && <Alert severity="error">{formError}</Alert>}
            <Controller
              name="role"
              control={form.control}
              render={({ field, fieldState }) => (
                <TextField
                  select
                  label={t('person.roleDialog.role')}
                  {...field}
                  error={Boolean(fieldState.error)}
                  helperText={fieldText(t, fieldState.error)}
                  slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'person-role-select' } as object } }}
                >
                  {ROLES.map((value) => (
                    <MenuItem key={value} value={value}>
                      {t(`roles.${value}`)}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            {role === 'moderator' && (
              <Controller
                name="level"
                control={form.control}
                render={({ field, fieldState }) => (
                  <TextField
                    select
                    label={t('person.roleDialog.level')}
                    {...field}
                    value={field.value ?? ''}
                    error={Boolean(fieldState.error)}
                    helperText={fieldText(t, fieldState.error) ?? t('person.roleDialog.levelHint')}
                  >
                    {SALE_LEVELS.map((value) => (
                      <MenuItem key={value} value={value}>
                        {t(`common:levels.${value}`)}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            )}
            <FormTextField
              control={form.control}
              name="reason"
              label={t('reason')}
              multiline
              minRows={2}
              slotProps={{ htmlInput: { 'data-testid': 'person-role-reason' } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button color="inherit" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={form.formState.isSubmitting}
            data-testid="person-role-confirm"
          >
            {t('person.actions.role')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
