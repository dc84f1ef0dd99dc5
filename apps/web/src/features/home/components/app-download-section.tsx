import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AppleIcon from '@mui/icons-material/Apple';
import PhoneIphoneIcon from '@mui/icons-material/PhoneIphone';
import LanguageIcon from '@mui/icons-material/Language';
import { publicConfig } from '../../../lib/public-config';
import { RouterLink } from '../../../components/router-link';
import { useProductFacts } from '../../../components/use-product-facts';

/** Where to get the app; until it is published, the honest answer is that the website is the app. */
export function AppDownloadSection() {
  const { t } = useTranslation('content');
  const facts = useProductFacts();
  const { appStoreUrl } = publicConfig();

  return (
    <Box component="section" aria-labelledby="app-title" sx={{ py: { xs: 6, md: 10 } }} data-testid="app-download">
      <Card
        sx={{
          p: { xs: 3, md: 5 },
          background: 'linear-gradient(135deg, rgba(47,123,255,0.16), rgba(47,123,255,0.02) 60%)',
        }}
      >
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={{ xs: 3, md: 6 }} sx={{ alignItems: { md: 'center' } }}>
          <Stack direction="row" spacing={1} aria-hidden sx={{ color: 'primary.main', flexShrink: 0 }}>
            <PhoneIphoneIcon sx={{ fontSize: { xs: 56, md: 88 } }} />
            <LanguageIcon sx={{ fontSize: { xs: 56, md: 88 } }} />
          </Stack>
          <Box sx={{ flexGrow: 1 }}>
            <Typography id="app-title" variant="h4" component="h2">
              {t('home.app.title')}
            </Typography>
            <Typography sx={{ mt: 1.5 }}>{t('home.app.text', facts)}</Typography>
            <Typography color="textSecondary" sx={{ mt: 1.5 }}>
              {appStoreUrl ? t('home.app.webAlso') : t('home.app.webOnly')}
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 3 }}>
              {appStoreUrl && (
                <Button
                  variant="contained"
                  size="large"
                  startIcon={<AppleIcon />}
                  href={appStoreUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {t('home.app.appStore')}
                </Button>
              )}
              <Button
                variant={appStoreUrl ? 'outlined' : 'contained'}
                size="large"
                href="/auth/register"
                LinkComponent={RouterLink}
              >
                {t('home.app.start')}
              </Button>
            </Stack>
          </Box>
        </Stack>
      </Card>
    </Box>
  );
}
