import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { KycApplication } from '@app/shared/schemas/kyc';
import { RouterLink } from '../../../components/router-link';
import { VerifiedCheck } from '../../../components/verified-check';
import { ApiError } from '../../../lib/api-client';
import { translateError } from '../../../lib/i18n';
import { useStartKycApplication } from '../api/start-kyc-application';

/** The moderator's words to the person, set apart from the screen's own text. */
function ModeratorComment({ comment }: { comment: string }) {
  const { t } = useTranslation('kyc');
  return (
    <Box
      component="blockquote"
      data-testid="kyc-moderator-comment"
      sx={{ m: 0, mt: 1, pl: 1.5, borderLeft: 3, borderColor: 'currentColor', whiteSpace: 'pre-wrap' }}
    >
      <Typography variant="caption" sx={{ display: 'block', opacity: 0.8 }}>
        {t('decision.commentLabel')}
      </Typography>
      {comment}
    </Box>
  );
}

/**
 * Where the application stands and what to do next: the decision with the moderator's comment,
 * the attempts left after a rejection, and the way on (market, a new attempt, support).
 */
export function StatusPanel({ application }: { application: KycApplication }) {
  const { t } = useTranslation(['kyc', 'common', 'errors']);
  const start = useStartKycApplication();
  const { status } = application;
  const level = application.maxNftType ? t(`common:levels.${application.maxNftType}`) : null;
  const reason = application.reasonCode ? t(`reasons.${application.reasonCode}`) : null;

  if (status === 'approved') {
    return (
      <Alert
        severity="success"
        data-testid="kyc-status"
        data-status={status}
        action={
          <Button color="inherit" href="/market" LinkComponent={RouterLink}>
            {t('decision.toMarket')}
          </Button>
        }
      >
        <AlertTitle sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
          {t('decision.approvedTitle')} <VerifiedCheck verified size={20} testId="kyc-verified" />
        </AlertTitle>
        {t('decision.approvedText', { level })}
        {application.moderatorComment && <ModeratorComment comment={application.moderatorComment} />}
      </Alert>
    );
  }

  if (status === 'rejected_forever') {
    return (
      <Alert
        severity="error"
        data-testid="kyc-status"
        data-status={status}
        action={
          <Button color="inherit" href="/support" LinkComponent={RouterLink} data-testid="kyc-support">
            {t('decision.support')}
          </Button>
        }
      >
        <AlertTitle>{t('decision.foreverTitle')}</AlertTitle>
        {t('decision.foreverText')}
        {reason && <Typography sx={{ mt: 1, fontWeight: 600 }}>{t('decision.reason', { reason })}</Typography>}
        {application.moderatorComment && <ModeratorComment comment={application.moderatorComment} />}
      </Alert>
    );
  }

  if (status === 'rejected') {
    const left = Math.max(0, application.maxAttempts - application.rejections);
    return (
      <Alert severity="error" data-testid="kyc-status" data-status={status} data-revoked={application.revoked}>
        <AlertTitle>{application.revoked ? t('decision.revokedTitle') : t('decision.rejectedTitle')}</AlertTitle>
        {application.revoked ? t('decision.revokedText') : t('decision.rejectedText')}
        {reason && <Typography sx={{ mt: 1, fontWeight: 600 }}>{t('decision.reason', { reason })}</Typography>}
        {application.moderatorComment && <ModeratorComment comment={application.moderatorComment} />}
        <Stack spacing={0.5} sx={{ mt: 1.5 }}>
          {application.meetingsUntilAnnulment !== null && application.meetingsUntilAnnulment > 0 && (
            <Typography variant="body2">
              {t('decision.annulment', { count: application.meetingsUntilAnnulment })}
            </Typography>
          )}
          <Typography variant="body2" data-testid="kyc-attempts-left">
            {left > 1 ? t('decision.attemptsLeft', { count: left }) : t('decision.lastAttempt')}
          </Typography>
        </Stack>
        {application.nextAction === 'resubmit' && (
          <Button
            variant="contained"
            color="error"
            sx={{ mt: 1.5 }}
            disabled={start.isPending}
            startIcon={start.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
            onClick={() => start.mutate(undefined)}
            data-testid="kyc-resubmit"
          >
            {t('decision.resubmit')}
          </Button>
        )}
        {start.error && (
          <Typography variant="body2" sx={{ mt: 1 }} role="alert">
            {translateError(t, start.error instanceof ApiError ? start.error : {})}
          </Typography>
        )}
      </Alert>
    );
  }

  if (status === 'requested') {
    return (
      <Alert severity="info" data-testid="kyc-status" data-status={status}>
        <AlertTitle>{t('next.waitTitle')}</AlertTitle>
        {t('next.waitText')}
      </Alert>
    );
  }

  // A draft: what the next step asks for.
  const next = application.nextAction;
  if (next !== 'upload_document' && next !== 'upload_selfie' && next !== 'submit') return null;
  return (
    <Alert severity="info" variant="outlined" data-testid="kyc-status" data-status={status} data-next={next}>
      <AlertTitle>{t('next.title')}</AlertTitle>
      {t(`next.${next}`)}
    </Alert>
  );
}
