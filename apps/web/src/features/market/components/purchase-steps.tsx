import { useTranslation } from 'react-i18next';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Purchase } from '@app/shared/schemas/crypto';
import { maskValue } from '@app/shared/format/number';
import { activeStepIndex, purchaseSteps } from '../lib/purchase-progress';
import { StatusChip, TRANSACTION_TONE } from '../../../components/status-chip';

const explorerTx = (explorerUrl: string | null, hash: string) =>
  explorerUrl ? `${explorerUrl.replace(/\/+$/, '')}/tx/${hash}` : null;

/** GASING -> APPROVE -> BUY_NFT, each with its status, confirmations and transaction. */
export function PurchaseSteps({ purchase, explorerUrl }: { purchase: Purchase; explorerUrl: string | null }) {
  const { t } = useTranslation('market');
  const steps = purchaseSteps(purchase);

  return (
    <Stepper orientation="vertical" activeStep={activeStepIndex(steps)} data-testid="purchase-steps">
      {steps.map((step) => {
        const { tx } = step;
        const href = tx?.txHash ? explorerTx(explorerUrl, tx.txHash) : null;
        return (
          <Step
            key={step.type}
            completed={step.state === 'done'}
            data-testid={`step-${step.type}`}
            data-state={step.state}
          >
            <StepLabel
              error={step.state === 'failed'}
              optional={
                <Stack
                  direction="row"
                  spacing={1}
                  sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5, mt: 0.5 }}
                >
                  {tx && tx.status !== 'NONE' ? (
                    <StatusChip
                      status={tx.status}
                      tones={TRANSACTION_TONE}
                      variant="outlined"
                      label={t(`txStatus.${tx.status}`)}
                      testId="step-status"
                    />
                  ) : (
                    <Typography variant="caption" color="textSecondary">
                      {t(`step.${step.state}`)}
                    </Typography>
                  )}
                  {tx && tx.status !== 'NONE' && tx.requiredConfirmations > 0 && (
                    <Typography variant="caption" color="textSecondary" data-testid="step-confirmations">
                      {t('confirmations', {
                        count: tx.requiredConfirmations,
                        done: Math.min(tx.confirmations, tx.requiredConfirmations),
                      })}
                    </Typography>
                  )}
                  {tx?.txHash && tx.status !== 'NONE' && (
                    <Tooltip title={tx.txHash}>
                      {href ? (
                        <Link
                          variant="caption"
                          href={href}
                          target="_blank"
                          rel="noopener noreferrer"
                          sx={{ fontFamily: 'monospace' }}
                        >
                          {maskValue(tx.txHash)}
                        </Link>
                      ) : (
                        <Typography variant="caption" color="textSecondary" sx={{ fontFamily: 'monospace' }}>
                          {maskValue(tx.txHash)}
                        </Typography>
                      )}
                    </Tooltip>
                  )}
                </Stack>
              }
            >
              {t(`step.${step.type}`)}
            </StepLabel>
          </Step>
        );
      })}
    </Stepper>
  );
}
