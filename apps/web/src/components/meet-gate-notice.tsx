import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import BadgeIcon from '@mui/icons-material/BadgeOutlined';
import LockIcon from '@mui/icons-material/LockPersonOutlined';
import { RouterLink } from './router-link';

/** Where a person fills in the profile (routes.tsx: /auth/update-profile). */
const PROFILE_PATH = '/auth/update-profile';

/**
 * Shown instead of the map or the chat when the server's meet gate would refuse the person: why,
 * and the way to the profile. Without it the map would wait for a live feed that never comes.
 */
export function MeetGateNotice({
  reason,
  minAge,
  screen,
}: {
  reason: 'profile-incomplete' | 'adults-only';
  minAge: number;
  /** The screen it replaces, named in the heading. */
  screen: 'map' | 'chat';
}) {
  const { t } = useTranslation();
  const Icon = reason === 'adults-only' ? LockIcon : BadgeIcon;
  return (
    <Box
      data-testid="meet-gate"
      data-reason={reason}
      sx={{
        minHeight: { xs: 'calc(100dvh - 56px)', md: 'calc(100dvh - 64px)' },
        display: 'grid',
        placeItems: 'center',
        p: 3,
      }}
    >
      <Box
        sx={{
          maxWidth: 460,
          width: '100%',
          textAlign: 'center',
          p: { xs: 3, sm: 4 },
          borderRadius: 4,
          bgcolor: 'background.paper',
          border: 1,
          borderColor: 'divider',
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
          <Icon sx={{ fontSize: 32 }} />
        </Box>
        <Typography variant="overline" component="p" color="textSecondary" sx={{ mt: 2 }}>
          {t(`meetGate.screen.${screen}`)}
        </Typography>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          {t(`meetGate.${reason}.title`)}
        </Typography>
        <Typography color="textSecondary" sx={{ mt: 1 }}>
          {t(`meetGate.${reason}.text`, { minAge })}
        </Typography>
        <Button
          variant="contained"
          size="large"
          component={RouterLink}
          href={PROFILE_PATH}
          sx={{ mt: 3 }}
          data-testid="meet-gate-profile"
        >
          {t(`meetGate.${reason}.action`)}
        </Button>
      </Box>
    </Box>
  );
}
