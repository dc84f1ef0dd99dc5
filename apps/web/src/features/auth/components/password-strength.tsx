import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { passwordStrength } from '@app/shared/validation/rules';
import { STRENGTH_BAR_PX } from '../lib/strength-meter';

const STRENGTH_COLOR = ['error', 'error', 'warning', 'success', 'success'] as const;

/** How strong the typed password is, as a bar and a word. */
export function PasswordStrength({ password }: { password: string }) {
  const { t } = useTranslation('auth');
  const strength = passwordStrength(password);
  return (
    <Box data-testid="password-strength" data-strength={strength}>
      <LinearProgress
        variant="determinate"
        value={(strength / 4) * 100}
        color={STRENGTH_COLOR[strength]}
        aria-label={t('password.strengthLabel')}
        sx={{ height: STRENGTH_BAR_PX, borderRadius: 3 }}
      />
      <Typography variant="caption" component="div" color="textSecondary">
        {t(`password.strength.${strength}`)}
      </Typography>
    </Box>
  );
}
