import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { RouterLink } from '../../../components/router-link';

/** Where to go after reading: sign up, look at the levels, or read the answers. */
export function MeetCta() {
  const { t } = useTranslation('meet');
  return (
    <Card
      component="section"
      aria-labelledby="meet-cta-title"
      sx={{ my: { xs: 4, md: 8 }, p: { xs: 3, md: 5 }, textAlign: 'center' }}
    >
      <Typography id="meet-cta-title" variant="h4" component="h2">
        {t('meet.cta.title')}
      </Typography>
      <Typography color="textSecondary" sx={{ mt: 1.5 }}>
        {t('meet.cta.text')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 3, justifyContent: 'center' }}>
        <Button variant="contained" size="large" href="/auth/register" LinkComponent={RouterLink}>
          {t('meet.cta.register')}
        </Button>
        <Button variant="outlined" size="large" href="/market" LinkComponent={RouterLink}>
          {t('meet.cta.market')}
        </Button>
        <Button size="large" href="/help/faq" LinkComponent={RouterLink}>
          {t('meet.cta.faq')}
        </Button>
      </Stack>
    </Card>
  );
}
