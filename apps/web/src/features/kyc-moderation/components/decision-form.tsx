import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { SALE_LEVELS } from '@app/shared/constants';
import {
  KYC_COMMENT_MAX,
  KYC_NOTE_MAX,
  KYC_REJECTION_REASONS,
  type KycDecisionRequest,
  type KycDetail,
  type KycLevel,
  type KycReason,
} from '@app/shared/schemas/kyc';
import { ApiError } from '../../../lib/api-client';
import { translateError } from '../../../lib/i18n';
import { useDecideKyc } from '../api/decide-kyc';
import { actionsFor, decisionRequest, needsSecondStaff, type DecisionAction } from '../lib/decision';

/** Why a decision did not go through; another moderator's earlier decision gets its own title. */
function ConflictOrError({ error }: { error: Error }) {
  const { t } = useTranslation(['kyc', 'errors']);
  const known = error instanceof ApiError ? error : { code: 'UNKNOWN_ERROR' };
  const conflict = known.code === 'KYC_VERSION_CONFLICT';
  return (
    <Alert
      severity={conflict ? 'warning' : 'error'}
      role="alert"
      data-testid={conflict ? 'kyc-conflict' : 'kyc-decision-error'}
    >
      {conflict && <AlertTitle>{t('control.decision.conflictTitle')}</AlertTitle>}
      {translateError(t, known)}
    </Alert>
  );
}

/**
 * The moderator's decision: approve up to a level, reject with a reason (the person may try again),
 * reject for good, or revoke an approval. The comment is for the person; the internal note never
 * leaves staff. A final rejection and a revocation wait for a second staff member.
 */
export function DecisionForm({ detail }: { detail: KycDetail }) {
  const { t } = useTranslation(['kyc', 'common', 'errors']);
  const decide = useDecideKyc();
  const actions = actionsFor(detail.status);
  const [chosen, setChosen] = useState<DecisionAction | null>(actions[0] ?? null);
  // Another decision may have changed the status under the form: fall back to what is open now.
  const action = chosen && actions.includes(chosen) ? chosen : (actions[0] ?? null);
  const [level, setLevel] = useState<KycLevel>(detail.requestedNftType);
  const [reason, setReason] = useState<KycReason | ''>('');
  const [comment, setComment] = useState('');
  const [note, setNote] = useState('');
  const [missingReason, setMissingReason] = useState(false);

  if (!action) {
    return decide.error ? <ConflictOrError error={decide.error} /> : null;
  }
  const rejecting = action !== 'approve';

  const send = () => {
    if (rejecting && !reason) {
      setMissingReason(true);
      return;
    }
    const request: KycDecisionRequest = decisionRequest(action, {
      level,
      reason: reason || undefined,
      comment,
      note,
      version: detail.version,
    });
    decide.mutate({ id: detail.id, decision: request });
  };

  return (
    <Stack spacing={2} component="section" aria-labelledby="kyc-decision-title" data-testid="kyc-decision">
      <Typography id="kyc-decision-title" variant="h6" component="h3">
        {t('control.decision.title')}
      </Typography>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={action}
        onChange={(_, value: DecisionAction | null) => {
          if (!value) return;
          setChosen(value);
          decide.reset();
        }}
        aria-label={t('control.decision.title')}
        sx={{ flexWrap: 'wrap' }}
      >
        {actions.map((value) => (
          <ToggleButton
            key={value}
            value={value}
            data-testid={`kyc-action-${value}`}
            color={value === 'approve' ? 'success' : 'error'}
            sx={{ px: 2 }}
          >
            {t(`control.decision.actions.${value}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>

      {action === 'approve' ? (
        <TextField
          select
          label={t('control.decision.maxNftType')}
          helperText={t('control.decision.maxNftTypeHelp')}
          value={level}
          onChange={(event) => setLevel(event.target.value as KycLevel)}
          slotProps={{ htmlInput: { 'data-testid': 'kyc-max-nft-type' } }}
        >
          {SALE_LEVELS.map((value) => (
            <MenuItem key={value} value={value} data-testid={`kyc-level-${value}`}>
              {t(`common:levels.${value}`)}
            </MenuItem>
          ))}
        </TextField>
      ) : (
        <TextField
          select
          required
          label={t('control.decision.reason')}
          value={reason}
          error={missingReason && !reason}
          helperText={missingReason && !reason ? translateError(t, { code: 'KYC_REASON_REQUIRED' }) : undefined}
          onChange={(event) => setReason(event.target.value as KycReason)}
          slotProps={{ htmlInput: { 'data-testid': 'kyc-reason' } }}
        >
          {KYC_REJECTION_REASONS.map((value) => (
            <MenuItem key={value} value={value} data-testid={`kyc-reason-${value}`}>
              {t(`control.reasons.${value}`)}
            </MenuItem>
          ))}
        </TextField>
      )}

      <TextField
        label={t('control.decision.comment')}
        helperText={t('control.decision.commentHelp')}
        value={comment}
        onChange={(event) => setComment(event.target.value)}
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: KYC_COMMENT_MAX, 'data-testid': 'kyc-comment' } }}
      />
      <TextField
        label={t('control.decision.note')}
        helperText={t('control.decision.noteHelp')}
        value={note}
        onChange={(event) => setNote(event.target.value)}
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: KYC_NOTE_MAX, 'data-testid': 'kyc-note' } }}
      />

      {needsSecondStaff(action) && (
        <Alert severity="info" variant="outlined">
          {t('control.decision.fourEyes')}
        </Alert>
      )}
      {decide.error && <ConflictOrError error={decide.error} />}
      <Button
        variant="contained"
        size="large"
        color={rejecting ? 'error' : 'success'}
        onClick={send}
        disabled={decide.isPending || !detail.canDecide}
        startIcon={decide.isPending ? <CircularProgress size={18} color="inherit" /> : undefined}
        data-testid="kyc-decide"
        sx={{ alignSelf: { xs: 'stretch', sm: 'flex-start' } }}
      >
        {t(`control.decision.submit.${action}`, { level: t(`common:levels.${level}`) })}
      </Button>
    </Stack>
  );
}
