import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import BackIcon from '@mui/icons-material/ArrowBack';
import LockIcon from '@mui/icons-material/LockOutlined';
import type { KycDetail } from '@app/shared/schemas/kyc';
import { KycStatusChip } from '../../../components/kyc-status-chip';
import { LEVEL_ACCENT } from '../../../app/theme';
import { ApiError } from '../../../lib/api-client';
import { translateError } from '../../../lib/i18n';
import { useFormat } from '../../../lib/use-format';
import { useClaimKyc } from '../api/claim-kyc';
import { useKycDetail } from '../api/get-kyc-detail';
import { personName } from '../lib/person-name';
import { DecisionForm } from './decision-form';
import { PendingDecision } from './pending-decision';
import { PhotoPair } from './photo-pair';
import { StaffHistory } from './staff-history';
import { WaitingTime } from './waiting-time';

function Fact({ label, value }: { label: string; value: string | null }) {
  if (!value) return null;
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="textSecondary" sx={{ display: 'block' }}>
        {label}
      </Typography>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </Box>
  );
}

/** Who is looking at the application: a claim shows others that someone is on it. */
function ClaimBar({ detail, myId }: { detail: KycDetail; myId: number | undefined }) {
  const { t } = useTranslation(['kyc', 'errors']);
  const f = useFormat();
  const claim = useClaimKyc();
  const mine = detail.claimedBy?.id === myId;
  const until = detail.claimedUntil ? f.dateTime(detail.claimedUntil) : '';
  const error = claim.error instanceof ApiError ? claim.error : null;
  return (
    <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }} data-testid="kyc-claim">
      <LockIcon fontSize="small" color={detail.claimedBy ? 'warning' : 'disabled'} />
      <Typography variant="body2" sx={{ flex: 1, minWidth: 160 }}>
        {!detail.claimedBy
          ? t('control.claim.free')
          : mine
            ? t('control.claim.mine', { until })
            : t('control.claim.other', { name: detail.claimedBy.name, until })}
      </Typography>
      {detail.status === 'requested' && (!detail.claimedBy || mine) && (
        <Button
          size="small"
          variant={mine ? 'text' : 'outlined'}
          disabled={claim.isPending || !detail.canDecide}
          onClick={() => claim.mutate({ id: detail.id, claim: !mine })}
          data-testid={mine ? 'kyc-release' : 'kyc-claim-button'}
        >
          {mine ? t('control.claim.release') : t('control.claim.take')}
        </Button>
      )}
      {error && (
        <Typography variant="body2" color="error" role="alert" sx={{ width: '100%' }}>
          {translateError(t, error)}
        </Typography>
      )}
    </Stack>
  );
}

/** One application as a moderator checks it: the person, the photos, the flags, the decision. */
export function ApplicationDetail({
  id,
  myId,
  now,
  onBack,
}: {
  id: number;
  myId: number | undefined;
  now: number;
  onBack: () => void;
}) {
  const { t } = useTranslation(['kyc', 'common', 'errors']);
  const f = useFormat();
  const query = useKycDetail(id);
  const detail = query.data;

  if (query.isPending) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
        <CircularProgress aria-label={t('loading')} />
      </Box>
    );
  }
  if (!detail) {
    return (
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
    );
  }

  return (
    <Stack spacing={2.5} data-testid="kyc-detail" data-id={detail.id} data-status={detail.status}>
      <Button startIcon={<BackIcon />} onClick={onBack} sx={{ alignSelf: 'flex-start', display: { md: 'none' } }}>
        {t('control.back')}
      </Button>
      <Box>
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="h5" component="h2" sx={{ overflowWrap: 'anywhere' }} data-testid="kyc-detail-name">
            {personName(detail, t('control.unnamed', { id: detail.userId }))}
          </Typography>
          <KycStatusChip status={detail.status} />
          <Chip
            size="small"
            variant="outlined"
            label={t('control.requested', { level: t(`common:levels.${detail.requestedNftType}`) })}
            sx={{ borderColor: LEVEL_ACCENT[detail.requestedNftType], color: LEVEL_ACCENT[detail.requestedNftType] }}
          />
          {detail.maxNftType && (
            <Chip
              size="small"
              color="success"
              label={t('control.approvedUpTo', { level: t(`common:levels.${detail.maxNftType}`) })}
            />
          )}
        </Stack>
        <Stack direction="row" sx={{ gap: 1.5, alignItems: 'center', flexWrap: 'wrap', mt: 1 }}>
          <WaitingTime
            submittedAt={detail.status === 'requested' ? detail.submittedAt : null}
            overdue={detail.overdue}
            now={now}
          />
          <Typography variant="body2" color="textSecondary">
            {t('control.attemptOf', {
              number: detail.attemptNumber,
              rejections: detail.rejections,
              max: detail.maxAttempts,
            })}
          </Typography>
        </Stack>
        <Box sx={{ display: 'grid', gap: 1.5, mt: 2, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' } }}>
          <Fact label={t('control.facts.uid')} value={String(detail.userId)} />
          <Fact label={t('control.facts.email')} value={detail.email} />
          <Fact label={t('control.facts.surName')} value={detail.surName} />
          <Fact label={t('control.facts.birthday')} value={detail.birthday ? f.date(detail.birthday) : null} />
          <Fact
            label={t('control.facts.submitted')}
            value={detail.submittedAt ? f.dateTime(detail.submittedAt) : null}
          />
        </Box>
      </Box>

      <ClaimBar detail={detail} myId={myId} />

      {!detail.canDecide && (
        <Alert severity="info" data-testid="kyc-above-level">
          {translateError(t, { code: 'KYC_LEVEL_TOO_HIGH' })}
        </Alert>
      )}
      {detail.duplicates.length > 0 && (
        <Alert severity="warning" data-testid="kyc-duplicates">
          <AlertTitle>{t('control.duplicates.title')}</AlertTitle>
          <Stack component="ul" sx={{ m: 0, pl: 2.5 }}>
            {detail.duplicates.map((duplicate) => (
              <li key={duplicate.applicationId}>
                {t('control.duplicates.item', {
                  name: duplicate.name,
                  id: duplicate.userId,
                  status: t(`status.${duplicate.status}`),
                })}{' '}
                {duplicate.distance === 0
                  ? t('control.duplicates.same')
                  : t('control.duplicates.close', { bits: duplicate.distance })}
              </li>
            ))}
          </Stack>
        </Alert>
      )}

      {detail.imagesDeletedAt ? (
        <Alert severity="info">{t('control.imagesDeleted', { date: f.date(detail.imagesDeletedAt) })}</Alert>
      ) : (
        <PhotoPair document={detail.document} selfie={detail.selfie} code={detail.selfieCode} />
      )}

      {detail.moderatorComment && (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
          {t('control.pending.comment', { comment: detail.moderatorComment })}
        </Typography>
      )}
      {detail.internalNote && (
        <Typography variant="body2" color="warning" sx={{ whiteSpace: 'pre-wrap' }} data-testid="kyc-internal-note">
          {t('control.pending.note', { note: detail.internalNote })}
        </Typography>
      )}

      {detail.pendingDecision ? (
        <PendingDecision detail={detail} pending={detail.pendingDecision} myId={myId} />
      ) : (
        // Kept across refetches of the same application, so a conflict's message stays in view.
        <DecisionForm key={detail.id} detail={detail} />
      )}

      <Divider />
      <StaffHistory attempts={detail.attempts} />
    </Stack>
  );
}
