import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { KycAttempt } from '@app/shared/schemas/kyc';
import { useFormat } from '../../../lib/use-format';
import { KycStatusChip } from '../../../components/kyc-status-chip';

/** Every decided submission and its outcome, newest first: rejections stay on record; the open one is the steps above. */
export function AttemptHistory({ attempts }: { attempts: KycAttempt[] }) {
  const { t } = useTranslation('kyc');
  const f = useFormat();
  const shown = attempts.filter((attempt) => attempt.decidedAt).sort((a, b) => b.number - a.number);
  if (shown.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="kyc-history" data-testid="kyc-history">
      <Typography id="kyc-history" variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {t('history.title')}
      </Typography>
      <Stack spacing={1}>
        {shown.map((attempt) => (
          <Box
            key={attempt.number}
            data-testid="kyc-attempt"
            data-status={attempt.status}
            sx={{ p: 2, borderRadius: 2, border: 1, borderColor: 'divider', opacity: attempt.annulledAt ? 0.7 : 1 }}
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
              {attempt.submittedAt && t('history.submitted', { date: f.dateTime(attempt.submittedAt) })}
              {attempt.decidedAt && ` · ${t('history.decided', { date: f.dateTime(attempt.decidedAt) })}`}
            </Typography>
            {attempt.reasonCode && (
              <Typography variant="body2" sx={{ mt: 0.5 }}>
                {t('decision.reason', { reason: t(`reasons.${attempt.reasonCode}`) })}
              </Typography>
            )}
            {attempt.moderatorComment && (
              <Typography variant="body2" sx={{ mt: 0.5, whiteSpace: 'pre-wrap' }} color="textSecondary">
                “{attempt.moderatorComment}”
              </Typography>
            )}
          </Box>
        ))}
      </Stack>
    </Box>
  );
}
