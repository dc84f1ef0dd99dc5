import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ApiError } from '../../../lib/api-client';
import { translateError } from '../../../lib/i18n';
import { useProveStaffAccess } from '../api/staff-access';

/** The authenticator's 6 digits, or one recovery code, proved for this sign-in. */
export function StaffCodeForm({ onDone, onCancel }: { onDone: () => void; onCancel?: () => void }) {
  const { t } = useTranslation('auth');
  const prove = useProveStaffAccess();
  const [recovery, setRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const code = value.trim();
    try {
      await prove.mutateAsync(recovery ? { recoveryCode: code } : { totp: code.replace(/\s+/g, '') });
      setValue('');
      onDone();
    } catch (e) {
      setError(translateError(t, e instanceof ApiError ? e : { code: 'UNKNOWN_ERROR' }));
    }
  };

  return (
    <Stack component="form" spacing={2} noValidate onSubmit={submit} data-testid="staff-code-form">
      {error && (
        <Alert severity="error" data-testid="staff-code-error">
          {error}
        </Alert>
      )}
      <TextField
        label={t(recovery ? 'staff.recoveryCode' : 'staff.code')}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        autoComplete="one-time-code"
        autoFocus
        slotProps={{ htmlInput: recovery ? { maxLength: 40 } : { inputMode: 'numeric', maxLength: 7 } }}
      />
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button type="submit" variant="contained" disabled={!value.trim() || prove.isPending}>
          {t('staff.submit')}
        </Button>
        {onCancel && <Button onClick={onCancel}>{t('staff.cancel')}</Button>}
        <Button
          onClick={() => {
            setRecovery(!recovery);
            setValue('');
            setError(null);
          }}
        >
          {t(recovery ? 'staff.useApp' : 'staff.useRecovery')}
        </Button>
      </Stack>
    </Stack>
  );
}
