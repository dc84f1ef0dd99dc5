import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';
import { KYC_STATUSES } from '@app/shared/constants';
import type { KycStatus } from '@app/shared/schemas/kyc';

/** Typing settles for this long before the list is asked again. */
const SEARCH_DELAY_MS = 300;

/** The list's filters of SPEC.md: status (or all) and last name. */
export function QueueFilters({
  status,
  lastName,
  onChange,
}: {
  status: KycStatus | 'all';
  lastName: string;
  onChange: (next: { status: KycStatus | 'all'; lastName: string }) => void;
}) {
  const { t } = useTranslation('kyc');
  const [typed, setTyped] = useState(lastName);

  useEffect(() => {
    if (typed.trim() === lastName) return;
    const timer = setTimeout(() => onChange({ status, lastName: typed.trim() }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed, lastName, status, onChange]);

  return (
    <Stack direction={{ xs: 'column', sm: 'row', md: 'column', lg: 'row' }} sx={{ gap: 1.5 }}>
      <TextField
        select
        size="small"
        label={t('control.filters.status')}
        value={status}
        onChange={(event) => onChange({ status: event.target.value as KycStatus | 'all', lastName })}
        sx={{ minWidth: 180 }}
        slotProps={{ htmlInput: { 'data-testid': 'kyc-filter-status' } }}
      >
        <MenuItem value="all">{t('control.filters.all')}</MenuItem>
        {KYC_STATUSES.map((value) => (
          <MenuItem key={value} value={value}>
            {t(`status.${value}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        label={t('control.filters.lastName')}
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        sx={{ flex: 1 }}
        slotProps={{
          htmlInput: { 'data-testid': 'kyc-filter-last-name', maxLength: 100 },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
    </Stack>
  );
}
