import { useTranslation } from 'react-i18next';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import ScheduleIcon from '@mui/icons-material/Schedule';
import { formatElapsed } from '../../../lib/elapsed';

/** How long an application has waited, with a red mark once past the 24-hour promise. */
export function WaitingTime({
  submittedAt,
  overdue,
  now,
}: {
  submittedAt: string | null;
  overdue: boolean;
  now: number;
}) {
  const { t } = useTranslation('kyc');
  if (!submittedAt) return null;
  const elapsed = formatElapsed(t, now - Date.parse(submittedAt));
  return overdue ? (
    <Chip
      size="small"
      color="error"
      icon={<ScheduleIcon />}
      label={t('control.overdue', { elapsed })}
      data-testid="kyc-overdue"
    />
  ) : (
    <Typography variant="body2" color="textSecondary" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      <ScheduleIcon sx={{ fontSize: 16 }} />
      {t('control.waiting', { elapsed })}
    </Typography>
  );
}
