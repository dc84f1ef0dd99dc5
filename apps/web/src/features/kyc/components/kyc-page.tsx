import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DocumentIcon from '@mui/icons-material/BadgeOutlined';
import SelfieIcon from '@mui/icons-material/FaceRetouchingNaturalOutlined';
import ReviewIcon from '@mui/icons-material/HowToRegOutlined';
import LockIcon from '@mui/icons-material/LockOutlined';
import { KYC_REVIEW_HOURS, kycLevelSchema, type KycApplication } from '@app/shared/schemas/kyc';
import { PageHeader } from '../../../components/page-header';
import { ApiError } from '../../../lib/api-client';
import { translateError } from '../../../lib/i18n';
import { useKycApplication } from '../api/get-kyc-application';
import { useStartKycApplication } from '../api/start-kyc-application';
import { AttemptHistory } from './attempt-history';
import { PhotoStep } from './photo-step';
import { ReviewStep } from './review-step';
import { SelfieCode } from './selfie-code';
import { StatusPanel } from './status-panel';
import { StepCard } from './step-card';

const INTRO_STEPS = [
  { key: 'document', icon: DocumentIcon },
  { key: 'selfie', icon: SelfieIcon },
  { key: 'review', icon: ReviewIcon },
] as const;

/** Before the first application: the three steps in brief, and the button that starts them. */
function Intro() {
  const { t } = useTranslation(['kyc', 'errors']);
  const [params] = useSearchParams();
  const level = kycLevelSchema.safeParse(params.get('level')).data;
  const start = useStartKycApplication();
  return (
    <Stack spacing={3} data-testid="kyc-intro">
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
        {INTRO_STEPS.map(({ key, icon: Icon }, index) => (
          <Box
            key={key}
            sx={{ p: 2.5, borderRadius: 3, border: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
          >
            <Icon sx={{ color: 'primary.main', fontSize: 32 }} />
            <Typography variant="overline" color="textSecondary" sx={{ display: 'block', mt: 1 }}>
              {t('steps.number', { number: index + 1 })}
            </Typography>
            <Typography sx={{ fontWeight: 600 }}>{t(`steps.${key}.title`)}</Typography>
            <Typography variant="body2" color="textSecondary" sx={{ mt: 0.5 }}>
              {t(`intro.${key}`, { hours: KYC_REVIEW_HOURS })}
            </Typography>
          </Box>
        ))}
      </Box>
      <Stack direction="row" sx={{ gap: 1.5, alignItems: 'flex-start', color: 'text.secondary' }}>
        <LockIcon fontSize="small" sx={{ mt: 0.25 }} />
        <Typography variant="body2">{t('intro.privacy')}</Typography>
      </Stack>
      {start.error && (
        <Alert severity="error" role="alert">
          {translateError(t, start.error instanceof ApiError ? start.error : {})}
        </Alert>
      )}
      <Button
        variant="contained"
        size="large"
        sx={{ alignSelf: { xs: 'stretch', sm: 'flex-start' } }}
        disabled={start.isPending}
        startIcon={start.isPending ? <CircularProgress size={18} color="inherit" /> : undefined}
        onClick={() => start.mutate(level)}
        data-testid="kyc-start"
      >
        {t('intro.start')}
      </Button>
    </Stack>
  );
}

function Steps({ application }: { application: KycApplication }) {
  const { t } = useTranslation('kyc');
  const editable = application.status === 'draft';
  const next = application.nextAction;
  const { document, selfie, review } = application.steps;
  return (
    <Stack spacing={2}>
      <StepCard
        number={1}
        step="document"
        state={document.state}
        title={t('steps.document.title')}
        lead={editable ? t('steps.document.lead') : undefined}
        active={next === 'upload_document'}
      >
        <PhotoStep step="document" application={application} editable={editable} />
      </StepCard>
      <StepCard
        number={2}
        step="selfie"
        state={selfie.state}
        title={t('steps.selfie.title')}
        lead={editable ? t('steps.selfie.lead') : undefined}
        active={next === 'upload_selfie'}
      >
        <Stack spacing={2}>
          {editable && application.selfieCode && (
            <SelfieCode code={application.selfieCode} hasSelfie={selfie.state === 'done'} />
          )}
          <PhotoStep step="selfie" application={application} editable={editable} />
        </Stack>
      </StepCard>
      <StepCard
        number={3}
        step="review"
        state={review.state}
        title={t('steps.review.title')}
        lead={editable ? t('steps.review.lead', { hours: KYC_REVIEW_HOURS }) : undefined}
        active={next === 'submit' || next === 'wait_review'}
      >
        <ReviewStep application={application} />
      </StepCard>
    </Stack>
  );
}

/** /kyc: identity verification in three steps, the decision, and every earlier attempt. */
export function KycPage() {
  const { t } = useTranslation(['kyc', 'errors']);
  const query = useKycApplication();
  const application = query.data;

  return (
    <Box data-testid="kyc-page" data-status={application?.status}>
      <PageHeader
        eyebrow={t('eyebrow')}
        title={t('title')}
        lead={t('lead', { hours: KYC_REVIEW_HOURS })}
        maxWidth="md"
      />
      <Container maxWidth="md" sx={{ pb: { xs: 6, md: 10 } }}>
        {query.isPending ? (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
            <CircularProgress aria-label={t('loading')} />
          </Box>
        ) : query.isError || !application ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" onClick={() => void query.refetch()}>
                {t('retry')}
              </Button>
            }
          >
            {translateError(t, query.error instanceof ApiError ? query.error : {})}
          </Alert>
        ) : (
          <Stack spacing={3}>
            <StatusPanel application={application} />
            {application.id === null ? <Intro /> : <Steps application={application} />}
            <AttemptHistory attempts={application.attempts} />
          </Stack>
        )}
      </Container>
    </Box>
  );
}
