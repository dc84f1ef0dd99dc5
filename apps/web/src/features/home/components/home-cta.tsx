import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { RouterLink } from '../../../components/router-link';

/** The closing call to action: sign up, or read more first. */
export function HomeCta() {
  const { t } = useTranslation('content');
  return (
    <Box component="section" aria-labelledby="cta-title" sx={{ py: { xs: 6, md: 10 }, textAlign: 'center' }}>
      <Typography id="cta-title" variant="h4" component="h2">
        {t('home.cta.title')}
      </Typography>
      <Typography color="textSecondary" sx={{ mt: 1.5, mx: 'auto', maxWidth: 600 }}>
        {t('home.cta.text')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 3, justifyContent: 'center' }}>
        <Button variant="contained" size="large" href="/auth/register" LinkComponent={RouterLink}>
          {t('home.cta.register')}
        </Button>
        <Button variant="outlined" size="large" href="/help/faq" LinkComponent={RouterLink}>
          {t('home.cta.faq')}
        </Button>
      </Stack>
    </Box>
  );
}
