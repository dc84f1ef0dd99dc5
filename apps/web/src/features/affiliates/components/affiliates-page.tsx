import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PageHeader } from '../../../components/page-header';
import { RouterLink } from '../../../components/router-link';
import { useProductFacts } from '../../../components/use-product-facts';
import { PartnerSteps } from './partner-steps';
import { RewardActions } from './reward-actions';
import { AttributionSection } from './attribution-section';
import { CallbacksSection } from './callbacks-section';
import { StatsSection } from './stats-section';

function CabinetButtons() {
  const { t } = useTranslation('affiliates');
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <Button variant="contained" size="large" href="/cpa" LinkComponent={RouterLink} data-testid="cabinet-link">
        {t('affiliates.cabinet')}
      </Button>
      <Button variant="outlined" size="large" href="/auth/register" LinkComponent={RouterLink}>
        {t('affiliates.register')}
      </Button>
    </Stack>
  );
}

export function AffiliatesPage() {
  const { t } = useTranslation('affiliates');
  const facts = useProductFacts();

  return (
    <article data-testid="affiliates">
      <PageHeader
        eyebrow={t('affiliates.eyebrow')}
        title={t('common:screens.affiliates.title')}
        lead={t('affiliates.lead')}
      >
        <CabinetButtons />
      </PageHeader>
      <Container maxWidth="lg">
        <PartnerSteps />
        <RewardActions />
        <Grid container spacing={{ xs: 0, md: 6 }}>
          <Grid size={{ xs: 12, md: 5 }}>
            <AttributionSection />
          </Grid>
          <Grid size={{ xs: 12, md: 7 }}>
            <CallbacksSection />
          </Grid>
        </Grid>
        <StatsSection />
        <Card component="section" aria-labelledby="partner-referral" sx={{ p: { xs: 3, md: 4 }, mt: 2 }}>
          <Typography id="partner-referral" variant="h5" component="h2">
            {t('affiliates.referralTitle')}
          </Typography>
          <Typography color="textSecondary" sx={{ mt: 1 }}>
            {t('affiliates.referralText', facts)}
          </Typography>
        </Card>
        <Card
          component="section"
          aria-labelledby="partner-cta"
          sx={{ p: { xs: 3, md: 5 }, my: { xs: 4, md: 6 }, textAlign: { md: 'center' } }}
        >
          <Typography id="partner-cta" variant="h4" component="h2">
            {t('affiliates.ctaTitle')}
          </Typography>
          <Typography color="textSecondary" sx={{ mt: 1.5, mb: 3 }}>
            {t('affiliates.ctaText')}
          </Typography>
          <Stack sx={{ alignItems: { md: 'center' } }}>
            <CabinetButtons />
          </Stack>
        </Card>
      </Container>
    </article>
  );
}
