import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { Reveal } from '../../../components/reveal';
import { useProductFacts } from '../../../components/use-product-facts';
import { StepIllustration, type MeetingStep } from './step-illustration';

const STEPS: readonly MeetingStep[] = ['raise', 'map', 'chat', 'meet', 'scan', 'mint'];

/**
 * The six steps of a meeting. `detailed` lays each step out wide with its drawing beside the
 * text (the help page); otherwise they sit in a compact grid (Meet & play).
 */
export function MeetingSteps({ detailed = false }: { detailed?: boolean }) {
  const { t } = useTranslation('meet');
  const facts = useProductFacts();

  return (
    <Box component="section" aria-labelledby="steps-title" sx={{ py: { xs: 5, md: 8 } }}>
      <Typography id="steps-title" variant="h4" component="h2" sx={{ mb: 4 }}>
        {t('meet.stepsTitle')}
      </Typography>
      <Grid container spacing={detailed ? 3 : 2} component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {STEPS.map((step, index) => (
          <Grid key={step} component="li" size={detailed ? 12 : { xs: 12, sm: 6, md: 4 }} data-testid="meeting-step">
            <Reveal delay={detailed ? 0 : (index % 3) * 100}>
              <Card sx={{ height: '100%' }}>
                <CardContent
                  sx={{
                    p: 3,
                    display: 'grid',
                    gap: 3,
                    gridTemplateColumns: detailed ? { xs: '1fr', sm: '220px 1fr', md: '280px 1fr' } : '1fr',
                    alignItems: 'center',
                  }}
                >
                  <StepIllustration step={step} />
                  <Box>
                    <Typography variant="overline" color="primary" component="p">
                      {t('meet.stepLabel', { n: index + 1 })}
                    </Typography>
                    <Typography variant="h6" component="h3">
                      {t(`meet.steps.${step}.title`)}
                    </Typography>
                    <Typography color="textSecondary" sx={{ mt: 1, fontSize: detailed ? { md: 17 } : undefined }}>
                      {t(`meet.steps.${step}.text`, facts)}
                    </Typography>
                  </Box>
                </CardContent>
              </Card>
            </Reveal>
          </Grid>
        ))}
      </Grid>
    </Box>
  );
}
