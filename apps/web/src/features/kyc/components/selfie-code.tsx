import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/**
 * The one-time code to write on paper and hold beside the face: large and spaced so it is copied
 * without mistakes, and read out per character by screen readers.
 */
export function SelfieCode({ code }: { code: string }) {
  const { t } = useTranslation('kyc');
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
      <Typography variant="overline" color="text.secondary" sx={{ display: 'block' }}>
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
      <Typography variant="body2" color="text.secondary">
        {t('selfie.codeHint')}
      </Typography>
    </Box>
  );
}
