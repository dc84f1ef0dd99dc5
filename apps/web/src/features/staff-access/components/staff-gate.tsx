import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTotpStatus } from '../../../lib/step-up';
import { useStaffAccess } from '../api/staff-access';
import { StaffCodeDialog } from './staff-code-dialog';
import { StaffCodeForm } from './staff-code-form';

/**
 * The admin area opens for staff whose sign-in proved the authenticator (decision 029): staff
 * without one set it up first (`enrol`, the account's TOTP section), the others give a code.
 * The server refuses staff calls without it regardless; this only says what to do.
 */
export function StaffGate({ enrol, children }: { enrol: ReactNode; children: ReactNode }) {
  const { t } = useTranslation('auth');
  const access = useStaffAccess();
  const totp = useTotpStatus();
  const data = access.data;

  if (!data) {
    return (
      <Stack sx={{ py: 6, alignItems: 'center' }}>
        {access.isError ? <Alert severity="error">{t('errors:UNKNOWN_ERROR')}</Alert> : <CircularProgress />}
      </Stack>
    );
  }
  if (!data.staff) {
    return (
      <Alert severity="info" sx={{ my: 3 }} data-testid="staff-gate-not-staff">
        {t('staff.notStaff')}
      </Alert>
    );
  }
  if (data.required && !data.enrolled) {
    return (
      <Stack spacing={2} sx={{ my: 3, maxWidth: 640 }} data-testid="staff-gate-enrol">
        <Typography variant="h5" component="h1">
          {t('staff.enrolTitle')}
        </Typography>
        <Typography color="textSecondary">{t('staff.enrolText')}</Typography>
        {enrol}
        {/* The recovery codes are on screen once: the area opens when the person says they kept them. */}
        {totp.data?.enabled && (
          <Alert
            severity="success"
            action={
              <Button color="inherit" onClick={() => void access.refetch()} data-testid="staff-gate-continue">
                {t('staff.continue')}
              </Button>
            }
          >
            {t('staff.enrolled')}
          </Alert>
        )}
      </Stack>
    );
  }
  if (data.required && !data.provenAt) {
    return (
      <Card sx={{ my: 3, maxWidth: 480 }} data-testid="staff-gate-code">
        <CardContent sx={{ p: 3 }}>
          <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
            {t('staff.codeTitle')}
          </Typography>
          <Typography color="textSecondary" sx={{ mb: 2 }}>
            {t('staff.codeText', { hours: data.sessionHours })}
          </Typography>
          <StaffCodeForm onDone={() => undefined} />
        </CardContent>
      </Card>
    );
  }
  return (
    <>
      {children}
      <StaffCodeDialog />
    </>
  );
}
