import { forwardRef, lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOffOutlined';
import { OutlinedField, type OutlinedFieldProps } from '../../../components/form/outlined-field';

/** The meter checks with the shared rules (zod): it loads when a field that shows it is focused. */
const loadStrength = () => import('./password-strength');
const PasswordStrength = lazy(() => loadStrength().then((m) => ({ default: m.PasswordStrength })));

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
      {showStrength && value ? (
        <Suspense fallback={null}>
          <PasswordStrength password={value} />
        </Suspense>
      ) : null}
    </Box>
  );
});
