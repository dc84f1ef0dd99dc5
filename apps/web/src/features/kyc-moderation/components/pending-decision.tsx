import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { KycDetail, KycPendingDecision } from '@app/shared/schemas/kyc';
import { ApiError } from '../../../lib/api-client';
import { translateError } from '../../../lib/i18n';
import { useFormat } from '../../../lib/use-format';
import { useConfirmKyc } from '../api/confirm-kyc';

/**
 * A final rejection or a revocation waiting for a second staff member: who proposed it and why,
 * and for anyone else the buttons to confirm or discard it. The proposer can only wait.
 */
export function PendingDecision({
  detail,
  pending,
  myId,
}: {
  detail: KycDetail;
  pending: KycPendingDecision;
  myId: number | undefined;
}) {
  const { t } = useTranslation(['kyc', 'errors']);
  const f = useFormat();
  const confirm = useConfirmKyc();
  const mine = pending.proposedBy.id === myId;
  const kind = pending.revocation ? 'revoke' : pending.status === 'rejected_forever' ? 'forever' : 'reject';
  const error = confirm.error instanceof ApiError ? confirm.error : null;
  return (
    <Alert severity="warning" data-testid="kyc-pending-decision" icon={false}>
      <AlertTitle>{t('control.pending.title', { action: t(`control.decision.actions.${kind}`) })}</AlertTitle>
      <Typography variant="body2">
        {t('control.pending.proposed', { name: pending.proposedBy.name, date: f.dateTime(pending.proposedAt) })}
      </Typography>
      {pending.reasonCode && (
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {t('control.pending.reason', { reason: t(`control.reasons.${pending.reasonCode}`) })}
        </Typography>
      )}
      {pending.moderatorComment && (
        <Typography variant="body2" sx={{ mt: 0.5, whiteSpace: 'pre-wrap' }}>
          {t('control.pending.comment', { comment: pending.moderatorComment })}
        </Typography>
      )}
      {pending.internalNote && (
        <Typography variant="body2" sx={{ mt: 0.5, whiteSpace: 'pre-wrap' }}>
          {t('control.pending.note', { note: pending.internalNote })}
        </Typography>
      )}
      {mine ? (
        <Typography variant="body2" sx={{ mt: 1, fontWeight: 600 }}>
          {t('control.pending.waitOther')}
        </Typography>
      ) : (
        <Stack direction="row" sx={{ gap: 1, mt: 1.5, flexWrap: 'wrap' }}>
          <Button
            variant="contained"
            color="error"
            disabled={confirm.isPending || !detail.canDecide}
            onClick={() => confirm.mutate({ id: detail.id, confirm: true, version: detail.version })}
            data-testid="kyc-confirm"
          >
            {t('control.pending.confirm')}
          </Button>
          <Button
            color="inherit"
            disabled={confirm.isPending || !detail.canDecide}
            onClick={() => confirm.mutate({ id: detail.id, confirm: false, version: detail.version })}
            data-testid="kyc-discard"
          >
            {t('control.pending.discard')}
          </Button>
        </Stack>
      )}
      {error && (
        <Typography variant="body2" color="error" role="alert" sx={{ mt: 1 }}>
          {translateError(t, error)}
        </Typography>
      )}
    </Alert>
  );
}
