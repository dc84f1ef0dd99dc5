import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import MyLocationIcon from '@mui/icons-material/MyLocation';
import { MEETING_MAX_ACCURACY_METERS } from '@app/shared/constants';
import { setConsent } from '../../consent/lib/consent-store';
import type { ReporterState, ReporterStatus } from '../lib/use-position-reporter';

type State = ReporterState & { status: ReporterStatus };

/** Whether the location needs the user's attention (an alert at the top) rather than a quiet line. */
export const needsAttention = ({ status, accuracy }: State) =>
  status === 'consent' ||
  status === 'denied' ||
  status === 'unsupported' ||
  status === 'unavailable' ||
  status === 'failed' ||
  (status === 'active' && accuracy !== null && accuracy > MEETING_MAX_ACCURACY_METERS);

/**
 * What this phone's location is doing, in words: asking for the consent with the why, the way out
 * of a refused permission (both as alerts, `variant` "alert"), or a quiet line while positions
 * flow (`variant` "line"). Each variant renders only its own cases.
 */
export function LocationStatus({
  state,
  name,
  onRetry,
  variant,
}: {
  state: State;
  name: string;
  onRetry: () => void;
  variant: 'alert' | 'line';
}) {
  const { t } = useTranslation(['meeting', 'errors']);
  const { status, accuracy } = state;

  if (status === 'off' || needsAttention(state) !== (variant === 'alert')) return null;

  if (status === 'consent') {
    return (
      <Alert
        severity="info"
        icon={<MyLocationIcon />}
        data-testid="location-consent"
        sx={{ border: 1, borderColor: 'info.dark' }}
      >
        <AlertTitle sx={{ fontWeight: 600 }}>{t('location.consent.title')}</AlertTitle>
        {t('location.consent.text', { name })}
        <Box sx={{ mt: 1.5 }}>
          <Button
            variant="contained"
            color="info"
            onClick={() => setConsent('geolocation', true)}
            startIcon={<MyLocationIcon />}
          >
            {t('location.consent.action')}
          </Button>
        </Box>
      </Alert>
    );
  }

  if (status === 'denied' || status === 'unsupported') {
    return (
      <Alert
        severity="warning"
        data-testid="location-denied"
        action={
          status === 'denied' && (
            <Button color="inherit" size="small" onClick={onRetry}>
              {t('location.retry')}
            </Button>
          )
        }
      >
        <AlertTitle>{t(`location.${status}.title`)}</AlertTitle>
        {t(`location.${status}.text`)}
      </Alert>
    );
  }

  if (status === 'unavailable' || status === 'failed') {
    return (
      <Alert severity="warning" data-testid="location-problem" data-status={status}>
        {status === 'failed' && state.errorCode && state.errorCode !== 'NETWORK_ERROR'
          ? t(`errors:${state.errorCode}`, { defaultValue: t('location.failed') })
          : t(`location.${status}`)}
      </Alert>
    );
  }

  const imprecise = status === 'active' && accuracy !== null && accuracy > MEETING_MAX_ACCURACY_METERS;
  if (imprecise) {
    return (
      <Alert severity="warning" data-testid="location-imprecise">
        {t('location.imprecise', { accuracy: Math.round(accuracy), max: MEETING_MAX_ACCURACY_METERS })}
      </Alert>
    );
  }

  const live = status === 'active';
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{ alignItems: 'center', justifyContent: 'center' }}
      data-testid="location-status"
      data-status={status}
    >
      <Box
        aria-hidden
        sx={{
          width: 8,
          height: 8,
          borderRadius: '50%',
          bgcolor: live ? 'success.main' : 'text.disabled',
          boxShadow: live ? '0 0 0 0 rgba(61,220,132,0.6)' : 'none',
          animation: live ? 'meeting-pulse 2s infinite' : 'none',
          '@keyframes meeting-pulse': {
            '0%': { boxShadow: '0 0 0 0 rgba(61,220,132,0.6)' },
            '70%': { boxShadow: '0 0 0 8px rgba(61,220,132,0)' },
            '100%': { boxShadow: '0 0 0 0 rgba(61,220,132,0)' },
          },
          '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
        }}
      />
      <Typography variant="caption" color="textSecondary">
        {live && accuracy !== null
          ? t('location.active', { accuracy: Math.max(1, Math.round(accuracy)) })
          : t(`location.${status}`)}
      </Typography>
    </Stack>
  );
}
