import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { passwordStrength } from '@app/shared/validation/rules';

const STRENGTH_COLOR = ['error', 'error', 'warning', 'success', 'success'] as const;

/** How strong the typed password is, as a bar and a word. */
export function PasswordStrength({ password }: { password: string }) {
  const { t } = useTranslation('auth');
  const strength = passwordStrength(password);
  return (
    <Box sx={{ mt: 1 }} data-testid="password-strength" data-strength={strength}>
      <LinearProgress
        variant="determinate"
        value={(strength / 4) * 100}
        color={STRENGTH_COLOR[strength]}
        aria-label={t('password.strengthLabel')}
        sx={{ height: 6, borderRadius: 3 }}
      />
      <Typography variant="caption" color="text.secondary">
        {t(`password.strength.${strength}`)}
      </Typography>
    </Box>
  );
}
