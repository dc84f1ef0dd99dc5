import { useTranslation } from 'react-i18next';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { MeetingView } from '@app/shared/schemas/meet';
import { LEVEL_ACCENT } from '../../../app/theme';
import { peerName } from '../lib/peer-name';
import { VerifiedCheck } from '../../../components/verified-check';

/** The person met: avatar, name, token level badges, KYC checkmark and whether they are on this screen. */
export function PeerHeader({
  peer,
  present,
  showPresence,
}: {
  peer: MeetingView['peer'];
  present: boolean;
  showPresence: boolean;
}) {
  const { t } = useTranslation(['meeting', 'common']);
  const name = peerName(t, peer);
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} data-testid="peer-header">
      <Box sx={{ position: 'relative', flexShrink: 0 }}>
        <Avatar
          src={peer.avatar ?? undefined}
          alt=""
          sx={{
            width: 64,
            height: 64,
            fontSize: 26,
            fontWeight: 600,
            bgcolor: 'rgba(47,123,255,0.2)',
            color: 'primary.light',
            border: 2,
            borderColor: 'divider',
          }}
        >
          {name.replace('@', '').charAt(0).toUpperCase()}
        </Avatar>
        {showPresence && (
          <Box
            aria-hidden
            sx={{
              position: 'absolute',
              right: 2,
              bottom: 2,
              width: 16,
              height: 16,
              borderRadius: '50%',
              border: 3,
              borderColor: 'background.default',
              bgcolor: present ? 'success.main' : 'text.disabled',
            }}
          />
        )}
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="overline" color="primary" sx={{ display: 'block', lineHeight: 1.6 }}>
          {t('eyebrow')}
        </Typography>
        <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', minWidth: 0 }}>
          <Typography
            variant="h4"
            component="h1"
            sx={{ fontSize: { xs: 26, sm: 32 }, lineHeight: 1.15, overflowWrap: 'anywhere' }}
            data-testid="peer-name"
          >
            {name}
          </Typography>
          <VerifiedCheck verified={peer.verified} size={24} testId="peer-verified" />
        </Stack>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.75, mt: 0.75, alignItems: 'center' }}>
          {peer.domain && peer.firstName && (
            <Typography variant="body2" color="textSecondary" sx={{ mr: 0.5 }}>
              @{peer.domain}
            </Typography>
          )}
          {peer.levels.map((level) => (
            <Chip
              key={level}
              size="small"
              label={t(`common:levels.${level}`)}
              data-testid="peer-level"
              sx={{
                height: 22,
                fontWeight: 600,
                color: LEVEL_ACCENT[level],
                bgcolor: `${LEVEL_ACCENT[level]}1f`,
                border: 1,
                borderColor: `${LEVEL_ACCENT[level]}55`,
              }}
            />
          ))}
          {showPresence && (
            <Typography
              variant="body2"
              sx={{ color: present ? 'success.main' : 'text.secondary' }}
              data-testid="peer-presence"
              data-present={present}
            >
              {present ? t('peer.present') : t('peer.away')}
            </Typography>
          )}
        </Stack>
      </Box>
    </Stack>
  );
}
