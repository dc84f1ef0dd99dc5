import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import AddLinkIcon from '@mui/icons-material/AddLink';
import CampaignIcon from '@mui/icons-material/CampaignOutlined';
import PaymentsIcon from '@mui/icons-material/PaymentsOutlined';
import { SectionTitle } from './section-title';

const STEPS = [
  { key: 'link', icon: AddLinkIcon },
  { key: 'share', icon: CampaignIcon },
  { key: 'earn', icon: PaymentsIcon },
] as const;

export function PartnerSteps() {
  const { t } = useTranslation('affiliates');
  return (
    <Box component="section" aria-labelledby="partner-how" sx={{ py: { xs: 4, md: 6 } }}>
      <SectionTitle id="partner-how">{t('affiliates.howTitle')}</SectionTitle>
      <Grid container spacing={2} component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {STEPS.map(({ key, icon: Icon }, index) => (
          <Grid key={key} component="li" size={{ xs: 12, md: 4 }}>
            <Card sx={{ height: '100%' }}>
              <CardContent sx={{ p: 3 }}>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, color: 'primary.main' }} aria-hidden>
                  <Icon fontSize="large" />
                  <Typography variant="h4" component="span" sx={{ opacity: 0.35 }}>
                    {index + 1}
                  </Typography>
                </Box>
                <Typography variant="h6" component="h3" sx={{ mt: 1.5 }}>
                  {t(`affiliates.how.${key}.title`)}
                </Typography>
                <Typography color="textSecondary" sx={{ mt: 1 }}>
                  {t(`affiliates.how.${key}.text`)}
                </Typography>
              </CardContent>
            </Card>
          </Grid>
        ))}
      </Grid>
    </Box>
  );
}
