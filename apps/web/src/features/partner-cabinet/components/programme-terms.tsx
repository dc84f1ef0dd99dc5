import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CPA_ACTIONS } from '@app/shared/schemas/cpa-programme';
import { useFormat } from '../../../lib/use-format';
import { useSettings } from '../api/get-settings';

/** What the programme pays today for each action, and how long a reward waits before it can be paid. */
export function ProgrammeTerms() {
  const { t } = useTranslation('cpa');
  const format = useFormat();
  const settings = useSettings();
  if (!settings.data) return null;
  const { payouts, holdHours, windowHours } = settings.data;
  return (
    <Paper variant="outlined" sx={{ p: 2, bgcolor: 'action.hover', border: 0 }} data-testid="cpa-terms">
      <Stack direction="row" sx={{ gap: 3, flexWrap: 'wrap', mb: 1 }}>
        {CPA_ACTIONS.map((action) => (
          <Box key={action}>
            <Typography variant="body2" color="textSecondary">
              {t(`actions.${action}`)}
            </Typography>
            <Typography sx={{ fontWeight: 600 }}>{format.amount(payouts[action], 'USDT')}</Typography>
          </Box>
        ))}
      </Stack>
      <Typography variant="body2" color="textSecondary">
        {t('apply.terms', { window: Math.round(windowHours / 24), hold: holdHours })}
      </Typography>
    </Paper>
  );
}
