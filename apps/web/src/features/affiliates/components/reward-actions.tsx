import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ShoppingBagIcon from '@mui/icons-material/ShoppingBagOutlined';
import HandshakeIcon from '@mui/icons-material/HandshakeOutlined';
import BadgeIcon from '@mui/icons-material/BadgeOutlined';
import { CPA_REWARD_ACTIONS } from '@app/shared/constants';
import { SectionTitle } from './section-title';

const ICONS = { purchase: ShoppingBagIcon, first_meet: HandshakeIcon, fill_profile: BadgeIcon } as const;

/** The actions a partner is paid for, with the code their callbacks receive in {action}. */
export function RewardActions() {
  const { t } = useTranslation('affiliates');
  return (
    <Box component="section" aria-labelledby="partner-actions" sx={{ py: { xs: 4, md: 6 } }}>
      <SectionTitle id="partner-actions">{t('affiliates.actionsTitle')}</SectionTitle>
      <Typography color="textSecondary" sx={{ mb: 3 }}>
        {t('affiliates.actionsText')}
      </Typography>
      <Grid container spacing={2}>
        {CPA_REWARD_ACTIONS.map((action) => {
          const Icon = ICONS[action];
          return (
            <Grid key={action} size={{ xs: 12, md: 4 }}>
              <Paper
                variant="outlined"
                sx={{ p: 3, height: '100%', bgcolor: 'transparent' }}
                data-testid={`action-${action}`}
              >
                <Icon sx={{ color: 'primary.main', fontSize: 32 }} aria-hidden />
                <Typography variant="h6" component="h3" sx={{ mt: 1 }}>
                  {t(`affiliates.actions.${action}.title`)}
                </Typography>
                <Chip label={action} size="small" variant="outlined" sx={{ mt: 1, fontFamily: 'monospace' }} />
                <Typography color="textSecondary" sx={{ mt: 1.5 }}>
                  {t(`affiliates.actions.${action}.text`)}
                </Typography>
              </Paper>
            </Grid>
          );
        })}
      </Grid>
    </Box>
  );
}
