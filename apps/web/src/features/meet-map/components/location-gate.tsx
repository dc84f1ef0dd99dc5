import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import MyLocationIcon from '@mui/icons-material/MyLocation';
import LocationOffIcon from '@mui/icons-material/LocationOffOutlined';
import ShieldIcon from '@mui/icons-material/ShieldOutlined';
import type { LocationStatus } from '../lib/use-own-position';

/**
 * What the map area shows while there is no position: why, and the one thing to do about it.
 * Never a blank map.
 */
export function LocationGate({
  status,
  onConsent,
  onRetry,
}: {
  status: Exclude<LocationStatus, 'ready'>;
  onConsent: () => void;
  onRetry: () => void;
}) {
  const { t } = useTranslation('map');
  const Icon = status === 'denied' || status === 'unavailable' ? LocationOffIcon : MyLocationIcon;
  return (
    <Box
      data-testid="location-gate"
      data-status={status}
      sx={{
        position: 'absolute',
        inset: 0,
        display: 'grid',
        placeItems: 'center',
        p: 3,
        overflow: 'auto',
        // A hint of a map behind the message: faint streets and the three mood colours.
        backgroundColor: '#0d1015',
        backgroundImage: [
          'radial-gradient(40% 35% at 25% 30%, rgba(255,122,168,0.16), transparent 70%)',
          'radial-gradient(35% 30% at 75% 35%, rgba(242,193,78,0.12), transparent 70%)',
          'radial-gradient(45% 40% at 55% 80%, rgba(110,162,255,0.16), transparent 70%)',
          'repeating-linear-gradient(12deg, transparent 0 46px, rgba(255,255,255,0.035) 46px 48px)',
          'repeating-linear-gradient(102deg, transparent 0 58px, rgba(255,255,255,0.035) 58px 60px)',
        ].join(','),
      }}
    >
      <Box
        sx={{
          maxWidth: 440,
          width: '100%',
          textAlign: 'center',
          p: { xs: 3, sm: 4 },
          borderRadius: 4,
          bgcolor: 'background.paper',
          border: 1,
          borderColor: 'divider',
          boxShadow: '0 20px 60px rgba(0,0,0,0.45)',
        }}
      >
        <Box
          sx={{
            mx: 'auto',
            width: 64,
            height: 64,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'rgba(47,123,255,0.14)',
            color: 'primary.light',
          }}
        >
          {status === 'locating' ? <CircularProgress size={30} aria-hidden /> : <Icon sx={{ fontSize: 32 }} />}
        </Box>
        <Typography variant="h5" component="h2" sx={{ mt: 2, fontWeight: 700 }}>
          {t(`location.${status}.title`)}
        </Typography>
        <Typography color="textSecondary" sx={{ mt: 1 }}>
          {t(`location.${status}.text`)}
        </Typography>
        {status === 'needs-consent' && (
          <Button
            variant="contained"
            size="large"
            startIcon={<MyLocationIcon />}
            onClick={onConsent}
            sx={{ mt: 3 }}
            data-testid="give-location-consent"
          >
            {t('location.needs-consent.action')}
          </Button>
        )}
        {(status === 'denied' || status === 'unavailable') && (
          <Button variant="contained" size="large" onClick={onRetry} sx={{ mt: 3 }} data-testid="retry-location">
            {t('location.retry')}
          </Button>
        )}
        <Stack
          direction="row"
          spacing={1}
          sx={{ mt: 3, justifyContent: 'center', alignItems: 'flex-start', textAlign: 'left', color: 'text.secondary' }}
        >
          <ShieldIcon fontSize="small" sx={{ mt: '2px' }} />
          <Typography variant="body2">{t('location.privacy')}</Typography>
        </Stack>
      </Box>
    </Box>
  );
}
