import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { SectionTitle } from './section-title';

/** The counters of an affiliate link (SPEC.md section 3): hits, regs, value, profit, paid. */
const STATS = ['hits', 'regs', 'value', 'profit', 'paid'] as const;

export function StatsSection() {
  const { t } = useTranslation('affiliates');
  return (
    <Box component="section" aria-labelledby="partner-stats" sx={{ py: { xs: 4, md: 6 } }}>
      <SectionTitle id="partner-stats">{t('affiliates.statsTitle')}</SectionTitle>
      <Grid container spacing={2}>
        {STATS.map((stat) => (
          <Grid key={stat} size={{ xs: 12, sm: 6, md: 'grow' }}>
            <Paper variant="outlined" sx={{ p: 2.5, height: '100%', bgcolor: 'transparent' }}>
              <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
                {t(`affiliates.stats.${stat}.title`)}
              </Typography>
              <Typography color="textSecondary" sx={{ mt: 0.5 }}>
                {t(`affiliates.stats.${stat}.text`)}
              </Typography>
            </Paper>
          </Grid>
        ))}
      </Grid>
      <Typography color="textSecondary" variant="body2" sx={{ mt: 2 }}>
        {t('affiliates.statsNote')}
      </Typography>
    </Box>
  );
}
