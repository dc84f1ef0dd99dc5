import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { setStaffCodePrompt, type StaffCodeReason } from '../../../lib/staff-code-prompt';
import { StaffCodeForm } from './staff-code-form';

/**
 * While the admin area is open: a staff call refused for want of a (fresh) code opens this dialog,
 * and the call goes again once the code is accepted (lib/staff-code-prompt).
 */
export function StaffCodeDialog() {
  const { t } = useTranslation('auth');
  const [reason, setReason] = useState<StaffCodeReason | null>(null);
  const answer = useRef<((given: boolean) => void) | null>(null);

  useEffect(
    () =>
      setStaffCodePrompt(
        (next) =>
          new Promise<boolean>((resolve) => {
            answer.current = resolve;
            setReason(next);
          }),
      ),
    [],
  );

  const close = (given: boolean) => {
    answer.current?.(given);
    answer.current = null;
    setReason(null);
  };

  return (
    <Dialog
      open={reason !== null}
      onClose={() => close(false)}
      aria-labelledby="staff-code-title"
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id="staff-code-title">{t('staff.codeTitle')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
          {t('staff.freshText')}
        </Typography>
        <StaffCodeForm onDone={() => close(true)} onCancel={() => close(false)} />
      </DialogContent>
    </Dialog>
  );
}
