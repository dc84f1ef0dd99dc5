import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import SendIcon from '@mui/icons-material/SendOutlined';
import type { KycApplication } from '@app/shared/schemas/kyc';
import { ApiError } from '../../../lib/api-client';
import { formatElapsed } from '../../../lib/elapsed';
import { translateError, translateMessage } from '../../../lib/i18n';
import { useFormat } from '../../../lib/use-format';
import { useNow } from '../../../lib/use-now';
import { useSubmitKycApplication } from '../api/submit-kyc-application';

/** Step 3: send both photos to a moderator, then the time waited against the 24-hour promise. */
export function ReviewStep({ application }: { application: KycApplication }) {
  const { t } = useTranslation(['kyc', 'msg', 'errors']);
  const f = useFormat();
  const review = application.steps.review;
  const waiting = review.state === 'waiting';
  const now = useNow(30_000, { active: waiting });
  const submit = useSubmitKycApplication();

  if (application.status === 'draft') {
    const missing = !application.steps.document.photo
      ? translateMessage(t, 'msg.document-required')
      : !application.steps.selfie.photo
        ? translateError(t, { code: 'KYC_SELFIE_REQUIRED' })
        : null;
    return (
      <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        {missing && (
          <Typography variant="body2" color="warning" data-testid="kyc-submit-missing">
            {missing}
          </Typography>
        )}
        {submit.error && (
          <Alert severity="error" role="alert" sx={{ alignSelf: 'stretch' }} data-testid="kyc-submit-error">
            {translateError(t, submit.error instanceof ApiError ? submit.error : {})}
          </Alert>
        )}
        <Button
          variant="contained"
          size="large"
          startIcon={submit.isPending ? <CircularProgress size={18} color="inherit" /> : <SendIcon />}
          disabled={missing !== null || submit.isPending}
          onClick={() => submit.mutate(application.version)}
          data-testid="kyc-submit"
        >
          {t('review.submit')}
        </Button>
      </Stack>
    );
  }

  if (waiting && review.submittedAt) {
    const submitted = Date.parse(review.submittedAt);
    const due = review.dueAt ? Date.parse(review.dueAt) : null;
    const late = due !== null && now > due;
    return (
      <Stack spacing={0.5} data-testid="kyc-review-waiting">
        <Typography>
          {t('review.waited', { elapsed: formatElapsed(t, now - submitted), date: f.dateTime(review.submittedAt) })}
        </Typography>
        {due !== null && (
          <Typography variant="body2" color={late ? 'warning' : 'textSecondary'}>
            {late ? t('review.late') : t('review.dueBy', { date: f.dateTime(review.dueAt!) })}
          </Typography>
        )}
      </Stack>
    );
  }

  if (review.decidedAt) {
    return (
      <Typography color="textSecondary" data-testid="kyc-review-decided">
        {t('review.decidedOn', { date: f.dateTime(review.decidedAt) })}
        {review.submittedAt &&
          ` · ${t('review.tookTime', { elapsed: formatElapsed(t, Date.parse(review.decidedAt) - Date.parse(review.submittedAt)) })}`}
      </Typography>
    );
  }
  return null;
}
