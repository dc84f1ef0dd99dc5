import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import AppleIcon from '@mui/icons-material/Apple';
import { MIN_IOS_VERSION, MIN_IPHONE_MODEL } from '@app/shared/constants';
import { publicConfig } from '../../../lib/public-config';

/** The companion iPhone app, while its App Store link is configured. */
export function AppStoreSection() {
  const { t } = useTranslation('install');
  const { appStoreUrl } = publicConfig();
  return (
    <Box component="section" aria-labelledby="install-app-store-heading">
      <Typography id="install-app-store-heading" variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {t('appStore.heading')}
      </Typography>
      <Typography variant="body2" sx={{ mt: 0.5 }}>
        {t('appStore.text')}
      </Typography>
      <Typography variant="body2" color="textSecondary" sx={{ mt: 0.5 }}>
        {t('appStore.requirements', { version: MIN_IOS_VERSION, model: MIN_IPHONE_MODEL })}
      </Typography>
      {appStoreUrl ? (
        <Button
          variant="outlined"
          startIcon={<AppleIcon />}
          href={appStoreUrl}
          target="_blank"
          rel="noopener noreferrer"
          sx={{ mt: 1.5 }}
        >
          {t('appStore.open')}
        </Button>
      ) : (
        <Typography variant="body2" color="textSecondary" sx={{ mt: 0.5 }}>
          {t('appStore.notPublished')}
        </Typography>
      )}
    </Box>
  );
}
