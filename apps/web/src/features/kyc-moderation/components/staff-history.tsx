import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { KycStaffAttempt } from '@app/shared/schemas/kyc';
import { KycStatusChip } from '../../../components/kyc-status-chip';
import { useFormat } from '../../../lib/use-format';

/** Every attempt of the person with who decided, who confirmed, and the internal notes. */
export function StaffHistory({ attempts }: { attempts: KycStaffAttempt[] }) {
  const { t } = useTranslation('kyc');
  const f = useFormat();
  if (attempts.length === 0) return null;
  const sorted = [...attempts].sort((a, b) => b.number - a.number);
  return (
    <Box component="section" aria-labelledby="kyc-staff-history" data-testid="kyc-staff-history">
      <Typography id="kyc-staff-history" variant="h6" component="h3" sx={{ mb: 1 }}>
        {t('control.history.title')}
      </Typography>
      <Stack spacing={1}>
        {sorted.map((attempt) => (
          <Box
            key={attempt.number}
            sx={{ p: 1.5, borderRadius: 2, border: 1, borderColor: 'divider' }}
            data-testid="kyc-staff-attempt"
          >
            <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography sx={{ fontWeight: 600 }}>{t('history.attempt', { number: attempt.number })}</Typography>
              <KycStatusChip status={attempt.status} revocation={attempt.revocation} />
              {attempt.annulledAt && (
                <Typography variant="body2" color="textSecondary">
                  {t('history.annulled', { date: f.date(attempt.annulledAt) })}
                </Typography>
              )}
            </Stack>
            <Typography variant="body2" color="textSecondary" sx={{ mt: 0.5 }}>
              {[
                attempt.submittedAt && t('history.submitted', { date: f.dateTime(attempt.submittedAt) }),
                attempt.decidedAt && t('history.decided', { date: f.dateTime(attempt.decidedAt) }),
                attempt.decidedBy && t('control.history.by', { name: attempt.decidedBy.name }),
                attempt.confirmedBy && t('control.history.confirmedBy', { name: attempt.confirmedBy.name }),
                attempt.selfieCode && t('control.history.code', { code: attempt.selfieCode }),
              ]
                .filter(Boolean)
                .join(' · ')}
            </Typography>
            {attempt.reasonCode && (
              <Typography variant="body2" sx={{ mt: 0.5 }}>
                {t('control.pending.reason', { reason: t(`control.reasons.${attempt.reasonCode}`) })}
              </Typography>
            )}
            {attempt.moderatorComment && (
              <Typography variant="body2" sx={{ mt: 0.5, whiteSpace: 'pre-wrap' }}>
                {t('control.pending.comment', { comment: attempt.moderatorComment })}
              </Typography>
            )}
            {attempt.internalNote && (
              <Typography variant="body2" sx={{ mt: 0.5, whiteSpace: 'pre-wrap' }} color="warning">
                {t('control.pending.note', { note: attempt.internalNote })}
              </Typography>
            )}
          </Box>
        ))}
      </Stack>
    </Box>
  );
}
