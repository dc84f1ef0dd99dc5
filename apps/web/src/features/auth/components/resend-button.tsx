import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';

/** "Send the code again", or the seconds left before it may be asked for (plural forms per language). */
export function ResendButton({
  secondsLeft,
  onResend,
  disabled,
}: {
  secondsLeft: number;
  onResend: () => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('auth');
  return (
    <Button
      onClick={onResend}
      disabled={disabled || secondsLeft > 0}
      data-testid="resend-code"
      sx={{ alignSelf: 'flex-start' }}
    >
      {secondsLeft > 0 ? t('code.resendIn', { count: secondsLeft }) : t('code.resend')}
    </Button>
  );
}
