import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import PanToolIcon from '@mui/icons-material/PanTool';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOffOutlined';
import type { Mood, MyHandState, OwnPosition } from '@app/shared/schemas/meet';
import { ApiError } from '../../../lib/api-client';
import { translateError } from '../../../lib/i18n';
import { useLowerHand } from '../api/lower-hand';
import { useRaiseHand } from '../api/raise-hand';
import { useSetGhost } from '../api/set-ghost';
import { MOODS, MOOD_STYLE } from '../lib/moods';
import { formatCountdown } from '../lib/time-left';
import { HandAvatar } from './hand-avatar';

/**
 * The viewer's own hand: a big "Raise your hand" while it is down; while it is up, its mood, the
 * time left (counting down), "Change mood" and "Lower hand". Below, the ghost-mode switch.
 */
export function MyHandPanel({
  state,
  now,
  position,
  viewerName,
  viewerAvatar,
  onRaise,
  compact = false,
}: {
  state: MyHandState | undefined;
  now: number;
  position: OwnPosition | null;
  viewerName: string;
  viewerAvatar: string | null;
  onRaise: () => void;
  /** Over the map on phones: tighter, on a solid surface. */
  compact?: boolean;
}) {
  const { t } = useTranslation('map');
  const lower = useLowerHand();
  const change = useRaiseHand();
  const ghost = useSetGhost();
  const [moodAnchor, setMoodAnchor] = useState<HTMLElement | null>(null);
  const hand = state?.hand ?? null;
  const failure = [lower.error, change.error, ghost.error].find(Boolean);

  const changeMood = (mood: Mood) => {
    setMoodAnchor(null);
    if (!hand || !position || mood === hand.mood) return;
    change.mutate({
      mood,
      durationHours: hand.durationHours as 1 | 3 | 8,
      position,
      ...(hand.note && { note: hand.note }),
    });
  };

  return (
    <Box sx={{ px: compact ? 1.5 : 2, py: compact ? 1.25 : 2 }}>
      {hand ? (
        <Box
          data-testid="my-hand"
          data-mood={hand.mood}
          sx={{
            p: 1.5,
            borderRadius: 3,
            border: 1,
            borderColor: `${MOOD_STYLE[hand.mood].color}66`,
            background: `linear-gradient(135deg, ${MOOD_STYLE[hand.mood].color}26, transparent 70%)`,
          }}
        >
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <HandAvatar avatar={viewerAvatar} name={viewerName} mood={hand.mood} size={44} />
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography sx={{ fontWeight: 700 }} noWrap>
                {t('myHand.raised', { mood: t(`moods.${hand.mood}`) })}
              </Typography>
              <Typography variant="body2" color="textSecondary" noWrap>
                {t('myHand.timeLeft')}{' '}
                <Box
                  component="span"
                  sx={{ color: 'text.primary', fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}
                  data-testid="my-hand-countdown"
                >
                  {formatCountdown(hand.expiresAt, now)}
                </Box>
              </Typography>
            </Box>
          </Stack>
          {hand.note && (
            <Typography variant="body2" color="textSecondary" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
              “{hand.note}”
            </Typography>
          )}
          <Stack direction="row" spacing={1} sx={{ mt: 1.5 }}>
            <Button
              variant="outlined"
              color="inherit"
              size="small"
              endIcon={<ExpandMoreIcon />}
              onClick={(e) => setMoodAnchor(e.currentTarget)}
              aria-haspopup="menu"
              aria-expanded={Boolean(moodAnchor)}
              loading={change.isPending}
              sx={{ flex: 1, whiteSpace: 'nowrap' }}
              data-testid="change-mood"
            >
              {t('myHand.changeMood')}
            </Button>
            <Button
              variant="contained"
              size="small"
              onClick={() => lower.mutate()}
              // Dark text on a light red: white on MUI's red misses the 4.5:1 contrast.
              sx={{
                flex: 1,
                whiteSpace: 'nowrap',
                bgcolor: '#ff6b6b',
                color: '#0a0b0f',
                '&:hover': { bgcolor: '#ff8585' },
              }}
              data-testid="lower-hand"
            >
              {t('myHand.lower')}
            </Button>
          </Stack>
          <Menu anchorEl={moodAnchor} open={Boolean(moodAnchor)} onClose={() => setMoodAnchor(null)}>
            {MOODS.map((mood) => {
              const { color, icon: Icon } = MOOD_STYLE[mood];
              return (
                <MenuItem
                  key={mood}
                  selected={mood === hand.mood}
                  onClick={() => changeMood(mood)}
                  data-testid={`change-mood-${mood}`}
                >
                  <ListItemIcon>
                    <Icon sx={{ color }} />
                  </ListItemIcon>
                  {t(`moods.${mood}`)}
                </MenuItem>
              );
            })}
          </Menu>
        </Box>
      ) : (
        <Button
          variant="contained"
          size="large"
          fullWidth
          startIcon={<PanToolIcon />}
          onClick={onRaise}
          disabled={!position || !state}
          data-testid="raise-hand"
          sx={{
            py: compact ? 1.25 : 1.5,
            fontSize: 17,
            fontWeight: 700,
            borderRadius: 99,
            color: '#0a0b0f',
            background: 'linear-gradient(90deg, #ff7aa8 0%, #f2c14e 50%, #6ea2ff 100%)',
            boxShadow: '0 8px 24px rgba(47,123,255,0.25)',
            '&:hover': { filter: 'brightness(1.06)' },
            '&.Mui-disabled': { background: undefined },
          }}
        >
          {t('myHand.raise')}
        </Button>
      )}

      <FormControlLabel
        sx={{ mt: 1, ml: 0, mr: 0, width: '100%', alignItems: 'flex-start', justifyContent: 'space-between', gap: 1 }}
        labelPlacement="start"
        control={
          <Switch
            checked={state?.ghost ?? false}
            disabled={!state}
            onChange={(e) => ghost.mutate(e.target.checked)}
            slotProps={{ input: { 'aria-describedby': 'ghost-help', 'data-testid': 'ghost-switch' } as object }}
          />
        }
        label={
          <Box sx={{ flex: 1, pt: 0.75 }}>
            <Typography sx={{ fontWeight: 600 }}>{t('ghost.label')}</Typography>
            <Typography id="ghost-help" variant={compact ? 'caption' : 'body2'} component="p" color="textSecondary">
              {t('ghost.help')}
            </Typography>
          </Box>
        }
      />
      {state?.ghost && (
        <Alert severity="info" icon={<VisibilityOffIcon />} sx={{ mt: 1 }} data-testid="ghost-on">
          {t('ghost.on')}
        </Alert>
      )}
      {failure && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {translateError(t, failure instanceof ApiError ? failure : { code: 'UNKNOWN_ERROR' })}
        </Alert>
      )}
    </Box>
  );
}
