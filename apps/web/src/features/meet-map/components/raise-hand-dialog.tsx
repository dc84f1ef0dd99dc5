import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import PanToolIcon from '@mui/icons-material/PanTool';
import {
  HAND_DURATIONS_HOURS,
  HAND_NOTE_MAX_LENGTH,
  type HandDurationHours,
  type Mood,
  type OwnPosition,
} from '@app/shared/schemas/meet';
import { RouterLink } from '../../../components/router-link';
import { ApiError } from '../../../lib/api-client';
import { translateError } from '../../../lib/i18n';
import { useRaiseHand } from '../api/raise-hand';
import { MOODS, MOOD_STYLE } from '../lib/moods';

export const UPDATE_PROFILE_HREF = '/auth/update-profile';

/**
 * Raising a hand: a mood (three big choices with icons), an optional note of up to 140 characters
 * and how long it stays up. The server has the last word (complete profile, adults only).
 */
export function RaiseHandDialog({
  open,
  onClose,
  position,
  profileComplete,
}: {
  open: boolean;
  onClose: () => void;
  position: OwnPosition | null;
  /** Known to be incomplete already: say so before the form is filled in. */
  profileComplete: boolean;
}) {
  const { t } = useTranslation('map');
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const [mood, setMood] = useState<Mood | null>(null);
  const [note, setNote] = useState('');
  const [duration, setDuration] = useState<HandDurationHours>(3);
  const [moodMissing, setMoodMissing] = useState(false);
  const raise = useRaiseHand();
  const error =
    raise.error instanceof ApiError
      ? raise.error
      : raise.error
        ? new ApiError(0, 'UNKNOWN_ERROR', 'UNKNOWN_ERROR')
        : null;
  const needsProfile = !profileComplete || error?.code === 'PROFILE_INCOMPLETE';

  const close = () => {
    raise.reset();
    setMoodMissing(false);
    onClose();
  };

  const submit = () => {
    if (!mood) {
      setMoodMissing(true);
      return;
    }
    if (!position) return;
    const trimmed = note.trim();
    raise.mutate(
      { mood, durationHours: duration, position, ...(trimmed && { note: trimmed }) },
      {
        onSuccess: () => {
          setNote('');
          setMood(null);
          close();
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby="raise-title"
      slotProps={{ paper: { 'data-testid': 'raise-dialog' } as object }}
    >
      <DialogTitle id="raise-title" sx={{ pb: 0.5 }}>
        {t('raise.title')}
      </DialogTitle>
      <DialogContent>
        <Typography color="textSecondary" sx={{ mb: 2.5 }}>
          {t('raise.lead')}
        </Typography>

        {needsProfile && (
          <Alert severity="warning" sx={{ mb: 2 }} data-testid="raise-profile-incomplete">
            {t('raise.profileIncomplete')}{' '}
            <Link component={RouterLink} href={UPDATE_PROFILE_HREF} sx={{ fontWeight: 600 }}>
              {t('raise.completeProfile')}
            </Link>
          </Alert>
        )}

        <Typography id="raise-mood" variant="subtitle2" component="p" sx={{ mb: 1 }}>
          {t('raise.mood')}
        </Typography>
        <Box
          role="radiogroup"
          aria-labelledby="raise-mood"
          sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 1.25 }}
        >
          {MOODS.map((option) => {
            const { color, icon: Icon } = MOOD_STYLE[option];
            const chosen = mood === option;
            return (
              <Box
                key={option}
                component="button"
                type="button"
                role="radio"
                aria-checked={chosen}
                data-testid={`raise-mood-${option}`}
                onClick={() => {
                  setMood(option);
                  setMoodMissing(false);
                }}
                sx={{
                  cursor: 'pointer',
                  font: 'inherit',
                  color: 'text.primary',
                  textAlign: 'center',
                  p: { xs: 1.25, sm: 2 },
                  borderRadius: 3,
                  border: 2,
                  borderColor: chosen ? color : 'divider',
                  bgcolor: chosen ? `${color}22` : 'transparent',
                  transition: 'border-color 120ms, background-color 120ms',
                  '&:hover': { borderColor: color },
                  '&:focus-visible': { outline: `2px solid ${color}`, outlineOffset: 2 },
                }}
              >
                <Box
                  sx={{
                    mx: 'auto',
                    width: 44,
                    height: 44,
                    borderRadius: '50%',
                    display: 'grid',
                    placeItems: 'center',
                    bgcolor: chosen ? color : `${color}26`,
                    color: chosen ? '#0a0b0f' : color,
                  }}
                >
                  <Icon />
                </Box>
                <Typography sx={{ fontWeight: 700, mt: 1, fontSize: { xs: 14, sm: 16 } }}>
                  {t(`moods.${option}`)}
                </Typography>
                <Typography
                  variant="caption"
                  color="textSecondary"
                  sx={{ display: { xs: 'none', sm: 'block' }, lineHeight: 1.35, mt: 0.5 }}
                >
                  {t(`moodHints.${option}`)}
                </Typography>
              </Box>
            );
          })}
        </Box>
        {moodMissing && (
          <Typography color="error" variant="body2" sx={{ mt: 1 }} role="alert">
            {t('raise.moodRequired')}
          </Typography>
        )}

        <TextField
          label={t('raise.note')}
          placeholder={t('raise.notePlaceholder')}
          value={note}
          onChange={(e) => setNote(e.target.value.slice(0, HAND_NOTE_MAX_LENGTH))}
          fullWidth
          multiline
          minRows={2}
          sx={{ mt: 3 }}
          slotProps={{ htmlInput: { maxLength: HAND_NOTE_MAX_LENGTH, 'data-testid': 'raise-note' } }}
          helperText={
            <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
              <span>{t('raise.noteHelp')}</span>
              <span data-testid="raise-note-counter">
                {t('raise.noteCounter', { count: note.length, max: HAND_NOTE_MAX_LENGTH })}
              </span>
            </Box>
          }
        />

        <Typography id="raise-duration" variant="subtitle2" component="p" sx={{ mt: 2.5, mb: 1 }}>
          {t('raise.duration')}
        </Typography>
        <ToggleButtonGroup
          exclusive
          fullWidth
          value={duration}
          onChange={(_e, value: HandDurationHours | null) => value && setDuration(value)}
          aria-labelledby="raise-duration"
        >
          {HAND_DURATIONS_HOURS.map((hours) => (
            <ToggleButton key={hours} value={hours} data-testid={`raise-duration-${hours}`} sx={{ fontWeight: 600 }}>
              {t('raise.hours', { count: hours })}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>

        {error && error.code !== 'PROFILE_INCOMPLETE' && (
          <Alert severity="error" sx={{ mt: 2.5 }} data-testid="raise-error">
            {error.code === 'ADULTS_ONLY' ? t('raise.adultsOnly') : translateError(t, error)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5, gap: 1 }}>
        <Button onClick={close} color="inherit">
          {t('raise.cancel')}
        </Button>
        <Button
          variant="contained"
          size="large"
          onClick={submit}
          loading={raise.isPending}
          disabled={!position || needsProfile}
          startIcon={<PanToolIcon />}
          data-testid="raise-submit"
        >
          {t('raise.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
