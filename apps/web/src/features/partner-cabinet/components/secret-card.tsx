import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import RotateIcon from '@mui/icons-material/AutorenewOutlined';
import HideIcon from '@mui/icons-material/VisibilityOffOutlined';
import ShowIcon from '@mui/icons-material/VisibilityOutlined';
import type { CpaPartnerState } from '@app/shared/schemas/cpa-programme';
import { CopyButton } from '../../../components/copy-button';
import { translateError } from '../../../lib/i18n';
import { useFormat } from '../../../lib/use-format';
import { useNow } from '../../../lib/use-now';
import { useRotateSecret } from '../api/rotate-secret';
import { maskSecret } from '../lib/mask-secret';

const VERIFY_SAMPLE = `import { Webhook } from 'standardwebhooks';

// body: the raw request body; headers: webhook-id, webhook-timestamp, webhook-signature
new Webhook(secret).verify(body, headers); // throws when the signature is wrong`;

/**
 * The Standard Webhooks signing secret: masked until revealed, copied in one click, rotated after
 * a confirmation (the previous one keeps signing for 24 hours), and how to check a signature.
 */
export function SecretCard({ partner }: { partner: CpaPartnerState }) {
  const { t } = useTranslation('cpa');
  const format = useFormat();
  const rotate = useRotateSecret();
  const [revealed, setRevealed] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const now = useNow(60_000);
  const secret = partner.secret ?? '';
  const overlapUntil =
    partner.previousSecretUntil && new Date(partner.previousSecretUntil).getTime() > now
      ? partner.previousSecretUntil
      : null;

  return (
    <Card variant="outlined" data-testid="cpa-secret">
      <CardContent>
        <Stack spacing={2}>
          <Box>
            <Typography variant="h6" component="h3">
              {t('secret.title')}
            </Typography>
            <Typography color="textSecondary" sx={{ maxWidth: 720 }}>
              {t('secret.lead')}
            </Typography>
          </Box>

          <Stack
            direction="row"
            sx={{ alignItems: 'center', gap: 0.5, bgcolor: 'action.hover', borderRadius: 2, pl: 1.5, pr: 0.5, py: 0.5 }}
          >
            <Typography
              sx={{ fontFamily: 'monospace', fontSize: 14, flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}
              data-testid="secret-value"
              data-revealed={revealed}
            >
              {revealed ? secret : maskSecret(secret)}
            </Typography>
            <Tooltip title={t(revealed ? 'secret.hide' : 'secret.reveal')}>
              <IconButton
                size="small"
                onClick={() => setRevealed((open) => !open)}
                aria-label={t(revealed ? 'secret.hide' : 'secret.reveal')}
                aria-pressed={revealed}
                data-testid="secret-reveal"
              >
                {revealed ? <HideIcon fontSize="inherit" /> : <ShowIcon fontSize="inherit" />}
              </IconButton>
            </Tooltip>
            <CopyButton value={secret} label={t('secret.copy')} />
          </Stack>

          {overlapUntil && (
            <Alert severity="info" data-testid="secret-overlap">
              {t('secret.overlap', { time: format.dateTime(overlapUntil) })}
            </Alert>
          )}

          <Box>
            <Typography variant="subtitle2" component="h4">
              {t('secret.verifyTitle')}
            </Typography>
            <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
              {t('secret.verifyText')}
            </Typography>
            <Box
              component="pre"
              sx={{
                m: 0,
                p: 1.5,
                borderRadius: 2,
                bgcolor: 'action.hover',
                fontSize: 13,
                overflowX: 'auto',
                fontFamily: 'monospace',
              }}
            >
              {VERIFY_SAMPLE}
            </Box>
          </Box>

          <Box>
            <Button
              startIcon={<RotateIcon />}
              color="warning"
              variant="outlined"
              onClick={() => setConfirming(true)}
              data-testid="secret-rotate"
            >
              {t('secret.rotate')}
            </Button>
          </Box>
        </Stack>
      </CardContent>

      <Dialog open={confirming} onClose={() => setConfirming(false)} data-testid="secret-rotate-dialog">
        <DialogTitle>{t('secret.rotateTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('secret.rotateText')}</DialogContentText>
          {rotate.isError && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {translateError(t, rotate.error)}
            </Alert>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button color="inherit" onClick={() => setConfirming(false)}>
            {t('secret.keep')}
          </Button>
          <Button
            color="warning"
            variant="contained"
            disabled={rotate.isPending}
            data-testid="secret-rotate-confirm"
            onClick={() =>
              rotate.mutate(undefined, {
                onSuccess: () => {
                  setConfirming(false);
                  setRevealed(false);
                },
              })
            }
          >
            {t('secret.rotateConfirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}
