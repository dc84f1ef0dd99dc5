import { forwardRef, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import CheckIcon from '@mui/icons-material/CheckCircleOutlined';
import CancelIcon from '@mui/icons-material/HighlightOff';
import { useDomainAvailable } from '../api/domain-available';

const DEBOUNCE_MS = 400;

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** Nickname with the server's answer on availability as the user types (debounced). */
export const NicknameField = forwardRef<HTMLInputElement, TextFieldProps & { value: string; hasError: boolean }>(
  function NicknameField({ value, hasError, helperText, ...props }, ref) {
    const { t } = useTranslation('auth');
    const debounced = useDebounced(value.trim(), DEBOUNCE_MS);
    const check = useDomainAvailable(debounced);
    const settled = debounced === value.trim() && !hasError && check.data !== undefined;
    const taken = settled && !check.data!.available;
    const status = hasError
      ? null
      : check.isFetching || debounced !== value.trim()
        ? 'checking'
        : settled
          ? taken
            ? 'taken'
            : 'free'
          : null;

    return (
      <TextField
        {...props}
        inputRef={ref}
        value={value}
        fullWidth
        autoComplete="username"
        error={hasError || taken}
        helperText={
          helperText ?? (status === 'taken' ? t('nickname.taken') : status === 'free' ? t('nickname.free') : ' ')
        }
        slotProps={{
          input: {
            endAdornment: value ? (
              <InputAdornment position="end" data-testid="nickname-status" data-status={status ?? 'none'}>
                {status === 'checking' && <CircularProgress size={18} aria-label={t('nickname.checking')} />}
                {status === 'free' && <CheckIcon color="success" aria-label={t('nickname.free')} />}
                {status === 'taken' && <CancelIcon color="error" aria-label={t('nickname.taken')} />}
              </InputAdornment>
            ) : undefined,
          },
        }}
      />
    );
  },
);
