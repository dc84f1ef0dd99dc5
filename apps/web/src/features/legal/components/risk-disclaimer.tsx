import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { MIN_AGE } from '@app/shared/constants';
import { RISK_SECTIONS } from '../lib/sections';

/**
 * The long risk disclaimer. The /risk page shows it, and the market shows it before a purchase,
 * so its headings take the level the host page needs (2 under a page's h1, 3 inside a dialog
 * whose title is the h2).
 */
export function RiskDisclaimer({ headingLevel = 2 }: { headingLevel?: 2 | 3 | 4 }) {
  const { t } = useTranslation('legal');
  return (
    <Box data-testid="risk-disclaimer">
      {RISK_SECTIONS.map((id) => (
        <Box key={id} component="section" aria-labelledby={`risk-${id}`} sx={{ py: 1.5 }}>
          <Typography id={`risk-${id}`} variant="h6" component={`h${headingLevel}`}>
            {t(`risk.sections.${id}.title`)}
          </Typography>
          <Typography color="textSecondary" sx={{ mt: 0.5, lineHeight: 1.7 }}>
            {t(`risk.sections.${id}.body`, { minAge: MIN_AGE })}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
