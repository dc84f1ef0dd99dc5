import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import ChatIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import HandshakeIcon from '@mui/icons-material/HandshakeOutlined';
import PlaceIcon from '@mui/icons-material/PlaceOutlined';
import TimerIcon from '@mui/icons-material/TimerOutlined';
import type { HandCard } from '@app/shared/schemas/meet';
import { RouterLink } from '../../../components/router-link';
import { ApiError } from '../../../lib/api-client';
import { useHand } from '../api/get-hand';
import type { LatLng } from '../lib/geo';
import { MOOD_STYLE } from '../lib/moods';
import { formatCountdown } from '../lib/time-left';
import { HandAvatar } from './hand-avatar';
import { LevelBadges } from './level-badges';
import { handTitle } from './hand-name';
import { VerifiedCheck } from '../../../components/verified-check';

/** Where "Message" and "Meet" lead: the chat with this user, the meeting and mint screen. */
export const chatHref = (userId: number) => `/chat?with=${userId}`;
export const meetHref = (userId: number) => `/meet/${userId}`;

/**
 * The public profile behind a hand: what anyone nearby may see, never contacts or an exact place.
 * Opens at once from the map's copy and refreshes from GET /api/meet/hands/:userId.
 */
export function HandCardDialog({
  userId,
  known,
  opened,
  viewer,
  now,
  onClose,
}: {
  userId: number | null;
  /** The map's copy of the hand (gone once it was lowered). */
  known: HandCard | undefined;
  /** The hand as it was when the card opened. */
  opened: HandCard | null;
  viewer: LatLng | null;
  now: number;
  onClose: () => void;
}) {
  const { t } = useTranslation('map');
  // Asked once as the card opens: a hand lowered a moment ago answers 404 before its event arrives.
  const fresh = useHand(userId, viewer);
  const notFound = fresh.error instanceof ApiError && fresh.error.status === 404;
  // The live copy while the hand is up; once it is lowered, the copy it was opened with, saying so.
  const hand = known ?? opened ?? undefined;
  const gone = notFound || !known;
  const open = userId !== null;

  return (
    <Dialog
      open={open && Boolean(hand)}
      onClose={onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="hand-card-title"
      slotProps={{
        paper: {
          'data-testid': 'hand-card',
          sx: { borderRadius: 4, m: { xs: 1.5, sm: 4 }, width: { xs: 'calc(100% - 24px)', sm: undefined } },
        } as object,
      }}
    >
      {hand && (
        <>
          <Box
            sx={{
              position: 'relative',
              pt: 4,
              pb: 2,
              px: 3,
              textAlign: 'center',
              background: `radial-gradient(120% 90% at 50% 0%, ${MOOD_STYLE[hand.mood].color}33 0%, transparent 70%)`,
            }}
          >
            <IconButton aria-label={t('card.close')} onClick={onClose} sx={{ position: 'absolute', top: 8, right: 8 }}>
              <CloseIcon />
            </IconButton>
            <Box sx={{ display: 'flex', justifyContent: 'center' }}>
              <HandAvatar
                avatar={hand.avatar}
                name={hand.firstName ?? hand.domain ?? '?'}
                mood={hand.mood}
                size={104}
              />
            </Box>
            <Stack direction="row" spacing={0.75} sx={{ justifyContent: 'center', alignItems: 'center', mt: 2 }}>
              <Typography
                id="hand-card-title"
                variant="h5"
                component="h2"
                sx={{ fontWeight: 700 }}
                data-testid="hand-card-name"
              >
                {handTitle(t, hand)}
              </Typography>
              <VerifiedCheck verified={hand.verified} size={24} testId="hand-card-verified" />
            </Stack>
            {hand.domain && (
              <Typography color="textSecondary" data-testid="hand-card-nickname">
                @{hand.domain}
              </Typography>
            )}
            <Stack
              direction="row"
              spacing={1}
              sx={{ justifyContent: 'center', alignItems: 'center', mt: 1.5, flexWrap: 'wrap', rowGap: 1 }}
            >
              <MoodPill mood={hand.mood} label={t(`moods.${hand.mood}`)} />
              <LevelBadges levels={hand.levels} size="medium" />
            </Stack>
          </Box>
          <DialogContent sx={{ pt: 1 }}>
            {hand.note && (
              <Box
                data-testid="hand-card-note"
                sx={{
                  p: 2,
                  borderRadius: 3,
                  bgcolor: 'action.hover',
                  borderLeft: 3,
                  borderColor: MOOD_STYLE[hand.mood].color,
                  mb: 2,
                  overflowWrap: 'anywhere',
                }}
              >
                <Typography>{hand.note}</Typography>
              </Box>
            )}
            <Stack direction="row" spacing={1.5} sx={{ mb: 2 }}>
              <Fact
                icon={<PlaceIcon fontSize="small" />}
                label={t('card.distance')}
                value={t(`distance.${hand.distance}`)}
                testId="hand-card-distance"
              />
              <Fact
                icon={<TimerIcon fontSize="small" />}
                label={t('card.timeLeft')}
                value={formatCountdown(hand.expiresAt, now)}
                testId="hand-card-time"
              />
            </Stack>
            {gone && (
              <Alert severity="info" sx={{ mb: 2 }} data-testid="hand-card-gone">
                {t('card.gone')}
              </Alert>
            )}
            <Stack direction="row" spacing={1.5} sx={{ pb: 1 }}>
              <Button
                variant="contained"
                size="large"
                fullWidth
                startIcon={<ChatIcon />}
                href={chatHref(hand.userId)}
                LinkComponent={RouterLink}
                data-testid="hand-card-message"
              >
                {t('card.message')}
              </Button>
              <Button
                variant="outlined"
                size="large"
                fullWidth
                startIcon={<HandshakeIcon />}
                href={meetHref(hand.userId)}
                LinkComponent={RouterLink}
                data-testid="hand-card-meet"
              >
                {t('card.meet')}
              </Button>
            </Stack>
            <Typography variant="caption" color="textSecondary" component="p" sx={{ mt: 1, textAlign: 'center' }}>
              {t('card.privacy')}
            </Typography>
          </DialogContent>
        </>
      )}
    </Dialog>
  );
}

function MoodPill({ mood, label }: { mood: HandCard['mood']; label: string }) {
  const { color, icon: Icon } = MOOD_STYLE[mood];
  return (
    <Box
      component="span"
      data-testid="hand-card-mood"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.5,
        px: 1.25,
        py: 0.25,
        borderRadius: 4,
        bgcolor: color,
        color: '#0a0b0f',
        fontWeight: 700,
        fontSize: 13,
      }}
    >
      <Icon sx={{ fontSize: 16 }} />
      {label}
    </Box>
  );
}

function Fact({ icon, label, value, testId }: { icon: ReactNode; label: string; value: string; testId: string }) {
  return (
    <Box sx={{ flex: 1, p: 1.5, borderRadius: 3, border: 1, borderColor: 'divider' }}>
      <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', color: 'text.secondary' }}>
        {icon}
        <Typography variant="caption">{label}</Typography>
      </Stack>
      <Typography sx={{ fontWeight: 700, mt: 0.25, fontVariantNumeric: 'tabular-nums' }} data-testid={testId}>
        {value}
      </Typography>
    </Box>
  );
}
