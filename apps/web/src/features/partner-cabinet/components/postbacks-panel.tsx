import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Collapse from '@mui/material/Collapse';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ResendIcon from '@mui/icons-material/ReplayOutlined';
import type { CpaPartnerState, CpaPostback } from '@app/shared/schemas/cpa-programme';
import { StatusChip } from '../../../components/status-chip';
import { translateError } from '../../../lib/i18n';
import { useFormat } from '../../../lib/use-format';
import { usePostbacks } from '../api/get-postbacks';
import { useResendPostback } from '../api/resend-postback';
import { POSTBACK_TONE, canResend } from '../lib/tones';
import { SecretCard } from './secret-card';

type Attempt = CpaPostback['attempts'][number];

function AttemptRow({ attempt, id }: { attempt: Attempt; id: string }) {
  const { t } = useTranslation('cpa');
  const format = useFormat();
  const [open, setOpen] = useState(false);
  const ok = attempt.httpStatus !== null && attempt.httpStatus >= 200 && attempt.httpStatus < 300;
  return (
    <Box sx={{ py: 1 }} data-testid="postback-attempt" data-status={attempt.httpStatus ?? ''}>
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Chip
          size="small"
          variant="outlined"
          color={ok ? 'success' : 'error'}
          label={attempt.httpStatus !== null ? `HTTP ${attempt.httpStatus}` : t('postbacks.noAnswer')}
          data-testid="attempt-status"
        />
        <Typography variant="body2">{format.dateTime(attempt.at)}</Typography>
        <Typography variant="body2" color="textSecondary" data-testid="attempt-latency">
          {t('postbacks.latency', { ms: format.number(attempt.latencyMs) })}
        </Typography>
        {attempt.response !== null && (
          <Button
            size="small"
            onClick={() => setOpen((shown) => !shown)}
            aria-expanded={open}
            aria-controls={id}
            sx={{ ml: 'auto' }}
          >
            {t(open ? 'postbacks.hideAnswer' : 'postbacks.showAnswer')}
          </Button>
        )}
      </Stack>
      {attempt.error && (
        <Typography variant="body2" color="error" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
          {attempt.error}
        </Typography>
      )}
      <Typography
        variant="body2"
        color="textSecondary"
        sx={{ mt: 0.5, fontFamily: 'monospace', fontSize: 12, overflowWrap: 'anywhere' }}
      >
        {attempt.url}
      </Typography>
      <Collapse in={open} unmountOnExit>
        <Box
          component="pre"
          id={id}
          data-testid="attempt-response"
          sx={{
            m: 0,
            mt: 1,
            p: 1.5,
            borderRadius: 2,
            bgcolor: 'action.hover',
            fontFamily: 'monospace',
            fontSize: 12,
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
            maxHeight: 240,
            overflowY: 'auto',
          }}
        >
          {attempt.response || t('postbacks.emptyAnswer')}
        </Box>
      </Collapse>
    </Box>
  );
}

function PostbackCard({ postback, linkName }: { postback: CpaPostback; linkName: string }) {
  const { t } = useTranslation('cpa');
  const format = useFormat();
  const resend = useResendPostback();
  const action = t(`actions.${postback.action}`, { defaultValue: postback.action });
  const status = t(`statuses.${postback.status}`, { defaultValue: postback.status });
  return (
    <Card variant="outlined" data-testid="postback" data-state={postback.state} data-action={postback.action}>
      <CardContent>
        <Stack direction="row" sx={{ gap: 1.5, alignItems: 'flex-start' }}>
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600 }}>
              {action} · {status}
            </Typography>
            <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
              {linkName} · {format.dateTime(postback.createdAt)}
            </Typography>
          </Box>
          <StatusChip
            status={postback.state}
            tones={POSTBACK_TONE}
            label={t(`postbacks.states.${postback.state}`)}
            testId="postback-state"
          />
        </Stack>
        <Divider sx={{ my: 1.5 }} />
        {postback.attempts.length === 0 ? (
          <Typography variant="body2" color="textSecondary">
            {t('postbacks.noAttempts')}
          </Typography>
        ) : (
          postback.attempts.map((attempt, index) => (
            <Box key={`${attempt.at}-${index}`}>
              {index > 0 && <Divider />}
              <AttemptRow attempt={attempt} id={`postback-${postback.id}-${index}`} />
            </Box>
          ))
        )}
        {canResend(postback.state) && (
          <Stack direction="row" sx={{ mt: 1.5, gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
            <Button
              variant="outlined"
              startIcon={resend.isPending ? <CircularProgress size={18} /> : <ResendIcon />}
              disabled={resend.isPending}
              onClick={() => resend.mutate(postback.id)}
              data-testid="postback-resend"
            >
              {t('postbacks.resend')}
            </Button>
            {resend.isError && (
              <Typography variant="body2" color="error">
                {translateError(t, resend.error)}
              </Typography>
            )}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}

/** Postbacks: the signing secret, then every postback with each attempt, and a resend for failed ones. */
export function PostbacksPanel({ partner }: { partner: CpaPartnerState }) {
  const { t } = useTranslation('cpa');
  const postbacks = usePostbacks();

  return (
    <Stack spacing={3} sx={{ py: 3 }} data-testid="cpa-postbacks">
      <Box>
        <Typography variant="h5" component="h2">
          {t('postbacks.title')}
        </Typography>
        <Typography color="textSecondary" sx={{ maxWidth: 720 }}>
          {t('postbacks.lead')}
        </Typography>
      </Box>
      {partner.secret && <SecretCard partner={partner} />}
      {postbacks.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => postbacks.refetch()}>
              {t('retry')}
            </Button>
          }
        >
          {translateError(t, postbacks.error)}
        </Alert>
      )}
      {postbacks.isPending && <CircularProgress size={24} aria-label={t('loadingTab')} />}
      {postbacks.data?.postbacks.length === 0 && (
        <Card variant="outlined" data-testid="postbacks-empty">
          <CardContent>
            <Typography variant="h6" component="h3">
              {t('postbacks.emptyTitle')}
            </Typography>
            <Typography color="textSecondary">{t('postbacks.emptyText')}</Typography>
          </CardContent>
        </Card>
      )}
      {postbacks.data && postbacks.data.postbacks.length > 0 && (
        <Stack spacing={2}>
          {postbacks.data.postbacks.map((postback) => (
            <PostbackCard key={postback.id} postback={postback} linkName={postback.linkName} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
