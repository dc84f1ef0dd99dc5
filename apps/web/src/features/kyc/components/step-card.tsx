import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import type { KycStepState } from '@app/shared/schemas/kyc';
import { StatusChip, type StatusTone } from '../../../components/status-chip';

const STEP_TONE: Record<KycStepState, StatusTone> = {
  todo: 'default',
  done: 'success',
  waiting: 'warning',
  approved: 'success',
  rejected: 'error',
};

/** One numbered step of the verification with its state in words and colour. */
export function StepCard({
  number,
  step,
  state,
  title,
  lead,
  active,
  children,
}: {
  number: number;
  step: 'document' | 'selfie' | 'review';
  state: KycStepState;
  title: string;
  lead?: ReactNode;
  /** The step the person should act on now: outlined in the primary colour. */
  active: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation('kyc');
  const finished = state === 'done' || state === 'approved';
  return (
    <Card
      component="section"
      aria-labelledby={`kyc-step-${step}`}
      data-testid={`kyc-step-${step}`}
      data-state={state}
      sx={{ border: 1, borderColor: active ? 'primary.main' : 'divider' }}
    >
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack direction="row" sx={{ gap: 1.5, alignItems: 'center', mb: lead || children ? 2 : 0 }}>
          <Box
            aria-hidden
            sx={{
              width: 36,
              height: 36,
              flexShrink: 0,
              borderRadius: '50%',
              display: 'grid',
              placeItems: 'center',
              fontWeight: 700,
              bgcolor: finished ? 'success.main' : active ? 'primary.main' : 'action.selected',
              color: finished || active ? '#fff' : 'text.secondary',
            }}
          >
            {finished ? <CheckIcon fontSize="small" /> : number}
          </Box>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="overline" color="textSecondary" sx={{ display: 'block', lineHeight: 1.4 }}>
              {t('steps.number', { number })}
            </Typography>
            <Typography id={`kyc-step-${step}`} variant="h6" component="h2" sx={{ lineHeight: 1.3 }}>
              {title}
            </Typography>
          </Box>
          <StatusChip
            status={state}
            tones={STEP_TONE}
            label={t(`stepState.${state}`)}
            testId={`kyc-step-${step}-state`}
            variant="outlined"
          />
        </Stack>
        {lead && (
          <Typography color="textSecondary" component="div" sx={{ mb: children ? 2 : 0 }}>
            {lead}
          </Typography>
        )}
        {children}
      </CardContent>
    </Card>
  );
}
