import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { z } from 'zod';
import {
  CPA_ACTIONS,
  CPA_HOLD_HOURS_MAX,
  CPA_WINDOW_HOURS_MAX,
  cpaSettingsUpdateSchema,
  type CpaSettings,
} from '@app/shared/schemas/cpa-programme';
import { serverErrorText, useZodForm } from '../../../components/form/form';
import { FormTextField } from '../../../components/form/form-fields';
import { fromUnits, toUnits } from '../../../lib/amounts';
import { useSaveProgrammeSettings } from '../api/programme-settings';

/** The form as typed: every field a string; the shared schema checks and coerces them. */
interface SettingsForm {
  payouts: { purchase: string; first_meet: string; fill_profile: string };
  windowHours: string;
  holdHours: string;
}

const FIELDS = ['payouts.purchase', 'payouts.first_meet', 'payouts.fill_profile', 'windowHours', 'holdHours'] as const;

/** An amount without trailing zeros ("1.500000" reads "1.5"), as an admin would type it. */
const plain = (amount: string) => fromUnits(toUnits(amount));

/** Admins: the payout of each action in USDT, the attribution window and the holding period. */
export function SettingsForm({ settings }: { settings: CpaSettings }) {
  const { t } = useTranslation('cpa');
  const save = useSaveProgrammeSettings();
  const [saved, setSaved] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useZodForm(cpaSettingsUpdateSchema as unknown as z.ZodType<unknown, SettingsForm>, {
    payouts: {
      purchase: plain(settings.payouts.purchase),
      first_meet: plain(settings.payouts.first_meet),
      fill_profile: plain(settings.payouts.fill_profile),
    },
    windowHours: String(settings.windowHours),
    holdHours: String(settings.holdHours),
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    setSaved(false);
    try {
      await save.mutateAsync({
        payouts: values.payouts,
        windowHours: Number(values.windowHours),
        holdHours: Number(values.holdHours),
      });
      setSaved(true);
    } catch (error) {
      setFormError(serverErrorText(t, error, form.setError, FIELDS));
    }
  });

  const usdt = { input: { endAdornment: <InputAdornment position="end">USDT</InputAdornment> } };
  const hours = {
    input: { endAdornment: <InputAdornment position="end">{t('control.settings.hoursUnit')}</InputAdornment> },
  };

  return (
    <Card variant="outlined" component="section" aria-labelledby="cpa-settings-title" data-testid="cpa-settings">
      <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
        <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5}>
          <Box>
            <Typography variant="h5" component="h2" id="cpa-settings-title">
              {t('control.settings.title')}
            </Typography>
            <Typography color="textSecondary" sx={{ maxWidth: 720 }}>
              {t('control.settings.lead')}
            </Typography>
          </Box>
          {formError && <Alert severity="error">{formError}</Alert>}
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
            {CPA_ACTIONS.map((action) => (
              <FormTextField
                key={action}
                control={form.control}
                name={`payouts.${action}`}
                label={t(`actions.${action}`)}
                inputMode="decimal"
                slotProps={{ ...usdt, htmlInput: { 'data-testid': `settings-${action}` } }}
              />
            ))}
          </Box>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)' } }}>
            <FormTextField
              control={form.control}
              name="windowHours"
              label={t('control.settings.window')}
              hint={t('control.settings.windowHint', { max: CPA_WINDOW_HOURS_MAX })}
              inputMode="numeric"
              slotProps={{ ...hours, htmlInput: { 'data-testid': 'settings-window' } }}
            />
            <FormTextField
              control={form.control}
              name="holdHours"
              label={t('control.settings.hold')}
              hint={t('control.settings.holdHint', { max: CPA_HOLD_HOURS_MAX })}
              inputMode="numeric"
              slotProps={{ ...hours, htmlInput: { 'data-testid': 'settings-hold' } }}
            />
          </Box>
          {saved && (
            <Alert severity="success" onClose={() => setSaved(false)} data-testid="settings-saved">
              {t('control.settings.saved')}
            </Alert>
          )}
          <Box>
            <Button
              type="submit"
              variant="contained"
              disabled={form.formState.isSubmitting}
              data-testid="settings-save"
            >
              {t('control.settings.save')}
            </Button>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}
