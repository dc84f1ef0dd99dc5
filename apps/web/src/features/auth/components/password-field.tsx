import { forwardRef, lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import type { Theme } from '@mui/material/styles';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOffOutlined';
import { OutlinedField, type OutlinedFieldProps } from '../../../components/form/outlined-field';
import { STRENGTH_BAR_PX } from '../lib/strength-meter';

/** The meter checks with the shared rules (zod): it loads when a field that shows it is focused. */
const loadStrength = () => import('./password-strength');
const PasswordStrength = lazy(() => loadStrength().then((m) => ({ default: m.PasswordStrength })));

/** The meter's height: its bar and one line of caption text (password-strength.tsx). */
const strengthHeight = ({ typography: { caption } }: Theme) =>
  `calc(${STRENGTH_BAR_PX}px + ${caption.fontSize} * ${caption.lineHeight})`;

function EmptyMeter() {
  return <Box aria-hidden sx={{ height: STRENGTH_BAR_PX, borderRadius: 3, bgcolor: 'action.selected' }} />;
}

/** A password input with a show/hide switch and, when asked, the strength of what is typed. */
export const PasswordField = forwardRef<
  HTMLInputElement,
  OutlinedFieldProps & { showStrength?: boolean; value?: string }
>(function PasswordField({ showStrength, value, ...props }, ref) {
  const { t } = useTranslation('auth');
  const [visible, setVisible] = useState(false);
  return (
    <Box onFocus={showStrength ? () => void loadStrength() : undefined}>
      <OutlinedField
        {...props}
        inputRef={ref}
        value={value}
        type={visible ? 'text' : 'password'}
        fullWidth
        endAdornment={
          <InputAdornment position="end">
            <IconButton
              aria-label={visible ? t('password.hide') : t('password.show')}
              onClick={() => setVisible((v) => !v)}
              edge="end"
            >
              {visible ? <VisibilityOffIcon /> : <VisibilityIcon />}
            </IconButton>
          </InputAdornment>
        }
      />
      {showStrength ? (
        // The meter's place is kept from the start, an empty bar until something is typed and its
        // code has come: appearing later, it pushed the fields and the button below down, and a tap
        // aimed at the consent box or at "Create account" landed beside them.
        <Box sx={{ mt: 1, minHeight: strengthHeight }}>
          <Suspense fallback={<EmptyMeter />}>
            {value ? <PasswordStrength password={value} /> : <EmptyMeter />}
          </Suspense>
        </Box>
      ) : null}
    </Box>
  );
});
