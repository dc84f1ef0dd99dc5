import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import MailIcon from '@mui/icons-material/EmailOutlined';
import AppleIcon from '@mui/icons-material/Apple';
import QuizIcon from '@mui/icons-material/QuizOutlined';
import { PageHeader } from '../../../components/page-header';
import { RouterLink } from '../../../components/router-link';
import { publicConfig } from '../../../lib/public-config';
import { FeedbackForm } from './feedback-form';

function InfoCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card>
      <CardContent sx={{ p: 3 }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <Box aria-hidden sx={{ display: 'flex', color: 'primary.main' }}>
            {icon}
          </Box>
          <Typography variant="h6" component="h2">
            {title}
          </Typography>
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}

export function SupportPage() {
  const { t } = useTranslation('support');
  const { supportEmail } = publicConfig();

  // A form: a prerendered page takes its code at once, so nothing typed meets a page being hydrated.
  return (
    <article data-testid="support" data-hydrate="at-once">
      <PageHeader eyebrow={t('support.eyebrow')} title={t('common:screens.support.title')} lead={t('support.lead')} />
      <Container maxWidth="lg">
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 7 }}>
            <Card component="section" aria-labelledby="feedback-title">
              <CardContent sx={{ p: { xs: 3, md: 4 } }}>
                <Typography id="feedback-title" variant="h5" component="h2" sx={{ mb: 3 }}>
                  {t('support.form.title')}
                </Typography>
                <FeedbackForm />
              </CardContent>
            </Card>
          </Grid>
          <Grid size={{ xs: 12, md: 5 }}>
            <Stack spacing={3}>
              <InfoCard icon={<MailIcon />} title={t('support.emailTitle')}>
                <Link
                  href={`mailto:${supportEmail}`}
                  sx={{ display: 'inline-block', mt: 1.5, fontSize: 18, wordBreak: 'break-all' }}
                  data-testid="support-email"
                >
                  {supportEmail}
                </Link>
                <Typography color="textSecondary" sx={{ mt: 1 }}>
                  {t('support.emailText')}
                </Typography>
              </InfoCard>
              <InfoCard icon={<QuizIcon />} title={t('support.faqTitle')}>
                <Typography color="textSecondary" sx={{ mt: 1.5 }}>
                  {t('support.faqText')}
                </Typography>
                <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 2, flexWrap: 'wrap' }}>
                  <Button variant="outlined" href="/help/faq" LinkComponent={RouterLink}>
                    {t('support.faqLink')}
                  </Button>
                  <Button href="/help/how-to-meet" LinkComponent={RouterLink}>
                    {t('support.howLink')}
                  </Button>
                </Stack>
              </InfoCard>
              <InfoCard icon={<AppleIcon />} title={t('support.relayTitle')}>
                <Typography color="textSecondary" sx={{ mt: 1.5 }}>
                  {t('support.relayText')}
                </Typography>
              </InfoCard>
            </Stack>
          </Grid>
        </Grid>
      </Container>
    </article>
  );
}
