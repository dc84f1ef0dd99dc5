import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/CheckRounded';
import { MEETING_DISTANCE_METERS, MEETING_MAX_GAP_SECONDS } from '@app/shared/constants';
import type { MeetingView } from '@app/shared/schemas/meet';
import { formatDuration } from '../lib/durations';

const STROKE = 14;
const TONE = { idle: 'text.secondary', together: 'success.main', apart: 'warning.main', met: 'success.main' } as const;
const RING = { idle: '#2f7bff', together: '#3ddc84', apart: '#f5a524', met: '#3ddc84' } as const;

/** The ring itself: a track and an arc filled to `share`, drawn in the status colour. */
function Ring({
  size,
  share,
  status,
  children,
}: {
  size: number;
  share: number;
  status: MeetingView['progress']['status'];
  children: ReactNode;
}) {
  const stroke = size < 120 ? 8 : STROKE;
  const radius = (size - stroke) / 2;
  const circumference = 2 * Math.PI * radius;
  return (
    <Box sx={{ position: 'relative', width: size, height: size, flexShrink: 0 }}>
      <svg width={size} height={size} viewBox={`0 0 ${size} ${size}`} aria-hidden>
        <Box
          component="circle"
          cx={size / 2}
          cy={size / 2}
          r={radius}
          fill="none"
          strokeWidth={stroke}
          sx={{ stroke: (theme) => (theme.vars ?? theme).palette.action.selected }}
        />
        {/* Nothing yet draws no arc: a round cap alone would be a stray dot. */}
        {share > 0 && (
          <Box
            component="circle"
            cx={size / 2}
            cy={size / 2}
            r={radius}
            fill="none"
            stroke={RING[status]}
            strokeWidth={stroke}
            strokeLinecap="round"
            strokeDasharray={circumference}
            strokeDashoffset={circumference * (1 - share)}
            transform={`rotate(-90 ${size / 2} ${size / 2})`}
            sx={{
              transition: 'stroke-dashoffset 900ms ease-out, stroke 400ms',
              '@media (prefers-reduced-motion: reduce)': { transition: 'none' },
            }}
          />
        )}
      </svg>
      <Stack sx={{ position: 'absolute', inset: 0, alignItems: 'center', justifyContent: 'center' }}>{children}</Stack>
    </Box>
  );
}

/**
 * The live count of time together: a ring that fills to the required minutes, and what to do now.
 * Once the meeting is counted it folds into one line, so the codes and the mint come up the screen.
 */
export function ProgressRing({
  progress,
  peerPresent,
  name,
  locating,
  confirmed,
  metAtText,
}: {
  progress: MeetingView['progress'];
  peerPresent: boolean;
  name: string;
  /** This device has not sent a position yet. */
  locating: boolean;
  /** Both confirmed each other's code. */
  confirmed: boolean;
  /** When the meeting was counted, formatted. */
  metAtText: string | null;
}) {
  const { t } = useTranslation(['meeting', 'common']);
  const { status, minutesTogether, requiredMinutes, progressMs, requiredMs } = progress;
  const met = status === 'met';
  const done = met ? requiredMinutes : minutesTogether;
  const share = met ? 1 : requiredMs > 0 ? Math.min(1, progressMs / requiredMs) : 0;
  const headline = met
    ? t('progress.status.met')
    : status === 'together'
      ? t('progress.status.together')
      : status === 'apart'
        ? t('progress.status.apart', { meters: MEETING_DISTANCE_METERS })
        : !peerPresent
          ? t('progress.status.waitingPeer', { name })
          : locating
            ? t('progress.status.locating')
            : t('progress.status.waitingFixes');
  const hint = met
    ? confirmed
      ? t('progress.hint.confirmed')
      : t('progress.hint.met')
    : status === 'together'
      ? t('progress.hint.together', { left: formatDuration(t, requiredMs - progressMs) })
      : status === 'apart'
        ? t('progress.hint.apart', { seconds: t('common:units.seconds', { count: MEETING_MAX_GAP_SECONDS }) })
        : t('progress.hint.idle', {
            meters: MEETING_DISTANCE_METERS,
            minutes: t('common:units.minutes', { count: requiredMinutes }),
          });

  const bar = {
    role: 'progressbar',
    'aria-valuemin': 0,
    'aria-valuemax': requiredMinutes,
    'aria-valuenow': done,
    'aria-valuetext': t('progress.aria', { done, count: requiredMinutes }),
    'aria-label': t('progress.label'),
  } as const;
  const text = (
    <>
      <Typography
        variant="h6"
        component="p"
        sx={{ color: TONE[status], fontWeight: 600, lineHeight: 1.3 }}
        data-testid="meeting-status-text"
        aria-live="polite"
      >
        {headline}
      </Typography>
      <Typography variant="body2" color="textSecondary" sx={{ mt: 0.5, maxWidth: 420, mx: met ? 0 : 'auto' }}>
        {hint}
      </Typography>
      {metAtText && (
        <Typography variant="caption" color="textSecondary" sx={{ display: 'block', mt: 0.5 }} data-testid="met-at">
          {t('progress.metAt', { date: metAtText })}
        </Typography>
      )}
    </>
  );

  if (met) {
    return (
      <Stack
        direction="row"
        spacing={2}
        sx={{ alignItems: 'center' }}
        data-testid="meeting-progress"
        data-status={status}
        data-minutes={done}
      >
        <Box {...bar}>
          <Ring size={84} share={1} status={status}>
            <CheckIcon sx={{ fontSize: 40, color: 'success.main' }} />
          </Ring>
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="caption" color="textSecondary" sx={{ display: 'block' }}>
            {t('progress.minutesDone', { count: requiredMinutes })}
          </Typography>
          {text}
        </Box>
      </Stack>
    );
  }

  return (
    <Stack
      spacing={2}
      sx={{ alignItems: 'center', textAlign: 'center' }}
      data-testid="meeting-progress"
      data-status={status}
      data-minutes={done}
    >
      <Box {...bar}>
        <Ring size={208} share={share} status={status}>
          <Typography
            sx={{ fontSize: 64, fontWeight: 700, lineHeight: 1, fontVariantNumeric: 'tabular-nums' }}
            data-testid="minutes-together"
          >
            {minutesTogether}
          </Typography>
          <Typography variant="body2" color="textSecondary" sx={{ mt: 0.75, maxWidth: 140 }}>
            {t('progress.ofMinutes', { count: requiredMinutes })}
          </Typography>
        </Ring>
      </Box>
      <Box>{text}</Box>
    </Stack>
  );
}
