import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { FailedJob, RetryingStep } from '@app/shared/schemas/operations';
import { translateError } from '../../../lib/i18n';
import { useOperations } from '../api/get-operations';
import { useJobAction, useRetryChainStep, type JobActionKind } from '../api/job-actions';
import { ChainStepsGrid, DifferencesGrid } from './chain-grids';
import { FailedJobsGrid } from './failed-jobs-grid';
import { JobActionDialog } from './job-action-dialog';
import { RetryingStepsGrid } from './retrying-steps-grid';

function Section({
  id,
  title,
  lead,
  children,
}: {
  id: string;
  title: string;
  lead?: string;
  children: React.ReactNode;
}) {
  return (
    <Box component="section" aria-labelledby={id}>
      <Typography variant="h5" component="h2" id={id} sx={{ mb: lead ? 0.5 : 1.5 }}>
        {title}
      </Typography>
      {lead && (
        <Typography color="textSecondary" sx={{ mb: 1.5, maxWidth: 760 }}>
          {lead}
        </Typography>
      )}
      {children}
    </Box>
  );
}

/**
 * /control/jobs: failed jobs to retry or discard, chain steps stuck or reverted, worker rows
 * retrying or parked (try now), reconciliation.
 */
export function JobsPage() {
  const { t } = useTranslation('operations');
  const overview = useOperations();
  const [acting, setActing] = useState<{ job: FailedJob; kind: JobActionKind } | null>(null);
  const [retrying, setRetrying] = useState<RetryingStep | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const onAction = useCallback((job: FailedJob, kind: JobActionKind) => setActing({ job, kind }), []);
  const onRetryStep = useCallback((step: RetryingStep) => setRetrying(step), []);
  const actOnJob = useJobAction();
  const retryStep = useRetryChainStep();
  const loading = overview.isPending;

  return (
    <Stack spacing={4} sx={{ py: 3 }} data-testid="control-jobs">
      <Box>
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 26, md: 32 } }}>
          {t('jobs.title')}
        </Typography>
        <Typography color="textSecondary" sx={{ maxWidth: 760 }}>
          {t('jobs.lead')}
        </Typography>
      </Box>

      {overview.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => overview.refetch()}>
              {t('retry')}
            </Button>
          }
        >
          {translateError(t, overview.error)}
        </Alert>
      )}

      <Section id="jobs-failed-title" title={t('jobs.failed.title')}>
        <FailedJobsGrid jobs={overview.data?.failedJobs ?? []} loading={loading} onAction={onAction} />
      </Section>
      <Section id="jobs-chain-title" title={t('jobs.chain.title')}>
        <ChainStepsGrid steps={overview.data?.chainSteps ?? []} loading={loading} />
      </Section>
      <Section id="jobs-retrying-title" title={t('jobs.retrying.title')} lead={t('jobs.retrying.lead')}>
        <RetryingStepsGrid steps={overview.data?.retryingSteps ?? []} loading={loading} onRetry={onRetryStep} />
      </Section>
      <Section id="jobs-differences-title" title={t('jobs.differences.title')}>
        <DifferencesGrid differences={overview.data?.differences ?? []} loading={loading} />
      </Section>

      {acting && (
        <JobActionDialog
          kind={acting.kind}
          title={t(`jobs.action.${acting.kind}Title`)}
          text={t(`jobs.action.${acting.kind}Text`, { queue: acting.job.queue })}
          run={(body) => actOnJob.mutateAsync({ id: acting.job.id, kind: acting.kind, body })}
          onClose={() => setActing(null)}
          onDone={(kind) => {
            setActing(null);
            setNotice(t(kind === 'retry' ? 'jobs.action.retried' : 'jobs.action.discarded'));
          }}
        />
      )}
      {retrying && (
        <JobActionDialog
          kind="retry"
          title={t('jobs.action.retryStepTitle')}
          text={t('jobs.action.retryStepText', {
            kind: t(`jobs.retrying.kinds.${retrying.kind}`),
            ref: retrying.refId,
          })}
          run={(body) => retryStep.mutateAsync({ kind: retrying.kind, refId: retrying.refId, body })}
          onClose={() => setRetrying(null)}
          onDone={() => {
            setRetrying(null);
            setNotice(t('jobs.action.retriedStep'));
          }}
        />
      )}
      <Snackbar
        open={Boolean(notice)}
        autoHideDuration={5000}
        onClose={() => setNotice(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert severity="success" variant="filled" onClose={() => setNotice(null)} data-testid="jobs-notice">
          {notice}
        </Alert>
      </Snackbar>
    </Stack>
  );
}
