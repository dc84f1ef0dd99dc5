import { forwardRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOffOutlined';
import { passwordStrength } from '@app/shared/validation/rules';

const STRENGTH_COLOR = ['error', 'error', 'warning', 'success', 'success'] as const;

/** A password input with a show/hide switch and, when asked, the strength of what is typed. */
export const PasswordField = forwardRef<HTMLInputElement, TextFieldProps & { showStrength?: boolean; value?: string }>(
  function PasswordField({ showStrength, value, ...props }, ref) {
    const { t } = useTranslation('auth');
    const [visible, setVisible] = useState(false);
    const strength = passwordStrength(value ?? '');
    return (
      <Box>
        <TextField
          {...props}
          inputRef={ref}
          value={value}
          type={visible ? 'text' : 'password'}
          fullWidth
          slotProps={{
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <IconButton
                    aria-label={visible ? t('password.hide') : t('password.show')}
                    onClick={() => setVisible((v) => !v)}
                    edge="end"
                  >
                    {visible ? <VisibilityOffIcon /> : <VisibilityIcon />}
                  </IconButton>
                </InputAdornment>
              ),
            },
          }}
        />
        {showStrength && value ? (
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
        ) : null}
      </Box>
    );
  },
);
