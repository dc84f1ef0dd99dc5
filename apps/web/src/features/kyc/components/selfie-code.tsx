import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import RenewIcon from '@mui/icons-material/Autorenew';
import { ApiError } from '../../../lib/api-client';
import { translateError } from '../../../lib/i18n';
import { useRenewSelfieCode } from '../api/renew-selfie-code';

/**
 * The one-time code to write on paper and hold beside the face: large and spaced so it is copied
 * without mistakes, and read out per character by screen readers. A new code (the paper got lost, the
 * photo came out unreadable) drops a selfie taken with the old one, so the button says so.
 */
export function SelfieCode({ code, hasSelfie }: { code: string; hasSelfie: boolean }) {
  const { t } = useTranslation(['kyc', 'errors']);
  const renew = useRenewSelfieCode();
  return (
    <Box
      sx={{
        p: 2,
        borderRadius: 3,
        border: 2,
        borderStyle: 'dashed',
        borderColor: 'primary.main',
        bgcolor: 'action.hover',
        textAlign: 'center',
      }}
    >
      <Typography variant="overline" color="textSecondary" sx={{ display: 'block' }}>
        {t('selfie.codeLabel')}
      </Typography>
      <Typography
        component="p"
        data-testid="kyc-selfie-code"
        aria-label={t('selfie.codeAria', { code: code.split('').join(' ') })}
        sx={{
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
          fontSize: { xs: 36, sm: 44 },
          fontWeight: 700,
          letterSpacing: '0.3em',
          lineHeight: 1.2,
          // The last letter's spacing would push the code off centre.
          mr: '-0.3em',
        }}
      >
        {code}
      </Typography>
      <Typography variant="body2" color="textSecondary">
        {t('selfie.codeHint')}
      </Typography>
      <Button
        size="small"
        sx={{ mt: 1 }}
        startIcon={<RenewIcon />}
        disabled={renew.isPending}
        onClick={() => renew.mutate()}
        data-testid="kyc-selfie-code-renew"
      >
        {hasSelfie ? t('selfie.renewDropsPhoto') : t('selfie.renew')}
      </Button>
      {renew.error && (
        <Alert severity="error" role="alert" sx={{ mt: 1, textAlign: 'left' }}>
          {translateError(t, renew.error instanceof ApiError ? renew.error : {})}
        </Alert>
      )}
    </Box>
  );
}
